import { isValidPhoneNumber, type MetadataJson } from 'libphonenumber-js/core';
import nigeria from './phone-metadata-ng.json';

/**
 * Full validation of a Nigerian number (libphonenumber-js) with Nigeria's metadata alone
 * (scripts/phone-metadata.mjs writes it), not every country's.
 */
export const isValidNigerianPhone = (input: string): boolean => isValidPhoneNumber(input, 'NG', nigeria as unknown as MetadataJson);
