// A value built the first time it is used, not when its module loads: the zod schemas of the
// contract and of the stored rows (a few hundred of them) cost a restarted till tens of
// milliseconds before its first barcode when all are built at import, and that first barcode uses
// a handful (issue 36, point 3). Each schema stays a zod schema, parsed at every boundary as before.
//
// `lazy(() => z.object({...}))` stands for the schema itself: a Proxy that builds it at its first
// touch (a parse, a property, a method, being put into another schema and parsed there) and then
// forwards everything to it. So call sites are written as for the schema (`X.parse(v)`,
// `z.object({ x: X })`, `X.optional()`, `X.shape`, `z.infer<typeof X>`) and a schema that refers to
// another builds that one only when it is itself built.

let generation = 0;

/**
 * Every value lazy() has built is built anew at its next use. The core calls it once after a start
 * (main/core/start-parsers.ts): schemas built then, for the first barcode, without compiled parsers
 * are built again with them.
 */
export function rebuildLazy(): void {
  generation++;
}

/** `build()`'s value, built at the first use of the returned stand-in and forwarded to after. */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  let builtIn = -1;
  const real = (): T => {
    if (built === undefined || builtIn !== generation) {
      built = build();
      builtIn = generation;
    }
    return built;
  };
  // The proxy's own target stays an empty object: every trap answers from the built value. A
  // property the built value holds as non-configurable is reported configurable (the target lacks
  // it, and a proxy may not report such a property non-configurable).
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
