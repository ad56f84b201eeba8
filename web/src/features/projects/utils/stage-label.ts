import type { i18n as I18n, ParseKeys, TFunction } from 'i18next';

/** A stage's name in the reader's language; an unknown stage key shows as itself. */
export const stageLabel = (t: TFunction, i18n: I18n, key: string): string => {
  const translationKey = `project.stages.${key}`;
  return i18n.exists(translationKey) ? t(translationKey as ParseKeys) : key;
};
