import type { AppAbility } from './ability';
import type { Principal } from './auth/authenticate';

/** Who is asking: the verified principal and the ability built from its rules. */
export interface Caller {
  readonly principal: Principal;
  readonly ability: AppAbility;
}
