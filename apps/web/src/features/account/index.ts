/** What other features use of the account area: the session and the signed-in person's profile. */
export { useAuth } from './auth-store';
export { profileKey, useProfile } from './use-profile';
