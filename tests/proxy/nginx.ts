import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '../helpers/processes.ts';

/** The nginx the machine has (Debian installs it outside a normal user's PATH), or null. */
export function findNginx(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    const probe = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

/** Whether the openssl command is there to make the test's certificate. */
export function hasOpenssl(): boolean {
  return spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;
}

/** A self-signed certificate for 127.0.0.1, valid for a day: nginx serves it, the test's clients trust it. */
export function makeCertificate(dir: string): { cert: string; key: string; pem: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'];
  const made = spawnSync('openssl', [...args, '-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']);
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr.toString()}`);
  return { cert, key, pem: readFileSync(cert, 'utf8') };
}

export interface ProxyPorts {
  http: number;
  /** Both instances, balanced: the deployed server block as it is. */
  balanced: number;
  /** The same server block, its upstream only instance A (then B): to know which instance a client reaches. */
  onlyA: number;
  onlyB: number;
}

/** The HTTPS server block of deploy/nginx.conf: from its `server {` line to the `}` that closes it. */
function httpsServerBlock(conf: string): string {
  const lines = conf.split('\n');
  const listen = lines.findIndex((l) => l.includes('{{HTTPS_LISTEN}}'));
  let start = listen;
  while (start > 0 && lines[start] !== 'server {') start -= 1;
  let end = listen;
  while (end < lines.length && lines[end] !== '}') end += 1;
  if (start <= 0 || end >= lines.length) throw new Error('deploy/nginx.conf has no HTTPS server block at the top level');
  return lines.slice(start, end + 1).join('\n');
}

/**
 * deploy/nginx.conf with its placeholders filled in, followed by two copies of its HTTPS server block that each
 * reach one instance only (their own upstream, same directives), wrapped in a main configuration that runs
 * unprivileged in the foreground with every path under `dir`. The access log names the instance(s) each
 * request went to.
 */
export function writeNginxConfig(dir: string, o: { ports: ProxyPorts; instanceA: number; instanceB: number; cert: string; key: string }): string {
  const deployed = readFileSync(join(repoRoot, 'deploy', 'nginx.conf'), 'utf8');
  const fill = (text: string, https: number) =>
    text
      .replaceAll('{{INSTANCE_1}}', `127.0.0.1:${o.instanceA}`)
      .replaceAll('{{INSTANCE_2}}', `127.0.0.1:${o.instanceB}`)
      .replaceAll('{{HTTP_LISTEN}}', `127.0.0.1:${o.ports.http}`)
      .replaceAll('{{HTTPS_LISTEN}}', `127.0.0.1:${https}`)
      .replaceAll('{{SERVER_NAME}}', '127.0.0.1')
      .replaceAll('{{TLS_CERTIFICATE}}', o.cert)
      .replaceAll('{{TLS_CERTIFICATE_KEY}}', o.key);
  const block = httpsServerBlock(deployed);
  if (!block.includes('proxy_pass http://chief_partners;')) throw new Error('the HTTPS server block of deploy/nginx.conf does not proxy_pass to chief_partners');
  const pinned = (name: string, port: number, instance: number) =>
    [
      `upstream ${name} {`,
      `    server 127.0.0.1:${instance};`,
      '    keepalive 4;',
      '    keepalive_timeout 4s;',
      '}',
      fill(block, port).replace('proxy_pass http://chief_partners;', `proxy_pass http://${name};`),
    ].join('\n');
  const site = [fill(deployed, o.ports.balanced), pinned('chief_partners_a', o.ports.onlyA, o.instanceA), pinned('chief_partners_b', o.ports.onlyB, o.instanceB)];
  writeFileSync(join(dir, 'chief-partners.conf'), site.join('\n\n'));

  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp), { recursive: true });
  const main = [
    // as root, nginx would hand its workers to "nobody", who cannot read this directory
    process.getuid?.() === 0 ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  client_body_temp_path ${join(dir, 'client_body')};`,
    `  proxy_temp_path ${join(dir, 'proxy')};`,
    `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
    `  scgi_temp_path ${join(dir, 'scgi')};`,
    '  log_format upstreams \'$server_port $request_method $request_uri $status "$upstream_addr" $upstream_status\';',
    `  access_log ${join(dir, 'access.log')} upstreams;`,
    `  include ${join(dir, 'chief-partners.conf')};`,
    '}',
  ];
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, main.join('\n') + '\n');
  return file;
}

/** Starts nginx in the foreground as a child of the test; resolves once every port accepts connections. */
export async function startNginx(nginx: string, dir: string, conf: string, ports: number[]): Promise<{ child: ChildProcess; output: () => string }> {
  const check = spawnSync(nginx, ['-t', '-e', join(dir, 'error.log'), '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);
  let output = '';
  const child = spawn(nginx, ['-e', join(dir, 'error.log'), '-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 15_000;
  for (const port of ports) {
    while (!(await accepts(port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${output}\n${errorLog(dir)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { child, output: () => output };
}

export function errorLog(dir: string): string {
  const file = join(dir, 'error.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Whether something accepts TCP connections on the port now. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface AccessLine {
  port: number;
  method: string;
  uri: string;
  status: number;
  /** Every instance nginx tried for the request, in order ("127.0.0.1:port"). */
  upstreams: string[];
}

/** The requests nginx has logged so far. */
export function accessLog(dir: string): AccessLine[] {
  const file = join(dir, 'access.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^(\d+) (\S+) (\S+) (\d+) "([^"]*)"/.exec(line);
      if (!m) throw new Error(`unexpected access log line: ${line}`);
      return { port: Number(m[1]), method: m[2], uri: m[3], status: Number(m[4]), upstreams: m[5] === '-' ? [] : m[5].split(/, | : /) };
    });
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The address the client connects from (any of 127.0.0.0/8): what nginx sees as the client's address. */
  from?: string;
}

/** One HTTPS request to nginx on a fresh connection, trusting the test's certificate. */
export function send(ca: string, port: number, path: string, o: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port, path, method: o.method ?? 'GET', headers: o.headers, ca, agent: false, localAddress: o.from }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}
