import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got: its path, headers and raw body. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 (tests allow loopback receivers): it keeps every request and answers with the
 * next status of `answers` (200 once they run out), `location` going with a 3xx.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers: { status: number; location?: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? { status: 200 };
      res.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      res.end(answer.status >= 400 ? 'receiver failed '.repeat(200) : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    answers,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    /** The bodies received at a path, parsed. */
    bodies: (path = '/hook') =>
      received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as { id: string; type: string; timestamp: string; data: Record<string, unknown> }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
