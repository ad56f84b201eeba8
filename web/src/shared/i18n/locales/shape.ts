/**
 * What a French or Arabic part must provide: the keys of its English part, every leaf a string.
 * Each fr/ar part is typed `TranslationShape<typeof en>` against its English part, so a missing
 * (or extra) key fails typecheck; i18n.test.ts checks the same at run time, with placeholders.
 */
export type TranslationShape<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : TranslationShape<T[K]>;
};
