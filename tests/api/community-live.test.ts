import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSchema } from '../../common/schemas/community.ts';
import { commentSchema } from '../../common/schemas/conversations.ts';
import { liveServerEventSchema } from '../../common/schemas/live.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { connect, type TestSocket } from '../helpers/live-socket.ts';

let ctx: TestContext;
let base: string;
let author: SignedIn;
let reader: SignedIn;
const open: TestSocket[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  author = await makeSignedIn(ctx, { firstName: 'Ada', lastName: 'Author' });
  reader = await makeSignedIn(ctx, { firstName: 'Rex', lastName: 'Reader' });
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
  await ctx.close();
});

async function socketOf(who: SignedIn): Promise<TestSocket> {
  const s = await connect(base, who.cookie);
  open.push(s);
  await s.next('ready');
  return s;
}

/** Waits for the next 'changed' announcement of the feed after what the socket already received. */
async function nextFeedChange(s: TestSocket) {
  const seen = s.events.length;
  return s.next('changed', (e) => e.topic === 'post' && s.events.indexOf(e) >= seen, 5_000);
}

describe('live changes of the feed', () => {
  it('tells other members’ open tabs that the feed changed when someone comments or reacts, without any content', async () => {
    const post = await author.api.create(postSchema, '/api/community-posts', { body: { title: 'Live post', content: 'Say hello', category: 'tips' } });
    const tab = await socketOf(reader);

    const commented = nextFeedChange(tab);
    const c = await author.api.create(commentSchema, `/api/community-posts/${post.id}/comments`, { body: { content: 'A secret-free hello' } });
    const event = await commented;
    expect(liveServerEventSchema.parse(event)).toEqual({ type: 'changed', topic: 'post' });
    expect(JSON.stringify(event)).not.toContain('hello');

    const reacted = nextFeedChange(tab);
    await author.api.put(`/api/comments/${c.id}/reactions/${encodeURIComponent('👍')}`);
    await reacted;

    const pinned = nextFeedChange(tab);
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    await admin.api.postOk(postSchema, `/api/community-posts/${post.id}/pin`);
    await pinned;
  });
});
