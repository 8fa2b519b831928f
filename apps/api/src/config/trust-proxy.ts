import net from 'node:net';
import { z } from 'zod';

/**
 * Which proxies' `X-Forwarded-For` the server believes (docs/decisions/026): none, the last `hops` entries
 * (as many proxies as stand in front of it), or proxies at the addresses listed. Never "any": a client
 * that writes its own header would pick the address the rate limits count, and a sign-in cap per address
 * would stop no one.
 */
export type TrustedProxies = false | { hops: number } | { addresses: string[] };

/** Named ranges proxy-addr (Fastify's) understands: 127.0.0.0/8 and ::1, 169.254.0.0/16 and fe80::/10, private networks. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;
const WHAT_TO_WRITE =
  'write how many proxies stand in front of the server (TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8 or 10.0.1.5,10.0.1.6)';

/** `10.0.1.5`, `10.0.0.0/8`, `fd00::/8` or a named range; undefined when fine, else what is wrong with it. */
function addressProblem(entry: string): string | undefined {
  if (NAMED_RANGES.has(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) {
    return `"${entry}" is neither a number of proxies nor an IP address or CIDR range (10.0.0.0/8)`;
  }
  if (prefix === undefined) return undefined;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (!(bits <= (version === 4 ? 32 : 128))) return `"${entry}" has no valid prefix length`;
  // Proxies sit in one network: a range wider than a /8 (IPv4) or fc00::/7 (IPv6; ::ffff:0:0/96 is
  // every IPv4 address) takes in the public internet, and with it any client's own X-Forwarded-For.
  const widest = version === 4 ? 8 : address.toLowerCase().startsWith('::ffff:') ? 104 : 7;
  if (bits < widest)
    return `"${entry}" takes in public addresses, which trusts any X-Forwarded-For; ${WHAT_TO_WRITE}`;
  return undefined;
}

export const trustProxySetting = z
  .string()
  .optional()
  .transform((value, context): TrustedProxies => {
    const text = (value ?? '').trim().toLowerCase();
    if (text === '' || text === 'false' || text === '0' || text === 'no') return false;
    if (text === 'true' || text === 'yes') {
      context.addIssue({
        code: 'custom',
        message: `"${text}" trusts any X-Forwarded-For, which every client can write; ${WHAT_TO_WRITE}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= MAX_HOPS) return { hops };
      context.addIssue({ code: 'custom', message: `at most ${MAX_HOPS} proxies; ${WHAT_TO_WRITE}` });
      return z.NEVER;
    }
    const addresses = text.split(',').map((entry) => entry.trim());
    const problems = addresses.map(addressProblem).filter((problem) => problem !== undefined);
    for (const message of problems) context.addIssue({ code: 'custom', message });
    return problems.length > 0 ? z.NEVER : { addresses };
  });

/**
 * Fastify's `trustProxy` for the setting. A hop count is a function of our own: Fastify 5 no longer takes a
 * number, because the nearest "proxy" is then whoever connects, which is safe only when nothing but the
 * proxies can reach the server (docs/operations.md says so where it offers the count).
 */
export function fastifyTrustProxy(
  trusted: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trusted === false) return false;
  if ('addresses' in trusted) return trusted.addresses;
  return (_address, hop) => hop < trusted.hops;
}
