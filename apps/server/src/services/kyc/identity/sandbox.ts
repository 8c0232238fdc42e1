import { IdentityNotFound, IdentityUnavailable, type IdentityProvider, type IdentityRecord } from './provider.js';

/** The sandbox's person: what a number that matches returns (sign up as Ngozi Adebayo, born 1990-01-01). */
export const SANDBOX_PERSON: IdentityRecord = {
  firstName: 'NGOZI',
  middleName: 'CHIAMAKA',
  lastName: 'ADEBAYO',
  dateOfBirth: '1990-01-01',
};
const SOMEONE_ELSE: IdentityRecord = { firstName: 'EMEKA', middleName: null, lastName: 'OKAFOR', dateOfBirth: '1985-05-05' };

/**
 * The sandbox identity provider (the default), by the number's last digits, for a BVN or a NIN alike:
 *   ...00  someone else's number (a name mismatch)
 *   ...44  not found
 *   ...55  the provider is down
 *   any other number: SANDBOX_PERSON (a match for Ngozi Adebayo, 1990-01-01)
 */
export const SANDBOX_IDENTITY_NUMBERS = {
  match: '22200000001',
  mismatch: '22200000000',
  notFound: '22200000044',
  down: '22200000055',
} as const;

export const sandboxIdentityProvider: IdentityProvider = {
  async lookup(_kind, number) {
    if (number.endsWith('44')) throw new IdentityNotFound();
    if (number.endsWith('55')) throw new IdentityUnavailable('sandbox: down');
    return number.endsWith('00') ? SOMEONE_ELSE : SANDBOX_PERSON;
  },
};
