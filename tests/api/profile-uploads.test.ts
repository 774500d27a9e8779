import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_IMAGE_ERRORS } from '../../common/constants/community.ts';
import { CV_ERRORS } from '../../common/schemas/profile.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import { UPLOAD_LIMIT, UPLOAD_LIMIT_MESSAGE } from '../../server/services/profile-files.ts';
import { createTestApp, makeSignedIn, makeUser, openSession, reloadUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

let ctx: TestContext;
let owner: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let master: SignedIn;

interface Upload {
  bytes: Buffer;
  filename: string;
  type: string;
}

/** A multipart/form-data body as a browser's FormData sends it: one file in the named field. */
function multipart(field: string, file: Upload) {
  const boundary = `----cpform${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const uploadPicture = (who: SignedIn, file: Upload) => who.api.post('/api/auth/upload-profile-picture', multipart('profilePicture', file));
const uploadCv = (who: SignedIn, file: Upload) => who.api.post('/api/auth/upload-cv', multipart('cv', file));

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 110, b: 190 } } });

/** A photograph as a phone takes it: JPEG with camera, owner and GPS EXIF, stored sideways (orientation 6). */
const exifJpeg = () =>
  solid(300, 200)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'LeakyCam', Model: 'Spy 3000', Copyright: 'SecretOwner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();

/** A ZIP archive of stored (uncompressed) entries, as a word processor writes a .docx. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const docx = () =>
  zip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/></w:body></w:document>',
  });
const pdf = (text = 'Curriculum vitae') => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
/** An OLE2 compound file whose directory names a WordDocument stream (a Word 97-2003 file, as far as its bytes go). */
const doc = () => {
  const bytes = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0);
  Buffer.from('WordDocument', 'utf16le').copy(bytes, 1024);
  return bytes;
};

const storedFiles = async () => (await readdir(ctx.config.uploadDir).catch(() => [] as string[])).sort();

beforeAll(async () => {
  ctx = await createTestApp({ config: { login: { maxPerAccount: 3, maxPerIp: 1000, windowMs: 15 * 60_000 } } });
  owner = await makeSignedIn(ctx);
  other = await makeSignedIn(ctx);
  admin = await makeSignedIn(ctx, { role: 'admin' });
  master = await makeSignedIn(ctx, { role: 'master-admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/auth/upload-profile-picture and GET /api/users/:id/picture', () => {
  it('stores a photo as square WebP at 64, 256 and 512 px without its EXIF, served to members with a long cache', async () => {
    const input = await exifJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const { user } = userEnvelopeSchema.parse((await uploadPicture(owner, { bytes: input, filename: 'me.jpg', type: 'image/jpeg' })).json());
    expect(user.profilePicture).toMatch(new RegExp(`^/api/users/${owner.user.id}/picture\\?size=256&v=[0-9a-f-]{36}$`));
    expect((await owner.api.getOk(userEnvelopeSchema, '/api/auth/me')).user.profilePicture).toBe(user.profilePicture);

    for (const size of [64, 256, 512]) {
      const res = await other.api.get(user.profilePicture!.replace('size=256', `size=${size}`));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif, meta.icc]).toEqual(['webp', size, size, undefined, undefined]);
      for (const secret of ['SecretOwner', 'LeakyCam', 'Exif']) expect(res.rawPayload.includes(Buffer.from(secret)), secret).toBe(false);
    }
    // without the current version the answer is not kept
    const unversioned = await other.api.get(`/api/users/${owner.user.id}/picture`);
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.headers['cache-control']).toBe('private, no-cache');
    expectError(await other.api.get(`/api/users/${owner.user.id}/picture?size=100`), 400, 'validation_failed');
    expectError(await other.api.get(`/api/users/${other.user.id}/picture`), 404, 'not_found');
    expectError(await client(ctx.app).get(user.profilePicture!), 401, 'unauthorized');
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    expectError(await client(ctx.app, await openSession(ctx, pending.id)).get(user.profilePicture!), 403, 'forbidden');
  });

  it('accepts PNG, GIF and WebP, and removes the previous files when the picture is replaced', async () => {
    const who = await makeSignedIn(ctx);
    const before = await storedFiles();
    let previous: string | null = null;
    for (const [bytes, filename, type] of [
      [await solid(40, 30).png().toBuffer(), 'a.png', 'image/png'],
      [await solid(40, 30).gif().toBuffer(), 'b.gif', 'image/gif'],
      [await solid(900, 700).webp().toBuffer(), 'c.webp', 'image/webp'],
    ] as const) {
      const res = await uploadPicture(who, { bytes, filename, type });
      expect(res.statusCode, res.body).toBe(200);
      const url = userEnvelopeSchema.parse(res.json()).user.profilePicture!;
      expect(url).not.toBe(previous);
      const added = (await storedFiles()).filter((f) => !before.includes(f));
      const id = new URL(url, 'http://x').searchParams.get('v');
      expect(added.sort()).toEqual([`${id}.w256`, `${id}.w512`, `${id}.w64`]);
      // the replaced picture's address now shows the new picture, and is not kept for good
      if (previous) expect((await who.api.get(previous)).headers['cache-control']).toBe('private, no-cache');
      previous = url;
    }
  });

  it('refuses a PHP script, an HTML file named .png, and an SVG by their bytes; nothing is stored', async () => {
    const files: Upload[] = [
      { bytes: Buffer.from('<?php system($_GET["cmd"]); ?>'), filename: 'shell.jpg', type: 'image/jpeg' },
      { bytes: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'), filename: 'page.png', type: 'image/png' },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>'), filename: 'logo.svg', type: 'image/svg+xml' },
      { bytes: pdf(), filename: 'cv.png', type: 'image/png' },
    ];
    const who = await makeSignedIn(ctx);
    const stored = await storedFiles();
    for (const file of files) {
      const res = await uploadPicture(who, file);
      expectError(res, 415, 'unsupported_media_type');
      expect(res.json().error).toMatchObject({ message: POST_IMAGE_ERRORS.badType, issues: [{ path: 'profilePicture', message: POST_IMAGE_ERRORS.badType }] });
    }
    expect(await storedFiles()).toEqual(stored);
    expect((await reloadUser(ctx.db, who.user.id)).profilePicture).toBeNull();
  });

  it('refuses an image over 5 MB with 413 and the size message', async () => {
    const big = await sharp({ create: { width: 1500, height: 1400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await uploadPicture(owner, { bytes: big, filename: 'huge.png', type: 'image/png' });
    expectError(res, 413, 'payload_too_large');
    expect(res.json().error.message).toBe(POST_IMAGE_ERRORS.tooLarge);
  });

  it('refuses a file in another field, an empty form and a JSON body', async () => {
    const png = await solid(10, 10).png().toBuffer();
    expectError(await owner.api.post('/api/auth/upload-profile-picture', multipart('image', { bytes: png, filename: 'a.png', type: 'image/png' })), 400, 'bad_request');
    expectError(
      await owner.api.post('/api/auth/upload-profile-picture', multipart('profilePicture', { bytes: Buffer.alloc(0), filename: 'a.png', type: 'image/png' })),
      400,
      'validation_failed',
    );
    expectError(await owner.api.post('/api/auth/upload-profile-picture', { body: { profilePicture: 'https://example.org/a.png' } }), 415, 'unsupported_media_type');
  });

  it('is refused without a session (401), to a pending account (403), and across sites (403)', async () => {
    const file = { bytes: await solid(10, 10).png().toBuffer(), filename: 'a.png', type: 'image/png' };
    expectError(await client(ctx.app).post('/api/auth/upload-profile-picture', multipart('profilePicture', file)), 401, 'unauthorized');
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    expectError(await client(ctx.app, await openSession(ctx, pending.id)).post('/api/auth/upload-profile-picture', multipart('profilePicture', file)), 403, 'forbidden');
    const form = multipart('profilePicture', file);
    expectError(await owner.api.post('/api/auth/upload-profile-picture', { ...form, headers: { ...form.headers, 'sec-fetch-site': 'cross-site' } }), 403, 'forbidden');
  });
});

describe('POST /api/auth/upload-cv and GET /api/users/:id/cv', () => {
  it('stores a PDF under a generated key and serves it as a download to its owner and administrators only', async () => {
    const who = await makeSignedIn(ctx);
    const bytes = pdf('Ada Lovelace');
    const res = await uploadCv(who, { bytes, filename: 'Ada Lovelace CV.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const { user } = userEnvelopeSchema.parse(res.json());
    expect(user.cvUrl).toMatch(new RegExp(`^/api/users/${who.user.id}/cv\\?v=[0-9a-f-]{36}$`));
    for (const reader of [who, admin, master]) {
      const file = await reader.api.get(user.cvUrl!);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      expect(file.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="cv.pdf"',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'no-store',
      });
    }
    // the path without the version reaches the same file
    expect((await who.api.get(`/api/users/${who.user.id}/cv`)).statusCode).toBe(200);
    expectError(await other.api.get(user.cvUrl!), 404, 'not_found');
    expectError(await client(ctx.app).get(user.cvUrl!), 401, 'unauthorized');
    expectError(await who.api.get(`/api/users/${other.user.id}/cv`), 404, 'not_found');
  });

  it('accepts a .docx and a PDF by their bytes, names the download by the detected type, and removes the replaced file', async () => {
    const who = await makeSignedIn(ctx);
    const before = await storedFiles();
    for (const [bytes, filename, ext, type] of [
      [docx(), 'cv.docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      // the name does not decide: a PDF called .docx is a PDF
      [pdf(), 'cv.docx', 'pdf', 'application/pdf'],
    ] as const) {
      const res = await uploadCv(who, { bytes, filename, type: 'application/octet-stream' });
      expect(res.statusCode, res.body).toBe(200);
      const url = userEnvelopeSchema.parse(res.json()).user.cvUrl!;
      const file = await who.api.get(url);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="cv.${ext}"`);
      const id = new URL(url, 'http://x').searchParams.get('v');
      expect((await storedFiles()).filter((f) => !before.includes(f))).toEqual([`${id}.${ext}`]);
    }
  });

  it('refuses a text file named cv.pdf, other archives and OLE2 files, an image and a script; nothing is stored', async () => {
    const who = await makeSignedIn(ctx);
    const stored = await storedFiles();
    const files: Upload[] = [
      { bytes: Buffer.from('This is my CV, honest.\n'), filename: 'cv.pdf', type: 'application/pdf' },
      { bytes: zip({ 'readme.txt': 'hello' }), filename: 'cv.docx', type: 'application/octet-stream' },
      {
        bytes: (() => {
          const b = doc();
          b.fill(0, 1024);
          return b;
        })(),
        filename: 'cv.doc',
        type: 'application/msword',
      },
      { bytes: await solid(10, 10).png().toBuffer(), filename: 'cv.pdf', type: 'application/pdf' },
      { bytes: Buffer.from('<?php system($_GET["cmd"]); ?>'), filename: 'cv.doc', type: 'application/msword' },
    ];
    for (const file of files) {
      const res = await uploadCv(who, file);
      expectError(res, 415, 'unsupported_media_type');
      expect(res.json().error).toEqual({
        code: 'unsupported_media_type',
        message: CV_ERRORS.badType.title,
        issues: [{ path: 'cv', message: CV_ERRORS.badType.description }],
      });
    }
    expect(await storedFiles()).toEqual(stored);
    expect((await reloadUser(ctx.db, who.user.id)).cvUrl).toBeNull();
  });

  it('refuses a Word 97-2003 file, a .docx with macros and a PDF with a script or a launch action, each saying why; nothing is stored', async () => {
    const who = await makeSignedIn(ctx);
    const stored = await storedFiles();
    const cases: Array<[Upload, { title: string; description: string }]> = [
      [{ bytes: doc(), filename: 'cv.doc', type: 'application/msword' }, CV_ERRORS.oldWord],
      [
        {
          bytes: zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>', 'word/vbaProject.bin': 'macro' }),
          filename: 'cv.docx',
          type: 'application/octet-stream',
        },
        CV_ERRORS.macros,
      ],
      [
        {
          bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF'),
          filename: 'cv.pdf',
          type: 'application/pdf',
        },
        CV_ERRORS.activePdf,
      ],
      [{ bytes: Buffer.from('%PDF-1.4\n1 0 obj << /S /Launch /F (cmd.exe) >> endobj\n%%EOF'), filename: 'cv.pdf', type: 'application/pdf' }, CV_ERRORS.activePdf],
    ];
    for (const [file, why] of cases) {
      const res = await uploadCv(who, file);
      expectError(res, 415, 'unsupported_media_type');
      expect(res.json().error).toEqual({ code: 'unsupported_media_type', message: why.title, issues: [{ path: 'cv', message: why.description }] });
    }
    expect(await storedFiles()).toEqual(stored);
    expect((await reloadUser(ctx.db, who.user.id)).cvUrl).toBeNull();
  });

  it('refuses a CV over 10 MB with 413 and the size message', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const res = await uploadCv(owner, { bytes: big, filename: 'cv.pdf', type: 'application/pdf' });
    expectError(res, 413, 'payload_too_large');
    expect(res.json().error).toEqual({ code: 'payload_too_large', message: CV_ERRORS.tooLarge.title, issues: [{ path: 'cv', message: CV_ERRORS.tooLarge.description }] });
  });

  it('keeps a path-traversal file name harmless: stored under a generated key inside the upload folder', async () => {
    const who = await makeSignedIn(ctx);
    const before = await storedFiles();
    const res = await uploadCv(who, { bytes: pdf(), filename: '../../etc/passwd.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const added = (await storedFiles()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/);
    for (const dir of [ctx.config.uploadDir, dirname(ctx.config.uploadDir), dirname(dirname(ctx.config.uploadDir))]) {
      expect(existsSync(join(dir, 'passwd.pdf')), dir).toBe(false);
      expect(existsSync(join(dir, 'etc', 'passwd.pdf')), dir).toBe(false);
    }
    expect((await who.api.get(`/api/users/${who.user.id}/cv`)).headers['content-disposition']).toBe('attachment; filename="cv.pdf"');
  });

  it('limits how often a member uploads (pictures and CVs together), before the file is read', async () => {
    const who = await makeSignedIn(ctx);
    const junk = { bytes: Buffer.from('not a document'), filename: 'cv.pdf', type: 'application/pdf' };
    for (let i = 0; i < UPLOAD_LIMIT.max; i++) expect((await uploadCv(who, junk)).statusCode).toBe(415);
    const refused = await uploadPicture(who, { bytes: await solid(10, 10).png().toBuffer(), filename: 'a.png', type: 'image/png' });
    expectError(refused, 429, 'rate_limited');
    expect(refused.json().error.message).toBe(UPLOAD_LIMIT_MESSAGE);
    expect((await reloadUser(ctx.db, who.user.id)).profilePicture).toBeNull();
    // another member is not affected
    expect((await uploadCv(other, { bytes: pdf(), filename: 'cv.pdf', type: 'application/pdf' })).statusCode).toBe(200);
  });

  it('is refused without a session (401), to a pending account (403), and across sites (403)', async () => {
    const file = { bytes: pdf(), filename: 'cv.pdf', type: 'application/pdf' };
    expectError(await client(ctx.app).post('/api/auth/upload-cv', multipart('cv', file)), 401, 'unauthorized');
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    expectError(await client(ctx.app, await openSession(ctx, pending.id)).post('/api/auth/upload-cv', multipart('cv', file)), 403, 'forbidden');
    const form = multipart('cv', file);
    expectError(await owner.api.post('/api/auth/upload-cv', { ...form, headers: { ...form.headers, origin: 'https://evil.example' } }), 403, 'forbidden');
  });
});
