/**
 * What a French or Arabic part must provide: the keys of its English part, every leaf a string.
 * Each fr/ar part is typed `TranslationShape<typeof en>` against its English part, so a missing
 * (or extra) key fails typecheck; i18n.test.ts checks the same at run time, with placeholders.
 *
 * Plurals are i18next's plural keys (`comments_one`, `comments_other`, …): where English has
 * `x_other`, a language may (and, per its plural rules, must: i18n.test.ts) add the other forms
 * it needs (French `x_many`, Arabic `x_zero`, `x_two`, `x_few`, `x_many`).
 */
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type PluralBases<T> = { [K in keyof T]: K extends `${infer Base}_other` ? Base : never }[keyof T];

export type TranslationShape<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : TranslationShape<T[K]>;
} & { readonly [K in `${PluralBases<T> & string}_${PluralForm}`]?: string };
