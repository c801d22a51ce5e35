// The words of the parts a scan renders again (the Sale screen's rows, totals, notice, key legend),
// kept once said. i18next's t() builds every string anew (it copies its options and the instance's,
// resolves the key over namespaces and languages, interpolates), and react-i18next's useTranslation
// does work of its own at each render of each component that asks: a heap profile of scans into a
// 20-line sale put ~96 KB a scan under t() and ~38 KB under useTranslation, of ~280 KB, mostly words
// that were the same as the scan before (issue 35, point 6: the minor GCs in its answer -> paint).
// Here a namespace's t in a language is made once, and what it says for a key and the same plain
// values is handed out again; a component asking for the words still renders again when the language
// changes, as with useTranslation.
import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { i18n, NAMESPACES, preferredLanguages } from './index.ts';

type Namespace = (typeof NAMESPACES)[number];

/** Most sayings kept per language and namespace; past it they are forgotten and said again. */
const KEPT_MAX = 1000;

/** One kept t per language and namespace. */
const made = new Map<string, TFunction<Namespace>>();
/**
 * The OS's languages the kept words were said under: an amount or a date in a saying follows their
 * region (renderer/i18n/index.ts), so a change forgets every saying.
 */
let madeUnder: readonly string[] | undefined;

/** `ns`'s words in the screens' language now, for code outside components (the store). */
export function wordsOf<N extends Namespace>(ns: N): TFunction<N> {
  return keptIn(i18n.language, ns);
}

/** `ns`'s words in the screens' language, for a component: it renders again when the language changes. */
export function useWords<N extends Namespace>(ns: N): TFunction<N> {
  return keptIn(useSyncExternalStore(followLanguage, screensLanguage), ns);
}

function followLanguage(changed: () => void): () => void {
  i18n.on('languageChanged', changed);
  return () => i18n.off('languageChanged', changed);
}

function screensLanguage(): string {
  return i18n.language;
}

function keptIn<N extends Namespace>(language: string, ns: N): TFunction<N> {
  const preferred = preferredLanguages();
  if (preferred !== madeUnder) {
    made.clear();
    madeUnder = preferred;
  }
  const id = `${language}:${ns}`;
  let t = made.get(id);
  if (t === undefined) {
    t = keeping(i18n.getFixedT<Namespace>(language, ns));
    made.set(id, t);
  }
  return t as TFunction<N>;
}

/** `t`, keeping what it says for a key alone or with plain values (text, numbers, yes/no). */
function keeping(t: TFunction<Namespace>): TFunction<Namespace> {
  const said = new Map<string, string>();
  // i18next's overloads typed away: what passes through is what the caller's typed t accepted.
  const saidBy = t as unknown as (...args: unknown[]) => unknown;
  const say = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    const id = rest.length === 0 ? sayingId(key, options) : undefined;
    if (id === undefined) return saidBy(key, options, ...rest);
    const kept = said.get(id);
    if (kept !== undefined) return kept;
    const text = saidBy(key, options);
    if (typeof text !== 'string') return text;
    if (said.size >= KEPT_MAX) said.clear();
    said.set(id, text);
    return text;
  };
  // What i18next's fixed t carries (its language and namespace): Trans reads its namespace there.
  return Object.assign(say, t);
}

/**
 * What tells one saying from another: the key, and each value's name, kind and text (the text's
 * length first, so no text can pass for another value); undefined for a call that is not kept (a
 * key that is no string, options that are no object or hold a value that is not plain).
 */
function sayingId(key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null || Object.getPrototypeOf(options) !== Object.prototype)
    return undefined;
  let id = key;
  const values = options as Record<string, unknown>;
  // for...in, not Object.entries: no array per call (a plain object has no inherited keys).
  for (const name in values) {
    const value = values[name];
    const kind = typeof value;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean' && kind !== 'undefined')
      return undefined;
    const text = String(value);
    id += `\u0000${name}\u0000${kind}${String(text.length)}:${text}`;
  }
  return id;
}
