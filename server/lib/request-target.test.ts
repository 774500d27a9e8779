import { describe, expect, it } from 'vitest';
import { toOriginForm } from './request-target.ts';

describe('toOriginForm', () => {
  it.each([
    ['/api/auth/me', '/api/auth/me'],
    ['/api/leads?page=2', '/api/leads?page=2'],
    ['http://127.0.0.1:3000/api/admin/outbox', '/api/admin/outbox'],
    ['HTTPS://members.example/api/leads?page=2', '/api/leads?page=2'],
    ['http://evil.example', '/'],
    ['*', '*'],
    ['//api/x', '//api/x'],
    [undefined, '/'],
  ])('%s → %s', (target, expected) => {
    expect(toOriginForm(target)).toBe(expected);
  });
});
