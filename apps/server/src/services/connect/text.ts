/**
 * Hashtags and @mentions in a post's text. A tag is letters, digits and underscores after `#`
 * (stored lower-case, without the #); a mention is a nickname after `@`. Neither counts inside a
 * word (an email address is no mention).
 */
const TAG = /(?:^|[^\p{L}\p{N}_&])#([\p{L}\p{N}_]{1,40})/gu;
const MENTION = /(?:^|[^\p{L}\p{N}_.@])@([A-Za-z0-9_.]{2,30})/gu;

export function hashtagsOf(text: string, extra: readonly string[] = []): string[] {
  const tags = [...text.matchAll(TAG)].map((m) => m[1]!);
  const all = [...tags, ...extra.map((t) => t.replace(/^#/, ''))]
    .map((t) => t.toLowerCase())
    .filter((t) => /^[\p{L}\p{N}_]{1,40}$/u.test(t));
  return [...new Set(all)].slice(0, 20);
}

export function mentionsOf(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((m) => m[1]!.replace(/\.+$/, '').toLowerCase()))].slice(0, 20);
}
