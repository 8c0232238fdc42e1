/**
 * This device as the server knows it (docs/kyc.md, "New devices"): a random id kept in
 * localStorage and a name people recognise. A login from a device not used before waits for a
 * code texted to the phone. Without storage (a private window that blocks it) the id is kept for
 * this page's life only, so the code is asked again next time.
 */
const KEY = 'owo.device';
let fallback: string | null = null;

function randomId(): string {
  // getRandomValues works outside secure contexts too (randomUUID does not, on a plain-http LAN address).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function deviceId(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept) return kept;
    const made = randomId();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return (fallback ??= randomId());
  }
}

const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\/|Opera/, 'Opera'],
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'Chromebook'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Android", from the browser's user agent; "This browser" when it says nothing known. */
export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'This browser';
}

/** The headers a login carries. */
export const deviceHeaders = (): Record<string, string> => ({
  'X-Device-Id': deviceId(),
  'X-Device-Name': deviceName(typeof navigator === 'undefined' ? '' : navigator.userAgent),
});
