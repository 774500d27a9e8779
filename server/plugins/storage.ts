import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';

/** Where uploaded files live; local disk by default, an S3-compatible store can implement the same. */
export interface FileStorage {
  /**
   * Stores bytes under a generated key (never the uploader's file name) and returns the key. Several files that
   * belong together (the sizes of one picture) may share a generated `id`, told apart by their extensions.
   */
  put(bytes: Buffer, extension: string, id?: string): Promise<string>;
  /**
   * Stores a stream under a generated key without holding it in memory (a file written as it comes; an S3
   * multipart upload a part at a time). Past `maxBytes` it stops with `FileTooLargeError` and keeps nothing.
   */
  putStream(stream: Readable, extension: string, maxBytes: number): Promise<{ key: string; size: number }>;
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

/** A stream given to `putStream` went past its size bound; nothing was kept. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/** Passes a stream through, failing with FileTooLargeError once more than `maxBytes` went by; `size()` is the count so far. */
export function sizeBound(maxBytes: number) {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) done(new FileTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  return { stream, size: () => size };
}

/** Every storage key: a random UUID and a short extension, nothing a client chose; both back ends check it. */
export const STORAGE_KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/**
 * A fresh key for a file with this extension (lower-cased, letters and digits only, at most 8; `bin` if none is
 * left), under a new random id or a generated `id` shared by files that belong together.
 */
export function newStorageKey(extension: string, id: string = randomUUID()): string {
  return `${id}.${
    extension
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 8) || 'bin'
  }`;
}

/** The configured back end: an S3-compatible bucket when S3_BUCKET is set, else local disk under UPLOAD_DIR. */
export async function createStorage(config: Pick<Config, 'uploadDir' | 's3'>): Promise<FileStorage> {
  if (!config.s3) return createLocalStorage(config.uploadDir);
  // loaded only when used: the local default does not pay for the S3 client
  // eslint-disable-next-line import-x/no-cycle -- loaded lazily, only when an S3 bucket is configured
  const { createS3Storage } = await import('./storage-s3.ts');
  return createS3Storage(config.s3);
}

/** Local-disk storage under UPLOAD_DIR; keys are checked so a crafted name cannot leave the folder. */
export function createLocalStorage(dir: string): FileStorage {
  const pathOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    return join(dir, key);
  };
  return {
    async put(bytes, extension, id) {
      await mkdir(dir, { recursive: true });
      const key = newStorageKey(extension, id);
      await writeFile(pathOf(key), bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    async putStream(stream, extension, maxBytes) {
      await mkdir(dir, { recursive: true });
      const key = newStorageKey(extension);
      const bound = sizeBound(maxBytes);
      try {
        await pipeline(stream, bound.stream, createWriteStream(pathOf(key), { flags: 'wx', mode: 0o600 }));
      } catch (err) {
        await rm(pathOf(key), { force: true });
        throw err;
      }
      return { key, size: bound.size() };
    },
    async get(key) {
      if (!STORAGE_KEY.test(key)) return null;
      try {
        const info = await stat(pathOf(key));
        return { stream: createReadStream(pathOf(key)), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      if (STORAGE_KEY.test(key)) await rm(pathOf(key), { force: true });
    },
  };
}
