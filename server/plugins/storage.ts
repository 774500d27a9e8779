import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live; local disk by default, an S3-compatible store can implement the same. */
export interface FileStorage {
  /**
   * Stores bytes under a generated key (never the uploader's file name) and returns the key. Several files that
   * belong together (the sizes of one picture) may share a generated `id`, told apart by their extensions.
   */
  put(bytes: Buffer, extension: string, id?: string): Promise<string>;
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/** Local-disk storage under UPLOAD_DIR; keys are checked so a crafted name cannot leave the folder. */
export function createLocalStorage(dir: string): FileStorage {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return join(dir, key);
  };
  return {
    async put(bytes, extension, id) {
      await mkdir(dir, { recursive: true });
      const key = `${id ?? randomUUID()}.${
        extension
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
          .slice(0, 8) || 'bin'
      }`;
      await writeFile(pathOf(key), bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      try {
        const info = await stat(pathOf(key));
        return { stream: createReadStream(pathOf(key)), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      if (KEY.test(key)) await rm(pathOf(key), { force: true });
    },
  };
}
