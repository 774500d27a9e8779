import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSchema } from '../../common/schemas/community.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import type { S3Config } from '../../server/config.ts';
import { createS3Storage, UPLOAD_PART_BYTES, type S3Sender } from '../../server/plugins/storage-s3.ts';
import { createStorage, FileTooLargeError, STORAGE_KEY, type FileStorage } from '../../server/plugins/storage.ts';
import { createTestApp, makeSignedIn, type TestContext } from '../helpers/app.ts';

// the SDK's notice about future Node versions says nothing about this code
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// s3rver knows one account, S3RVER / S3RVER, and refuses any other access key
const BUCKET = 'cp-uploads';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let s3: S3Config;
let direct: S3Client;

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};
const listKeys = async () => ((await direct.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key);
const getObject = (Key: string) => direct.send(new GetObjectCommand({ Bucket: BUCKET, Key }));

beforeAll(async () => {
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: mkdtempSync(join(tmpdir(), 'cp-s3-')), configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  s3 = { bucket: BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, ...CREDENTIALS, prefix: '' };
  direct = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
});

afterAll(async () => {
  direct?.destroy();
  await server?.close();
});

describe('S3 storage', () => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = createS3Storage({ ...s3, prefix: 'tenant-a/uploads' });
  });

  it('stores bytes under a generated key, serves them back with their size, and removes them', async () => {
    const bytes = randomBytes(70_000);
    const key = await storage.put(bytes, 'JPG');
    expect(key).toMatch(STORAGE_KEY);
    expect(key.endsWith('.jpg')).toBe(true);

    const object = await getObject(`tenant-a/uploads/${key}`);
    expect(object.ContentType).toBe('image/jpeg');
    await readAll(object.Body as Readable);

    const got = await storage.get(key);
    expect(got?.size).toBe(bytes.length);
    expect((await readAll(got!.stream)).equals(bytes)).toBe(true);

    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    expect(await listKeys()).not.toContain(`tenant-a/uploads/${key}`);
    // removing what is already gone is not an error
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('keeps the uploader out of the key: an odd extension is cleaned, an empty one becomes bin', async () => {
    const odd = await storage.put(Buffer.from('x'), '../../ETC/pa sswd!');
    expect(odd).toMatch(/^[0-9a-f-]{36}\.etcpassw$/);
    const bare = await storage.put(Buffer.from('y'), '');
    expect(bare).toMatch(/^[0-9a-f-]{36}\.bin$/);
    expect((await getObject(`tenant-a/uploads/${bare}`)).ContentType).toBe('application/octet-stream');
    await storage.remove(odd);
    await storage.remove(bare);
  });

  it('answers null for a missing key', async () => {
    expect(await storage.get('00000000-0000-4000-8000-000000000000.jpg')).toBeNull();
  });

  it('refuses crafted keys without asking the store, so no object outside the prefix is read or deleted', async () => {
    // objects a crafted key would reach if it were passed through
    await direct.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'x', Body: 'secret' }));
    await direct.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'tenant-a/uploads/a/b', Body: 'secret' }));
    for (const key of ['../x', 'a/b', '../../x', '', 'x', '00000000-0000-4000-8000-000000000000.jpg/../../x', '%2e%2e/x']) {
      expect(await storage.get(key)).toBeNull();
      await storage.remove(key);
    }
    expect(await listKeys()).toEqual(expect.arrayContaining(['x', 'tenant-a/uploads/a/b']));
  });

  it('reports an unreachable store as an error, not as a missing file', async () => {
    const down = createS3Storage({ ...s3, endpoint: 'http://127.0.0.1:9', bucket: BUCKET });
    await expect(down.get('00000000-0000-4000-8000-000000000000.jpg')).rejects.toThrow();
  });

  it('reports wrong credentials as an error, not as a missing file', async () => {
    const wrong = createS3Storage({ ...s3, accessKeyId: 'NOT-AN-ACCOUNT' });
    await expect(wrong.put(Buffer.from('x'), 'jpg')).rejects.toThrow();
  });

  it('streams a small file in with one request, and keeps nothing past the size bound', async () => {
    const small = randomBytes(50_000);
    const one = await storage.putStream(Readable.from([small]), 'zip', 1_000_000);
    expect(one.size).toBe(small.length);
    expect(await readAll((await storage.get(one.key))!.stream)).toEqual(small);
    const before = await listKeys();
    await expect(storage.putStream(Readable.from([small, small]), 'zip', 60_000)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await listKeys()).toEqual(before);
    await storage.remove(one.key);
  });

  it('is what createStorage gives when the configuration names a bucket, and local disk otherwise', async () => {
    const uploadDir = mkdtempSync(join(tmpdir(), 'cp-up-'));
    const viaBucket = await createStorage({ uploadDir, s3 });
    const key = await viaBucket.put(Buffer.from('bucket'), 'png');
    expect(await listKeys()).toContain(key);
    expect(readdirSync(uploadDir)).toEqual([]);
    await viaBucket.remove(key);

    const local = await createStorage({ uploadDir });
    const localKey = await local.put(Buffer.from('disk'), 'png');
    expect(readdirSync(uploadDir)).toEqual([localKey]);
    expect(await listKeys()).not.toContain(localKey);
  });
});

