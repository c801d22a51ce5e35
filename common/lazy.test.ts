// A lazy schema (common/lazy.ts) is built at its first use, once, and then is the zod schema in
// every way the code uses one: parsed, put into other schemas, extended, its shape read, checked
// with instanceof, its errors the same.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazy, rebuildLazy } from './lazy.ts';

/** A lazy schema and how many times it was built. */
function counted<T extends object>(build: () => T): { value: T; builds: () => number } {
  let builds = 0;
  const value = lazy(() => {
    builds++;
    return build();
  });
  return { value, builds: () => builds };
}

describe('lazy', () => {
  it('builds nothing until used, then once', () => {
    const item = counted(() => z.object({ id: z.number().int(), name: z.string() }));
    // Put into another lazy schema, and that one named: still nothing built.
    const list = counted(() => z.object({ items: z.array(item.value) }));
    expect([item.builds(), list.builds()]).toEqual([0, 0]);
    expect(list.value.parse({ items: [{ id: 1, name: 'a', extra: true }] })).toEqual({
      items: [{ id: 1, name: 'a' }],
    });
    list.value.parse({ items: [] });
    item.value.parse({ id: 2, name: 'b' });
    expect([item.builds(), list.builds()]).toEqual([1, 1]);
  });

  it('is the schema to every use: errors, methods, shape, instanceof, keys', () => {
    const eager = z.object({ id: z.number().int(), note: z.string().optional() }).strict();
    const { value: stand } = counted(() =>
      z.object({ id: z.number().int(), note: z.string().optional() }).strict(),
    );
    const bad = { id: 1.5, other: 1 };
    expect(stand.safeParse(bad).error?.issues).toEqual(eager.safeParse(bad).error?.issues);
    expect(() => stand.parse(bad)).toThrow(z.ZodError);
    expect(stand).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(stand.shape)).toEqual(['id', 'note']);
    expect(stand.keyof().options).toEqual(['id', 'note']);
    expect(stand.extend({ more: z.boolean() }).parse({ id: 1, more: true })).toEqual({ id: 1, more: true });
    expect(stand.nullable().parse(null)).toBeNull();
    expect(z.union([stand, z.string()]).parse('x')).toBe('x');
    expect(
      z.discriminatedUnion('kind', [lazy(() => z.object({ kind: z.literal('a') }))]).parse({ kind: 'a' }),
    ).toEqual({
      kind: 'a',
    });
  });

  it('stands for a plain object of schemas too', () => {
    const schemas = counted(() => ({ a: z.string(), b: z.number() }));
    expect(schemas.builds()).toBe(0);
    expect(Object.hasOwn(schemas.value, 'a')).toBe(true);
    expect(Object.keys(schemas.value)).toEqual(['a', 'b']);
    expect(schemas.value.b.parse(2)).toBe(2);
    expect(schemas.builds()).toBe(1);
  });

  it('is built again at its next use after rebuildLazy, and is the same stand-in', () => {
    const item = counted(() => z.object({ id: z.number().int() }));
    const list = counted(() => z.object({ items: z.array(item.value) }));
    expect(list.value.parse({ items: [{ id: 1 }] })).toEqual({ items: [{ id: 1 }] });
    expect([item.builds(), list.builds()]).toEqual([1, 1]);
    rebuildLazy();
    // Nothing built until used again; then each once more, and parsed as before.
    expect([item.builds(), list.builds()]).toEqual([1, 1]);
    expect(() => list.value.parse({ items: [{ id: 1.5 }] })).toThrow(z.ZodError);
    list.value.parse({ items: [] });
    expect([item.builds(), list.builds()]).toEqual([2, 2]);
  });
});
