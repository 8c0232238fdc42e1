import type { ConnectUser } from '@owo/contracts';

const rtf = new Intl.RelativeTimeFormat('en-NG', { numeric: 'auto', style: 'short' });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "now", "5 min. ago", "3 hr. ago", "2 days ago"; older than a week, the date. */
export function timeAgo(iso: string, now = Date.now()): string {
  let diff = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(diff) < 45) return 'now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(diff) < size) return rtf.format(Math.round(diff), unit);
    diff /= size;
  }
  return new Date(iso).toLocaleDateString('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
}

export const fullName = (u: Pick<ConnectUser, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();
export const handle = (u: Pick<ConnectUser, 'nickName'>) => (u.nickName ? `@${u.nickName}` : null);
export const profilePath = (id: string) => `/connect/people/${id}`;

/** "Liked by Tunde", "Liked by Tunde and Ada", "Liked by Tunde and 41 others". */
export function likedByLine(likedBy: ReadonlyArray<Pick<ConnectUser, 'firstName'>>, count: number): string | null {
  if (count === 0 || likedBy.length === 0) return null;
  const first = likedBy[0]!.firstName;
  if (count === 1) return `Liked by ${first}`;
  if (count === 2 && likedBy[1]) return `Liked by ${first} and ${likedBy[1].firstName}`;
  return `Liked by ${first} and ${count - 1} ${count - 1 === 1 ? 'other' : 'others'}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;
