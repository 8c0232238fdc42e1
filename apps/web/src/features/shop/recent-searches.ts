// The searches made on this device, newest first (kept in localStorage, never sent anywhere).

const KEY = 'owo.shop.recentSearches';
const MAX = 8;

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

export function recentSearches(): string[] {
  try {
    const v: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(q: string): void {
  const t = q.trim();
  if (!t) return;
  const next = [t, ...recentSearches().filter((x) => x.toLowerCase() !== t.toLowerCase())].slice(0, MAX);
  try {
    storage()?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or off: the search still runs.
  }
}

export function clearSearches(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
