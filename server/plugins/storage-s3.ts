import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Config } from '../config.ts';
import { contentTypeOfKey } from '../lib/images.ts';
import { newStorageKey, STORAGE_KEY, type FileStorage } from './storage.ts';

export type S3StorageOptions = Omit<S3Config, 'prefix'> & { prefix?: string };

/** A missing object: S3 says NoSuchKey, some compatible stores only answer 404 (or NotFound). */
function isMissing(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'NoSuchKey' || err.name === 'NotFound') return true;
  return err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;
}

/**
 * Storage in a bucket of any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, …). Keys are made and
 * checked exactly as on local disk; objects are private (no ACL is sent, so the bucket's own policy applies and
 * nothing is made public) and are served only through the app.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // checksums only where the API demands them: many S3-compatible stores refuse the newer default ones
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // a store that stops answering fails the request instead of holding it open
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const Bucket = options.bucket;
  const objectKey = (key: string) => `${prefix}${key}`;

  return {
    async put(bytes, extension, id) {
      const key = newStorageKey(extension, id);
      if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentTypeOfKey(key) ?? 'application/octet-stream',
        }),
      );
      return key;
    },
    async get(key) {
      if (!STORAGE_KEY.test(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!(out.Body instanceof Readable) || out.ContentLength === undefined) {
          if (out.Body instanceof Readable) out.Body.destroy();
          throw new Error('the S3 store answered without a body or its length');
        }
        return { stream: out.Body, size: out.ContentLength };
      } catch (err) {
        // only a missing object is "not found": an unreachable or refusing store is an error, not a 404
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      if (STORAGE_KEY.test(key)) await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
