import type { IdentityRecord } from './provider.js';

/**
 * Whether the name a person gave us is the name a registry holds, as Nigerian names are written:
 *  - order does not matter (registries often put the surname first);
 *  - the registry may hold middle names the profile leaves out, and every name in the profile must
 *    be one of the registry's (a profile's extra name is not matched);
 *  - an initial ("C.") matches a name with that first letter;
 *  - case, accents (Adébáyọ̀), hyphens, apostrophes and dots do not matter;
 *  - common spellings are one name: doubled letters (Abdullahi/Abdulahi, Yusuff), a final h
 *    (Fatimah), ee/i (Ibraheem), ph/f (Yusuph), th/t (Uthman), the Oluwa- prefix (Oluwaseun/Seun)
 *    and the listed variants (Mohammed/Muhammad, Usman/Uthman, Aishat/Aisha...).
 * At least two names must match, surname included in them.
 */
export function namesMatch(profile: { firstName: string; lastName: string }, record: IdentityRecord): boolean {
  const given = [...words(profile.firstName), ...words(profile.lastName)];
  const held = [...words(record.firstName), ...words(record.middleName ?? ''), ...words(record.lastName)];
  if (given.length < 2 || held.length < 2) return false;
  const surnames = words(profile.lastName);
  const recordSurnames = words(record.lastName);
  // The surname (in full, not an initial) must be one of the registry's names.
  if (!surnames.some((s) => s.length > 1 && held.some((h) => same(s, h)))) return false;
  if (!recordSurnames.some((s) => given.some((g) => g.length > 1 && same(g, s)))) return false;
  // Every name given matches a distinct name held (full names first, then initials).
  const left = [...held];
  const order = [...given].sort((a, b) => b.length - a.length);
  for (const g of order) {
    const i = left.findIndex((h) => same(g, h));
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return given.filter((g) => g.length > 1).length >= 2;
}

/** A date of birth matches only exactly (YYYY-MM-DD). */
export const datesMatch = (a: string, b: string) => a.trim() === b.trim();

/** Lower case, accents off, apostrophes closed up (O'Neill), split on anything else not a letter. */
export function words(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.]+(?=[a-z])/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean);
}

const VARIANTS: string[][] = [
  ['muhammad', 'mohammed', 'mohammad', 'muhammed', 'mohamed', 'muhamad', 'mohamad', 'muhd', 'mohd'],
  ['usman', 'uthman', 'othman', 'osman'],
  ['aisha', 'aishat', 'aishatu', 'ayesha', 'aishah'],
  ['fatima', 'fatimat', 'fatimatu', 'fatimah'],
  ['ahmad', 'ahmed'],
  ['abubakar', 'abubakr', 'abubakkar'],
  ['yusuf', 'yusuph', 'yussuf', 'yusufu', 'yussuph'],
  ['ibrahim', 'ibraheem', 'ibrahima'],
  ['chukwuemeka', 'emeka'],
  ['chinedu', 'nedu'],
  ['oluwatobi', 'tobi'],
  ['olumide', 'mide'],
  ['babatunde', 'tunde'],
  ['olufunmilayo', 'funmilayo', 'funmi'],
  ['oluwakemi', 'kemi'],
  ['elizabeth', 'eliza'],
];
const CANON = new Map(VARIANTS.flatMap((group) => group.map((v) => [key(v), key(group[0]!)] as const)));

/** A spelling-free key: digraphs, doubled letters and a final h folded, the Oluwa- prefix off. */
function key(w: string): string {
  let k = w
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/ee/g, 'i')
    .replace(/(.)\1+/g, '$1');
  if (k.length > 3 && k.endsWith('h')) k = k.slice(0, -1);
  if (k.startsWith('oluwa') && k.length > 7) k = k.slice(5);
  return k;
}

function same(a: string, b: string): boolean {
  if (a.length === 1 || b.length === 1) return a[0] === b[0];
  const ka = key(a);
  const kb = key(b);
  return ka === kb || (CANON.get(ka) ?? ka) === (CANON.get(kb) ?? kb);
}