describe('removing from a versioned bucket', () => {
  // s3rver keeps no versions, so a stand-in for the store answers the listing and records every call
  const KEY = '11111111-2222-4333-8444-555555555555.pdf';
  function fakeStore(listing: (input: Record<string, unknown>) => unknown) {
    const calls: Array<{ command: string; input: Record<string, unknown> }> = [];
    const sender = {
      send: (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
        calls.push({ command: command.constructor.name, input: command.input });
        if (command instanceof ListObjectVersionsCommand) return Promise.resolve(listing(command.input));
        return Promise.resolve(command.constructor.name === 'CreateMultipartUploadCommand' ? { UploadId: 'upload-1' } : { ETag: '"e"' });
      },
    } as unknown as S3Sender;
    return { calls, storage: createS3Storage({ ...s3, prefix: 'p' }, sender) };
  }

  it('deletes every version and delete marker of the key by its id, over several pages, and nothing of another key', async () => {
    const { calls, storage } = fakeStore((input) =>
      input.KeyMarker
        ? { Versions: [{ Key: `p/${KEY}`, VersionId: 'v1' }], IsTruncated: false }
        : {
            Versions: [
              { Key: `p/${KEY}`, VersionId: 'v3' },
              { Key: `p/${KEY}`, VersionId: 'v2' },
              { Key: `p/${KEY}x`, VersionId: 'other' },
            ],
            DeleteMarkers: [{ Key: `p/${KEY}`, VersionId: 'm1' }],
            IsTruncated: true,
            NextKeyMarker: `p/${KEY}`,
            NextVersionIdMarker: 'v2',
          },
    );
    await storage.remove(KEY);
    expect(calls[0]).toMatchObject({ command: 'ListObjectVersionsCommand', input: { Bucket: BUCKET, Prefix: `p/${KEY}` } });
    const deletes = calls.filter((c) => c.command === 'DeleteObjectCommand').map((c) => c.input);
    expect(deletes).toEqual(['v3', 'v2', 'm1', 'v1'].map((VersionId) => ({ Bucket: BUCKET, Key: `p/${KEY}`, VersionId })));
  });

  it('streams a large file in parts of a fixed size, and abandons the upload when it passes the size bound', async () => {
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(1024 * 1024, 7)); // 20 MiB
    const ok = fakeStore(() => ({}));
    const stored = await ok.storage.putStream(Readable.from(chunks), 'zip', 25 * 1024 * 1024);
    expect(stored.size).toBe(20 * 1024 * 1024);
    const names = ok.calls.map((c) => c.command);
    expect(names).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'UploadPartCommand', 'UploadPartCommand', 'CompleteMultipartUploadCommand']);
    const sizes = ok.calls.filter((c) => c.command === 'UploadPartCommand').map((c) => c.input.ContentLength);
    expect(sizes).toEqual([UPLOAD_PART_BYTES, UPLOAD_PART_BYTES, 20 * 1024 * 1024 - 2 * UPLOAD_PART_BYTES]);

    const big = fakeStore(() => ({}));
    await expect(big.storage.putStream(Readable.from(chunks), 'zip', 10 * 1024 * 1024)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(big.calls.map((c) => c.command)).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'AbortMultipartUploadCommand']);
  });

  it('falls back to a plain delete when the store keeps no versions or cannot list them', async () => {
    const none = fakeStore(() => ({ IsTruncated: false }));
    await none.storage.remove(KEY);
    expect(none.calls.filter((c) => c.command === 'DeleteObjectCommand').map((c) => c.input)).toEqual([{ Bucket: BUCKET, Key: `p/${KEY}` }]);

    const refusing = fakeStore(() => {
      throw new S3ServiceException({ name: 'NotImplemented', $fault: 'server', $metadata: { httpStatusCode: 501 } });
    });
    await refusing.storage.remove(KEY);
    expect(refusing.calls.filter((c) => c.command === 'DeleteObjectCommand').map((c) => c.input)).toEqual([{ Bucket: BUCKET, Key: `p/${KEY}` }]);
  });
});

