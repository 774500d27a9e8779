import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_IMAGE_ERRORS } from '../../common/constants/community.ts';
import { auditPageSchema } from '../../common/schemas/admin.ts';
import { postPageSchema, postSchema, type Post } from '../../common/schemas/community.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import { auditLog, communityPosts, pointTransactions } from '../../server/db/schema/index.ts';
import { POSTING_LIMIT, POSTING_LIMIT_MESSAGE } from '../../server/services/posts.ts';
import { createTestApp, makeSignedIn, makeUser, openSession, reloadUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';

let ctx: TestContext;
let author: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let master: SignedIn;

interface Upload {
  bytes: Buffer;
  filename: string;
  type: string;
}

/** A multipart/form-data body as a browser's FormData sends it: the text fields, then the `image` file if any. */
function multipart(fields: Record<string, string>, file?: Upload) {
  const boundary = `----cpform${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fields = (o: Record<string, string> = {}) => ({
  title: 'Our first joint win',
  content: 'Two members, one introduction, one signed deal.',
  category: 'success',
  ...o,
});
const postForm = (who: SignedIn, file?: Upload, o: Record<string, string> = {}) => who.api.post('/api/community-posts', multipart(fields(o), file));

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

const storedFiles = async () => (await readdir(ctx.config.uploadDir).catch(() => [] as string[])).length;
const postRow = async (id: string) => (await ctx.db.select().from(communityPosts).where(eq(communityPosts.id, id)))[0];
const pointsOf = async (userId: string) => (await reloadUser(ctx.db, userId)).totalPoints;
/** The member's points from posting alone (awards and their reversals), without achievement rewards. */
const postPoints = async (userId: string) =>
  (
    await ctx.db
      .select({ n: sql<number>`coalesce(sum(${pointTransactions.points}), 0)`.mapWith(Number) })
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userId, userId), inArray(pointTransactions.activityType, ['post_created', 'post_created_reversed'])))
  )[0].n;
const DAY = 86_400_000;

beforeAll(async () => {
  // the clock jumps across days and months here: sessions outlive it
  ctx = await createTestApp({ config: { session: { idleMs: 400 * DAY, absoluteMs: 400 * DAY, cacheMs: 0 } } });
  author = await makeSignedIn(ctx, { firstName: 'Ada', jobTitle: 'COO', company: 'Northwind' });
  other = await makeSignedIn(ctx, { firstName: 'Olga' });
  admin = await makeSignedIn(ctx, { role: 'admin' });
  master = await makeSignedIn(ctx, { role: 'master-admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/community-posts', () => {
  it('publishes a JSON post with its author and earns the post points', async () => {
    const before = await postPoints(author.user.id);
    const post = await author.api.create(postSchema, '/api/community-posts', {
      body: { title: '  Tip: follow up within a week ', content: 'It doubles the reply rate.', category: 'tips' },
    });
    expect(post).toMatchObject({
      title: 'Tip: follow up within a week',
      category: 'tips',
      imageUrl: null,
      authorId: author.user.id,
      authorName: `Ada ${author.user.lastName}`,
      authorJobTitle: 'COO',
      authorCompany: 'Northwind',
      can: { delete: true },
    });
    expect(await postPoints(author.user.id)).toBe(before + 5);
    const [award] = await ctx.db
      .select()
      .from(pointTransactions)
      .where(and(eq(pointTransactions.referenceId, post.id), eq(pointTransactions.activityType, 'post_created')));
    expect(award.points).toBe(5);
  });

  it('publishes a multipart post without an image, and defaults the category to discussion', async () => {
    const res = await author.api.post('/api/community-posts', multipart({ title: 'Hello', content: 'Glad to be here.' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Hello', category: 'discussion', imageUrl: null });
  });

  it('validates the fields of either kind of body with clear messages', async () => {
    const json = await author.api.post('/api/community-posts', { body: { title: '', content: 'x'.repeat(5001), category: 'gossip' } });
    expect(json.statusCode).toBe(400);
    const issues = Object.fromEntries(json.json().error.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(issues).toMatchObject({ title: 'Title is required', content: 'Content must be at most 5000 characters', category: 'Choose a category' });
    const form = await author.api.post('/api/community-posts', multipart({ title: 'x'.repeat(151), content: 'ok' }));
    expect(form.statusCode).toBe(400);
    expect(form.json().error.issues[0]).toEqual({ path: 'title', message: 'Title must be at most 150 characters' });
  });

  it('stores an uploaded photograph re-encoded, upright and without its EXIF or GPS data, served only to members', async () => {
    const input = await exifJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await postForm(author, { bytes: input, filename: 'holiday.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    const post = postSchema.parse(res.json());
    expect(post.imageUrl).toBe(`/api/community-posts/${post.id}/image`);
    expect((await postRow(post.id)).imageKey).toMatch(/^[0-9a-f-]{36}\.jpg$/);

    const image = await other.api.get(post.imageUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(image.headers['cache-control']).toMatch(/^private/);
    const served = image.rawPayload;
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    for (const secret of ['SecretOwner', 'LeakyCam', 'Exif']) expect(served.includes(Buffer.from(secret)), secret).toBe(false);

    expect((await client(ctx.app).get(post.imageUrl!)).statusCode).toBe(401);
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    expect((await client(ctx.app, await openSession(ctx, pending.id)).get(post.imageUrl!)).statusCode).toBe(403);
  });

  it('stores PNG and GIF uploads as WebP', async () => {
    for (const [bytes, filename, type] of [
      [await solid(40, 30).png().toBuffer(), 'chart.png', 'image/png'],
      [await solid(40, 30).gif().toBuffer(), 'wave.gif', 'image/gif'],
    ] as const) {
      const res = await postForm(author, { bytes, filename, type });
      expect(res.statusCode, res.body).toBe(201);
      const image = await author.api.get(res.json().imageUrl);
      expect(image.headers['content-type']).toBe('image/webp');
      expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('refuses a PHP file and an HTML file named .png, and an SVG, by their bytes: nothing is stored', async () => {
    const files: Upload[] = [
      { bytes: Buffer.from('<?php system($_GET["cmd"]); ?>'), filename: 'shell.png', type: 'image/png' },
      { bytes: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'), filename: 'page.png', type: 'image/png' },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>'), filename: 'logo.svg', type: 'image/svg+xml' },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'logo.png', type: 'image/png' },
    ];
    const [rows, stored] = [(await ctx.db.select().from(communityPosts)).length, await storedFiles()];
    for (const file of files) {
      const res = await postForm(author, file, { title: `Attack via ${file.filename}` });
      expect(res.statusCode, file.filename).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'unsupported_media_type', message: POST_IMAGE_ERRORS.badType, issues: [{ path: 'image' }] });
    }
    expect(await ctx.db.select().from(communityPosts)).toHaveLength(rows);
    expect(await storedFiles()).toBe(stored);
  });

  it('refuses an image over 5 MB with 413 and the size message', async () => {
    const big = await sharp({ create: { width: 1500, height: 1400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
    const rows = (await ctx.db.select().from(communityPosts)).length;
    const res = await postForm(author, { bytes: big, filename: 'huge.png', type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'payload_too_large', message: POST_IMAGE_ERRORS.tooLarge });
    expect(await ctx.db.select().from(communityPosts)).toHaveLength(rows);
  });

  it('refuses a second file or a file under another name', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const boundary = 'xxBOUNDARYxx';
    const filePart = (name: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from('\r\n'),
      ]);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n`),
      filePart('avatar'),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await author.api.post('/api/community-posts', { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(400);
  });

  it('limits posting per member, with a clear 429', async () => {
    const busy = await makeSignedIn(ctx);
    for (let i = 0; i < POSTING_LIMIT.max; i++) {
      const res = await busy.api.post('/api/community-posts', { body: { title: `Post ${i}`, content: 'Busy day.' } });
      expect(res.statusCode).toBe(201);
    }
    const refused = await busy.api.post('/api/community-posts', { body: { title: 'One more', content: 'Busy day.' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(POSTING_LIMIT_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another member is not affected, and the member may post again an hour later
    expect((await other.api.post('/api/community-posts', { body: { title: 'Mine', content: 'Still open.' } })).statusCode).toBe(201);
    ctx.clock.advance(POSTING_LIMIT.windowMs + 1000);
    expect((await busy.api.post('/api/community-posts', { body: { title: 'Later', content: 'Back again.' } })).statusCode).toBe(201);
  }, 120_000);

  it('awards points for three posts a London day; the fourth earns none', async () => {
    const poster = await makeSignedIn(ctx);
    // 23:30 London (BST) on 15 June is 22:30 UTC: the day that started at 23:00 UTC on the 14th
    ctx.clock.current = new Date('2026-06-15T22:30:00Z');
    const made: Post[] = [];
    for (let i = 0; i < 4; i++) {
      made.push(await poster.api.create(postSchema, '/api/community-posts', { body: { title: `Day post ${i}`, content: 'Counting.' } }));
      ctx.clock.advance(60_000);
    }
    expect(await postPoints(poster.user.id)).toBe(15);
    const awards = await ctx.db
      .select()
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userId, poster.user.id), eq(pointTransactions.activityType, 'post_created')));
    expect(awards.map((a) => a.referenceId).sort()).toEqual(
      made
        .slice(0, 3)
        .map((p) => p.id)
        .sort(),
    );
    // 23:05 UTC is already the next London day: points again
    ctx.clock.current = new Date('2026-06-15T23:05:00Z');
    await poster.api.create(postSchema, '/api/community-posts', { body: { title: 'Next day', content: 'Counting.' } });
    expect(await postPoints(poster.user.id)).toBe(20);
  });
});

