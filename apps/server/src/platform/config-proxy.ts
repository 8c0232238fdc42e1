import { isIP } from 'node:net';
import { z } from 'zod';

// TRUST_PROXY, read by config.ts: which proxies may set the client address.

/**
 * Which proxies may set the client address (`X-Forwarded-For`), in the form Fastify's `trustProxy`
 * takes: `false` (none: the address is the connection's), `true` (any: every client can choose its
 * own address), a list of proxy addresses and CIDRs, or a trust function.
 */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** proxy-addr's named ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, an address/prefix-length CIDR, an IPv4 address/netmask, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash === -1) return isIP(entry) !== 0;
  const [addr, range] = [entry.slice(0, slash), entry.slice(slash + 1)];
  const family = isIP(addr);
  if (family === 0) return false;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isNetmask(range);
}

/** A dotted IPv4 netmask: ones then zeros (255.255.240.0). */
function isNetmask(mask: string): boolean {
  if (isIP(mask) !== 4) return false;
  const bits = mask.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
  const inverted = 2 ** 32 - 1 - bits;
  return (inverted & (inverted + 1)) === 0;
}

/**
 * TRUST_PROXY: unset, empty or `false` trusts no proxy; `true` trusts any; a whole number is a hop
 * count (that many proxies in front, whatever their addresses); anything else a comma list of proxy
 * addresses and CIDRs. Fastify itself no longer honours a bare hop count (it ignores the header), so
 * a count becomes a trust function here.
 */
export const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const v = (raw ?? '').trim();
    if (v === '' || v.toLowerCase() === 'false') return false;
    if (v.toLowerCase() === 'true') return true;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops === 0) return false;
      if (hops > 100) {
        ctx.addIssue({ code: 'custom', message: `TRUST_PROXY hop count ${v} is not plausible (at most 100)` });
        return z.NEVER;
      }
      return (_address: string, hop: number) => hop < hops;
    }
    const entries = v.split(',').map((s) => s.trim());
    const bad = entries.filter((s) => !isProxyAddress(s));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be true, false, a hop count (e.g. 1) or a comma list of proxy addresses/CIDRs (e.g. 10.0.0.1,172.16.0.0/12); not understood: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });
