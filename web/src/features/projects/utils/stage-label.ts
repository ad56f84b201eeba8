import type { i18n as I18n, ParseKeys, TFunction } from 'i18next';
import { stagesFor, type ProjectType } from '@orbit/functions/projects/contract';

/**
 * A stage's name in the reader's language; an unknown stage key shows as itself. The names are
 * in the list's translations (projects.stages), so the board, the project form and the "New
 * project" menu say the same words.
 */
export const stageLabel = (t: TFunction, i18n: I18n, key: string): string => {
  const translationKey = `projects.stages.${key}`;
  return i18n.exists(translationKey) ? t(translationKey as ParseKeys) : key;
};

/** A project type's stages, in order, as the board names them. */
export const stageNamesOf = (t: TFunction, i18n: I18n, type: ProjectType): string[] =>
  stagesFor(type).map((stage) => stageLabel(t, i18n, stage.key));
