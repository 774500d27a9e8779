/**
 * Factories for community posts, shared by the API tests and the demo seed: made through
 * the same services the routes call, so a post earns its points (within the daily cap), completes achievements
 * and stores its image re-encoded, exactly as when a member posts.
 */
import type { PostCategory } from '../../../common/constants/community.ts';
import type { Post } from '../../../common/schemas/community.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import type { Actor } from '../../policies/roles.ts';
import { createPost } from '../../services/posts.ts';
import type { Db } from '../client.ts';

export interface PostOptions {
  author: Actor;
  /** When it is posted (default: the real current time). */
  now?: Date;
  title?: string;
  content?: string;
  category?: PostCategory;
  /** The uploaded bytes of an image (any accepted format); needs `storage`. */
  image?: Buffer;
  storage?: FileStorage;
}

let counter = 0;

/** A post as a member publishes it (createPost), answered as its author sees it. */
export async function makePost(db: Db, o: PostOptions): Promise<Post> {
  counter += 1;
  const { author, now = new Date(), image, storage } = o;
  if (image && !storage) throw new Error('makePost: a post with an image needs the storage to keep it in');
  const noStorage: FileStorage = {
    put: () => Promise.reject(new Error('makePost: no storage given')),
    putStream: () => Promise.reject(new Error('makePost: no storage given')),
    get: () => Promise.resolve(null),
    remove: () => Promise.resolve(),
  };
  return createPost(
    { db, storage: storage ?? noStorage },
    author,
    {
      title: o.title ?? `Thoughts on partnering, part ${counter}`,
      content: o.content ?? 'What has worked for me: introduce people only when both sides gain, and follow up within a week.',
      category: o.category ?? 'discussion',
      image: image ?? null,
    },
    now,
  );
}
