import { describe, expect, it } from 'vitest';
import { AppError } from '../../common/errors.ts';
import { authorize, badRequest, conflict, forbidden, notFound, permits } from './authorize.ts';

describe('authorize', () => {
  it('returns for ok and throws each refusal as its error with the policy’s message', () => {
    expect(() => authorize('ok')).not.toThrow();
    for (const [refusal, status] of [
      [notFound('No such sheet'), 404],
      [forbidden('Only the client decides'), 403],
      [conflict('Already approved'), 409],
      [badRequest('Not a comment to reply to'), 400],
    ] as const) {
      let caught: unknown;
      try {
        authorize(refusal);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).status).toBe(status);
      expect((caught as AppError).message).toBe(refusal.message);
    }
  });

  it('permits only ok', () => {
    expect(permits('ok')).toBe(true);
    expect(permits(forbidden('no'))).toBe(false);
  });
});
