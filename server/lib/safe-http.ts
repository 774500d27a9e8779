import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Requests to addresses other people chose (webhook receivers), made so they cannot reach inside our network: a
 * name is resolved once, every address it gives must be public unicast, and the connection uses only those vetted
 * addresses (so a DNS change between check and connect cannot slip through). A literal IP is checked directly,
 * since Node skips the lookup for it. Redirects are not followed, the whole exchange has a time limit, and only the
 * start of the answer is kept (docs/decisions/0043-queue-webhooks-and-api-tokens.md, section 4).
 */

export const SAFE_HTTP_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_BYTES = 1024;

/** Loopback receivers and `http:` are admitted only when this is set (tests, never in production). */
export interface SafeHttpOptions {
  allowLoopback: boolean;
  timeoutMs?: number;
}

/** A refusal to connect: the address is not a public one. */
export class RefusedAddressError extends Error {
  readonly code = 'EADDRREFUSED';
}

type Resolver = (
  hostname: string,
  options: { all: true; family?: number | 'IPv4' | 'IPv6' },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);
let resolver: Resolver = systemResolver;

/** Replaces name resolution (tests: a name that resolves to 127.0.0.1); with no argument, back to the system's. */
export function setResolverForTests(next?: Resolver): void {
  resolver = next ?? systemResolver;
}

/** Whether an address may be connected to: public unicast only (or loopback, when allowed). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** The host as an address when it is written as one (`[::1]` → `::1`), else null. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/**
 * Why an address may not be registered, or null when its form is acceptable: https only, no user name or password,
 * no fragment, the default port or 443/8443, no private, loopback or link-local address written as a number, and
 * not `localhost`. A name that does not resolve yet is accepted: where it points is checked at every delivery.
 */
export function refusedUrlReason(raw: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full https:// address.';
  }
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) return 'The address must start with https://.';
  if (url.username || url.password) return 'Leave the user name and password out of the address.';
  if (url.hash) return 'Leave the # part out of the address.';
  if (!allowLoopback && url.port && url.port !== '443' && url.port !== '8443') return 'Use the standard https port (443, or 8443).';
  const host = url.hostname.toLowerCase();
  const literal = literalAddress(host);
  if (literal) return isAllowedAddress(literal, allowLoopback) ? null : 'The address must be a public one, not a private or local network address.';
  if (!allowLoopback && (host === 'localhost' || host.endsWith('.localhost'))) return 'The address must be a public one, not this machine.';
  return null;
}

/** The lookup every connection uses: resolve all addresses, refuse unless each is allowed, connect only to them. */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname, { all: true, ...(options.family ? { family: options.family } : {}) }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.length === 0 || addresses.some((a) => !isAllowedAddress(a.address, allowLoopback));
      if (refused) return callback(new RefusedAddressError(`${hostname} does not resolve to a public address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface SafeResponse {
  statusCode: number;
  /** At most the first 1,024 bytes of the answer, as text. */
  excerpt: string;
}

/** Posts a body to a receiver under the rules above; rejects when refused, unreachable or too slow. */
export function safePost(rawUrl: string, body: string, headers: Record<string, string>, opts: SafeHttpOptions): Promise<SafeResponse> {
  const url = new URL(rawUrl);
  const refused = refusedUrlReason(rawUrl, opts.allowLoopback);
  if (refused) return Promise.reject(new RefusedAddressError(refused));
  const client = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // a fresh connection each time (no pooled socket to another host) and no proxy taken from the environment
        agent: false,
        lookup: guardedLookup(opts.allowLoopback),
        signal: AbortSignal.timeout(opts.timeoutMs ?? SAFE_HTTP_TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          resolve({ statusCode: response.statusCode ?? 0, excerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8') });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // enough of the answer: the rest is never read
          if (size >= RESPONSE_EXCERPT_BYTES) finish();
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
