import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectVersionsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Config } from '../config.ts';
import { contentTypeOfKey } from '../lib/images.ts';
// eslint-disable-next-line import-x/no-cycle -- the S3 store is loaded lazily by storage.ts only when configured, after storage.ts has loaded
import { FileTooLargeError, newStorageKey, STORAGE_KEY, type FileStorage } from './storage.ts';

/** A streamed upload is sent in parts of this size (S3's minimum is 5 MiB): at most one part is held in memory. */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;

/** The one method of the S3 client the storage uses, so a test can stand in for the store. */
export type S3Sender = Pick<S3Client, 'send'>;

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
export function createS3Storage(options: S3StorageOptions, sender?: S3Sender): FileStorage {
  const client: S3Sender =
    sender ??
    new S3Client({
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

  /** Every version id of one key, delete markers included; none when the store does not list versions. */
  async function versionsOf(Key: string): Promise<string[]> {
    const ids: string[] = [];
    let KeyMarker: string | undefined;
    let VersionIdMarker: string | undefined;
    try {
      for (;;) {
        const out = await client.send(new ListObjectVersionsCommand({ Bucket, Prefix: Key, KeyMarker, VersionIdMarker }));
        for (const v of [...(out.Versions ?? []), ...(out.DeleteMarkers ?? [])]) if (v.Key === Key && v.VersionId) ids.push(v.VersionId);
        if (!out.IsTruncated) return ids;
        KeyMarker = out.NextKeyMarker;
        VersionIdMarker = out.NextVersionIdMarker;
      }
    } catch (err) {
      // a store without versioning support refuses the listing: the plain delete is then the whole of it
      if (err instanceof S3ServiceException && [400, 404, 405, 501].includes(err.$metadata.httpStatusCode ?? 0)) return [];
      if (err instanceof Error && (err.name === 'NotImplemented' || err.name === 'MethodNotAllowed')) return [];
      throw err;
    }
  }

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
    async putStream(stream, extension, maxBytes) {
      const key = newStorageKey(extension);
      if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
      const Key = objectKey(key);
      const ContentType = contentTypeOfKey(key) ?? 'application/octet-stream';
      let size = 0;
      let held: Buffer[] = [];
      let heldBytes = 0;
      let UploadId: string | undefined;
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      const sendPart = async () => {
        const PartNumber = parts.length + 1;
        const out = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: Buffer.concat(held), ContentLength: heldBytes }));
        parts.push({ ETag: out.ETag, PartNumber });
        held = [];
        heldBytes = 0;
      };
      try {
        for await (const chunk of stream) {
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          size += bytes.length;
          if (size > maxBytes) throw new FileTooLargeError(maxBytes);
          held.push(bytes);
          heldBytes += bytes.length;
          if (heldBytes >= UPLOAD_PART_BYTES) {
            UploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }))).UploadId;
            await sendPart();
          }
        }
        if (!UploadId) {
          // small enough for one request
          await client.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.concat(held), ContentLength: heldBytes, ContentType }));
        } else {
          if (heldBytes) await sendPart();
          await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
        }
        return { key, size };
      } catch (err) {
        stream.destroy();
        // the parts sent so far are discarded, not left to be billed
        if (UploadId) await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
        throw err;
      }
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
      if (!STORAGE_KEY.test(key)) return;
      const Key = objectKey(key);
      // in a versioned bucket a plain delete only hides the object behind a delete marker: every version (and
      // marker) of the key is deleted by its id, so a removed file (an erased member's CV) is really gone
      const versions = await versionsOf(Key);
      for (const VersionId of versions) await client.send(new DeleteObjectCommand({ Bucket, Key, VersionId }));
      if (!versions.length) await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
