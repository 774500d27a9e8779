import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSchema } from '../../common/schemas/community.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import type { S3Config } from '../../server/config.ts';
import { createS3Storage } from '../../server/plugins/storage-s3.ts';
import { createStorage, STORAGE_KEY, type FileStorage } from '../../server/plugins/storage.ts';
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
