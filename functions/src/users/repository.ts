/**
 * Moved to core/users (the user module every area shares). This file only keeps the auth
 * area's imports working until that area is migrated: import from core/users instead.
 */
export { contactStatuses, type ContactStatus, type UserRecord, type UserSettings } from '../core/users/records';
export { roleIndexKeys, userEntity } from '../core/users/entities';
export {
  getUserById,
  getUserByPhone,
  getUserIdByReferralCode,
  newReferralCode,
  updatePasswordHash,
} from '../core/users/repository';
export { createUser } from '../core/users/service';
