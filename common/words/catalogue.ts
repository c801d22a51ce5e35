// What a catalogue is: one namespace's messages, flat keys (keySeparator is off, so a key may read
// like a sentence's name), i18next's interpolation `{{name}}` and plural suffixes (`_one`, `_few`,
// `_many`, `_other`: which ones a language needs is Intl.PluralRules' answer, checked by
// catalogues.test.ts). English is the source: the other languages must have each of its keys.

/** The plural categories i18next appends to a key (`count` picks one through Intl.PluralRules). */
export type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** A key without its plural suffix. */
type BaseKey<K> = K extends `${infer B}_${PluralSuffix}` ? B : K;

/**
 * A translation of the English namespace `E`: every plain key, every plural key in the target
 * language's own categories (the test checks which), nothing else.
 */
export type Translation<E> = {
  readonly [K in keyof E as K extends `${string}_${PluralSuffix}` ? never : K]: string;
} & {
  readonly [
    K in keyof E as K extends `${string}_${PluralSuffix}` ? `${BaseKey<K & string>}_${PluralSuffix}` : never
  ]?: string;
};
