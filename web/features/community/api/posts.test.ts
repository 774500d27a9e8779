import { describe, expect, it } from 'vitest';
import { POST_IMAGE_ERRORS } from '../../../../common/constants/community.ts';
import { ApiError } from '../../../lib/api.ts';
import { isCommentsKey, isFeedKey } from './keys.ts';
import { createPostErrorText, isPostGone, postBody, postKeys } from './posts.ts';

const fields = { title: 'Hello', content: 'World', category: 'tips' as const };

describe('postBody', () => {
  it('sends JSON when no image is attached', () => {
    expect(postBody({ fields, image: null })).toEqual({ json: fields });
  });

  it('sends a multipart form with the fields and the image when one is attached', () => {
    const image = new File([new Uint8Array([1, 2, 3])], 'photo.png', { type: 'image/png' });
    const body = postBody({ fields, image });
    if (!('form' in body)) throw new Error('expected a form');
    expect(body.form.get('title')).toBe('Hello');
    expect(body.form.get('content')).toBe('World');
    expect(body.form.get('category')).toBe('tips');
    const sent = body.form.get('image');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('photo.png');
    expect((sent as File).size).toBe(3);
  });
});

describe('createPostErrorText', () => {
  it('reads a refused size as the image check does', () => {
    expect(createPostErrorText(new ApiError(413, 'The request body is too large.'))).toBe(POST_IMAGE_ERRORS.tooLarge);
  });
  it('otherwise gives the status and the server text after the fixed opening', () => {
    expect(createPostErrorText(new ApiError(500, 'Something went wrong'))).toBe('Failed to create post: 500: Something went wrong');
  });
});

describe('postKeys', () => {
  it('keeps every feed under the endpoint path, so one invalidation refreshes all filters', () => {
    expect(postKeys.feed('news')[0]).toBe(postKeys.all[0]);
    expect(postKeys.feed(null)).not.toEqual(postKeys.feed('news'));
  });
  it('keeps one linked post under the endpoint path too, apart from the feeds and the threads', () => {
    const one = postKeys.one('p1');
    expect(one[0]).toBe(postKeys.all[0]);
    expect(one).not.toEqual(postKeys.one('p2'));
    expect(isFeedKey(one)).toBe(false);
    expect(isCommentsKey(one)).toBe(false);
  });
});

describe('isPostGone', () => {
  it('reads a 404 (or a refused id) as a post no longer there, and anything else as a failure to retry', () => {
    expect(isPostGone(new ApiError(404, 'Post not found.'))).toBe(true);
    expect(isPostGone(new ApiError(400, 'Post not found.'))).toBe(true);
    expect(isPostGone(new ApiError(500, 'Something went wrong'))).toBe(false);
    expect(isPostGone(new ApiError(401, 'Sign in'))).toBe(false);
    expect(isPostGone(new Error('offline'))).toBe(false);
  });
});
