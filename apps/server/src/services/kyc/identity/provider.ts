/** What an identity registry (NIBSS for a BVN, NIMC for a NIN) holds about a number. */
export type IdentityRecord = { firstName: string; middleName: string | null; lastName: string; dateOfBirth: string };

export type IdentityKind = 'bvn' | 'nin';

/** The number is not in the registry. */
export class IdentityNotFound extends Error {
  constructor() {
    super('identity not found');
  }
}
/** The provider could not answer (down, timed out, refused our key). */
export class IdentityUnavailable extends Error {
  constructor(reason: string) {
    super(`identity provider unavailable: ${reason}`);
  }
}

/**
 * An identity provider: looks a BVN or a NIN up. It throws IdentityNotFound or
 * IdentityUnavailable; it never logs the number.
 */
export interface IdentityProvider {
  lookup(kind: IdentityKind, number: string): Promise<IdentityRecord>;
}