describe('community post images in an S3 bucket', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { s3: { ...s3, prefix: 'posts' }, uploadDir: mkdtempSync(join(tmpdir(), 'cp-up-')) } });
  });
  afterAll(() => ctx?.close());

  it('stores an uploaded picture in the bucket, not in UPLOAD_DIR, and serves it to members from there', async () => {
    const author = await makeSignedIn(ctx);
    const reader = await makeSignedIn(ctx);
    const input = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 60 } } })
      .jpeg()
      .toBuffer();
    const boundary = `----cpform${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nA picture in the bucket\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nStored outside the server.\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      input,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await author.api.post('/api/community-posts', { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(201);
    const post = postSchema.parse(res.json());
    expect(post.imageUrl).toBe(`/api/community-posts/${post.id}/image`);

    const keys = (await listKeys()).filter((k) => k?.startsWith('posts/'));
    expect(keys).toHaveLength(1);
    const [objectKey] = keys as string[];
    expect(objectKey).toMatch(/^posts\/[0-9a-f-]{36}\.jpg$/);
    expect(readdirSync(ctx.config.uploadDir)).toEqual([]);

    const image = await reader.api.get(post.imageUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const stored = await readAll((await getObject(objectKey)).Body as Readable);
    expect(image.rawPayload.equals(stored)).toBe(true);
    expect(Number(image.headers['content-length'])).toBe(stored.length);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(64);
  });

  it('answers 404 when the object has gone from the bucket, and 500 (not 404) when the store cannot be reached', async () => {
    const { user, api } = await makeSignedIn(ctx);
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const bucketStore = createS3Storage({ ...s3, prefix: 'posts' });
    const gone = await makePost(ctx.db, { author: user, image, storage: bucketStore });
    const [objectKey] = (await listKeys()).filter((k) => k !== undefined && k.startsWith('posts/') && !k.endsWith('.jpg')) as string[];
    await direct.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: objectKey }));
    expect((await api.get(`/api/community-posts/${gone.id}/image`)).statusCode).toBe(404);

    const down = await createTestApp({ config: { s3: { ...s3, endpoint: 'http://127.0.0.1:9', prefix: 'posts' } } });
    try {
      const member = await makeSignedIn(down);
      const post = await makePost(down.db, { author: member.user, image, storage: bucketStore });
      const res = await member.api.get(`/api/community-posts/${post.id}/image`);
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('internal');
    } finally {
      await down.close();
    }
  });
});
