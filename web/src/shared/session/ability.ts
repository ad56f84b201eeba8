import { buildAbility, type AbilityRule, type AppAbility } from '@orbit/functions/core/ability';
import { getSession, subscribeToSession, type StoredAbilityRule } from './session-store';

/**
 * The CASL ability of the signed-in user, built from the stored userAbilityRules and kept in step
 * with the session (sign-in, refresh, sign-out, other tabs). The guard and the navigation read it.
 */
// The server defines the rules with these same types; stored JSON carries plain strings.
const asAbilityRules = (rules: readonly StoredAbilityRule[]): AbilityRule[] => rules as AbilityRule[];

export const ability: AppAbility = buildAbility(asAbilityRules(getSession().userAbilityRules));

subscribeToSession(() => {
  ability.update(asAbilityRules(getSession().userAbilityRules));
});
