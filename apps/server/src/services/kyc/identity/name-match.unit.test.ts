import { describe, expect, it } from 'vitest';
import { namesMatch } from './name-match.js';
import { normaliseDate } from './http-provider.js';

const rec = (firstName: string, middleName: string | null, lastName: string) => ({
  firstName,
  middleName,
  lastName,
  dateOfBirth: '1990-01-01',
});

// [profile first, profile last, registry first, middle, last, match?, why]
const CASES: [string, string, string, string | null, string, boolean, string][] = [
  ['Ngozi', 'Adebayo', 'NGOZI', 'CHIAMAKA', 'ADEBAYO', true, 'the registry holds a middle name the profile leaves out'],
  ['Adebayo', 'Ngozi', 'NGOZI', 'CHIAMAKA', 'ADEBAYO', true, 'first name and surname swapped'],
  ['Chiamaka', 'Adebayo', 'NGOZI', 'CHIAMAKA', 'ADEBAYO', true, 'the profile uses the middle name as first name'],
  ['Ngozi C.', 'Adebayo', 'NGOZI', 'CHIAMAKA', 'ADEBAYO', true, 'a middle initial'],
  ['Ngozi', 'Adébáyọ̀', 'NGOZI', null, 'ADEBAYO', true, 'Yoruba tone marks'],
  ['Mohammed', 'Bello', 'MUHAMMAD', 'SANI', 'BELLO', true, 'Mohammed and Muhammad'],
  ['Aishat', 'Usman', 'AISHA', null, 'UTHMAN', true, 'Aishat/Aisha and Usman/Uthman'],
  ['Fatimah', 'Abdullahi', 'FATIMA', null, 'ABDULAHI', true, 'a final h and a doubled letter'],
  ['Ibraheem', 'Yusuff', 'IBRAHIM', null, 'YUSUPH', true, 'ee/i, ff/f and ph/f'],
  ['Seun', 'Ogunleye', 'OLUWASEUN', 'DAVID', 'OGUNLEYE', true, 'the Oluwa- prefix left off'],
  ['Emeka', 'Okafor', 'CHUKWUEMEKA', 'JOHN', 'OKAFOR', true, 'Emeka for Chukwuemeka'],
  ['Tunde', 'Bakare-Johnson', 'BABATUNDE', null, 'BAKARE JOHNSON', true, 'a hyphenated surname'],
  ['Ifeoma', "O'Neill", 'IFEOMA', null, 'ONEILL', true, 'an apostrophe'],
  ['Ngozi', 'Okafor', 'NGOZI', 'CHIAMAKA', 'ADEBAYO', false, 'another surname'],
  ['Emeka', 'Adebayo', 'NGOZI', 'CHIAMAKA', 'ADEBAYO', false, 'another first name'],
  ['Ngozi Amaka', 'Adebayo', 'NGOZI', null, 'ADEBAYO', false, 'a name the registry does not hold'],
  ['N.', 'Adebayo', 'NGOZI', null, 'ADEBAYO', false, 'only an initial for a first name'],
  ['Ngozi', 'A.', 'NGOZI', null, 'ADEBAYO', false, 'only an initial for a surname'],
  ['Ngozi', 'Chiamaka', 'NGOZI', 'CHIAMAKA', 'ADEBAYO', false, 'the registry’s surname missing from the profile'],
  ['Aisha', 'Bello', 'FATIMA', null, 'BELLO', false, 'two different Hausa first names'],
];

describe('Nigerian name matching', () => {
  it.each(CASES)('%s %s against %s %s %s: %s (%s)', (first, last, rf, rm, rl, expected) => {
    expect(namesMatch({ firstName: first, lastName: last }, rec(rf, rm, rl))).toBe(expected);
  });
});

describe('registry dates', () => {
  it.each([
    ['1990-01-31', '1990-01-31'],
    ['31-01-1990', '1990-01-31'],
    ['31/01/1990', '1990-01-31'],
    ['31-Jan-1990', '1990-01-31'],
    ['1990-01-31T00:00:00Z', '1990-01-31'],
  ])('%s reads as %s', (raw, iso) => {
    expect(normaliseDate(raw)).toBe(iso);
  });
});