describe('GET /api/community-posts', () => {
  it('lists newest first, by category and by author, a page at a time', async () => {
    const writer = await makeSignedIn(ctx);
    const start = new Date('2026-07-01T09:00:00Z');
    const categories = ['news', 'tips', 'news', 'questions', 'news'] as const;
    const made: Post[] = [];
    for (const [i, category] of categories.entries()) {
      made.push(await makePost(ctx.db, { author: writer.user, category, title: `Writer post ${i}`, now: new Date(start.getTime() + i * 60_000) }));
    }
    const all = await other.api.getOk(postPageSchema, '/api/community-posts', { query: { authorId: writer.user.id } });
    expect(all.total).toBe(5);
    expect(all.items.map((p) => p.title)).toEqual(['Writer post 4', 'Writer post 3', 'Writer post 2', 'Writer post 1', 'Writer post 0']);

    const page1 = await other.api.getOk(postPageSchema, '/api/community-posts', { query: { authorId: writer.user.id, category: 'news', pageSize: 2 } });
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.items.map((p) => p.title)).toEqual(['Writer post 4', 'Writer post 2']);
    const page2 = await other.api.getOk(postPageSchema, '/api/community-posts', { query: { authorId: writer.user.id, category: 'news', pageSize: 2, page: 2 } });
    expect(page2.items.map((p) => p.title)).toEqual(['Writer post 0']);

    const feed = await other.api.getOk(postPageSchema, '/api/community-posts', { query: { category: 'questions' } });
    expect(feed.items.every((p) => p.category === 'questions')).toBe(true);
    expect(feed.items.map((p) => p.id)).toContain(made[3].id);
  });

  it("keeps the whole feed's total exact after posting and deleting here, and reuses it for ten seconds after writes it did not see", async () => {
    // a page of one, so the total is never merely the posts shown
    const totalOf = async (query: Record<string, string> = {}) =>
      (await other.api.getOk(postPageSchema, '/api/community-posts', { query: { ...query, pageSize: '1' } })).total;
    for (const title of ['Feed one', 'Feed two']) await makePost(ctx.db, { author: other.user, title, category: 'tips', now: ctx.clock.current });
    const [{ n: stored }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(communityPosts);
    expect(await totalOf()).toBe(stored);
    const tipsBefore = await totalOf({ category: 'tips' });

    // through the API: this process drops its reused totals at once
    const made = await other.api.create(postSchema, '/api/community-posts', { body: { title: 'Counted at once', content: 'Hello.', category: 'tips' } });
    expect(await totalOf()).toBe(stored + 1);
    expect(await totalOf({ category: 'tips' })).toBe(tipsBefore + 1);
    expect((await other.api.delete(`/api/community-posts/${made.id}`)).statusCode).toBe(204);
    expect(await totalOf()).toBe(stored);

    // a post written behind the API's back (another instance, say) is counted within ten seconds
    await ctx.db.insert(communityPosts).values({ authorId: other.user.id, title: 'Written elsewhere', content: 'By another instance.', createdAt: ctx.clock.current });
    expect(await totalOf()).toBe(stored);
    ctx.clock.advance(10_001);
    expect(await totalOf()).toBe(stored + 1);
  });

  it("carries each post's abilities: the author and administrators may delete, other members may not", async () => {
    const post = await makePost(ctx.db, { author: author.user, title: 'Abilities' });
    const find = async (who: SignedIn) =>
      (await who.api.getOk(postPageSchema, '/api/community-posts', { query: { authorId: author.user.id, pageSize: 50 } })).items.find((p) => p.id === post.id)!;
    expect((await find(author)).can.delete).toBe(true);
    expect((await find(other)).can.delete).toBe(false);
    expect((await find(admin)).can.delete).toBe(true);
    expect((await find(master)).can.delete).toBe(true);
  });

  it('validates the query and refuses callers without a session or an approved account', async () => {
    expect((await other.api.get('/api/community-posts', { query: { category: 'gossip' } })).statusCode).toBe(400);
    expect((await other.api.get('/api/community-posts', { query: { pageSize: 51 } })).statusCode).toBe(400);
    expect((await client(ctx.app).get('/api/community-posts')).statusCode).toBe(401);
    expect((await client(ctx.app).post('/api/community-posts', { body: fields() })).statusCode).toBe(401);
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    const cookie = await openSession(ctx, pending.id);
    expect((await client(ctx.app, cookie).get('/api/community-posts')).statusCode).toBe(403);
    expect((await client(ctx.app, cookie).post('/api/community-posts', { body: fields() })).statusCode).toBe(403);
  });
});

