import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ErrorCode } from '../../common/errors.ts';

/** A well-formed id that no row has: answers 404 where an id is looked up. */
export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** Asserts an answer is the one error shape of the API (docs/ARCHITECTURE.md) with this status and code. */
export function expectError(res: LightMyRequestResponse, status: number, code: ErrorCode) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  expect(Object.keys(body.error).every((k) => ['code', 'message', 'issues'].includes(k))).toBe(true);
  return body.error as { code: string; message: string; issues?: Array<{ path: string; message: string }> };
}

/**
 * Paths inside a JSON value that look like a password or its hash: a key naming a password, or any string
 * holding an argon2 PHC hash. An empty list means the value is safe to send.
 */
export function findSecrets(value: unknown, path = '$'): string[] {
  if (typeof value === 'string') return value.includes('$argon2') ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => findSecrets(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(/pass(word)?|pwd|hash/i.test(k) ? [`${path}.${k}`] : []), ...findSecrets(v, `${path}.${k}`)]);
  }
  return [];
}

/** Replaces every `:param` of a route pattern with a well-formed id, so the request reaches the route. */
export function concreteUrl(pattern: string, id = NO_SUCH_ID): string {
  return pattern.replace(/:[A-Za-z0-9_]+/g, id);
}

/**
 * Sends raw bytes to a listening server and answers the status code and body; for request shapes inject()
 * cannot produce (an absolute-form target such as 'GET http://host/api/x HTTP/1.1').
 */
export async function rawHttp(port: number, requestText: string): Promise<{ status: number; body: string }> {
  const { connect } = await import('node:net');
  const text: string = await new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(requestText));
    let data = '';
    socket.on('data', (c) => (data += c));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  const [head, ...rest] = text.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body: rest.join('\r\n\r\n') };
}
