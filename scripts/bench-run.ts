// The benchmark's means of measuring: autocannon runs, processes started and stopped, sign-in.
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { SCALE_PASSWORD } from '../server/db/seed/scale.ts';

export const CONNECTIONS = 50;

export interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts (autocannon's 10 s) included. */
  errors: number;
  non2xx: number;
  /** A list: compared with the list baseline rather than the DB baseline. */
  list?: boolean;
  /** A write or sign-in: not held to the read latency target. */
  write?: boolean;
}

export interface RunOptions {
  seconds: number;
  connections?: number;
  /** Seconds of the same load, not recorded, before each measurement (every pooled connection has its statements prepared). */
  warmSeconds?: number;
}

export function run(url: string, o: RunOptions, opts: Partial<autocannon.Options> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: o.connections ?? CONNECTIONS, duration: o.seconds, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

/** A warm-up run of the same load (when asked for), then the measured run. */
export async function measure(url: string, o: RunOptions, opts: Partial<autocannon.Options> = {}): Promise<autocannon.Result> {
  if (o.warmSeconds) await run(url, { ...o, seconds: o.warmSeconds }, opts);
  return run(url, o, opts);
}

export function toResult(label: string, name: string, r: autocannon.Result, extra: Pick<Result, 'list' | 'write'> = {}): Result {
  const row = { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, ...extra };
  console.log(`${label}: ${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}`);
  return row;
}

async function waitHealthy(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never became healthy`);
}

export async function startProcess(args: string[], env: NodeJS.ProcessEnv, health: string, nodeFlags: string[] = []) {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitHealthy(health, child);
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return {
    stop: () =>
      new Promise<void>((r) => {
        if (child.exitCode !== null) return r();
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

/** Runs a command to its end, its output passed through; rejects when it fails. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

export async function login(base: string, username: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: SCALE_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