describe('DELETE /api/community-posts/:id', () => {
  it("refuses another member's post with 403 and leaves it, its image and its points in place", async () => {
    const res = await postForm(author, { bytes: await solid(20, 20).png().toBuffer(), filename: 'a.png', type: 'image/png' });
    const post = postSchema.parse(res.json());
    const key = (await postRow(post.id)).imageKey!;
    const points = await pointsOf(author.user.id);
    const refused = await other.api.delete(`/api/community-posts/${post.id}`);
    expect(refused.statusCode).toBe(403);
    expect(await postRow(post.id)).toBeDefined();
    expect(await ctx.app.ctx.storage.get(key)).not.toBeNull();
    expect(await pointsOf(author.user.id)).toBe(points);
  });

  it("lets an admin delete someone's post: the row, the stored image and the points go; the act is audited", async () => {
    const res = await postForm(author, { bytes: await exifJpeg(), filename: 'b.jpg', type: 'image/jpeg' });
    const post = postSchema.parse(res.json());
    const key = (await postRow(post.id)).imageKey!;
    const earned = (await ctx.db.select().from(pointTransactions).where(eq(pointTransactions.referenceId, post.id)))[0]?.points ?? 0;
    const points = await pointsOf(author.user.id);
    expect(await ctx.app.ctx.storage.get(key)).not.toBeNull();

    const del = await admin.api.delete(`/api/community-posts/${post.id}`);
    expect(del.statusCode).toBe(204);
    expect(await postRow(post.id)).toBeUndefined();
    expect(await ctx.app.ctx.storage.get(key)).toBeNull();
    expect(await pointsOf(author.user.id)).toBe(points - earned);
    expect((await author.api.get(post.imageUrl!)).statusCode).toBe(404);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, post.id));
    expect(entry).toMatchObject({ actorId: admin.user.id, action: 'community_post.delete', entityType: 'community_post' });
    expect(entry.before).toMatchObject({ title: post.title, authorId: author.user.id });
    // the audit log names the deleted post by its title
    const log = await admin.api.getOk(auditPageSchema, '/api/admin/audit-log', { query: { pageSize: 100 } });
    expect(log.items.find((e) => e.entityId === post.id)?.entityLabel).toBe(post.title);
  });

  it('lets the author delete their own post and takes back exactly the points it earned, unaudited', async () => {
    const poster = await makeSignedIn(ctx);
    ctx.clock.current = new Date('2026-08-03T09:00:00Z');
    const rewarded = await poster.api.create(postSchema, '/api/community-posts', { body: { title: 'Rewarded', content: 'x' } });
    const total = await pointsOf(poster.user.id);
    expect(await postPoints(poster.user.id)).toBe(5);
    expect((await poster.api.delete(`/api/community-posts/${rewarded.id}`)).statusCode).toBe(204);
    expect(await postPoints(poster.user.id)).toBe(0);
    expect(await pointsOf(poster.user.id)).toBe(total - 5);
    const rows = await ctx.db.select().from(pointTransactions).where(eq(pointTransactions.referenceId, rewarded.id));
    expect(rows.map((r) => [r.activityType, r.points]).sort()).toEqual([
      ['post_created', 5],
      ['post_created_reversed', -5],
    ]);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, rewarded.id))).toEqual([]);
    // a deleted post does not free a rewarded slot of the day: three more posts earn 10 (two slots left), not 15
    for (let i = 0; i < 3; i++) await poster.api.create(postSchema, '/api/community-posts', { body: { title: `Again ${i}`, content: 'x' } });
    expect(await postPoints(poster.user.id)).toBe(10);
  });

  it('answers 404 for an unknown or malformed id, and 401 without a session', async () => {
    expect((await master.api.delete('/api/community-posts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await master.api.delete('/api/community-posts/not-a-uuid')).statusCode).toBe(400);
    const post = await makePost(ctx.db, { author: author.user });
    expect((await client(ctx.app).delete(`/api/community-posts/${post.id}`)).statusCode).toBe(401);
    expect((await master.api.delete(`/api/community-posts/${post.id}`)).statusCode).toBe(204);
    expect((await author.api.get(`/api/community-posts/${post.id}/image`)).statusCode).toBe(404);
  });
});
