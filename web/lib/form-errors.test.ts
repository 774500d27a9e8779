import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { placeServerErrors, serverFieldMessages } from './form-errors.ts';

const FIELDS = ['email', 'expertise', 'username'] as const;
const invalid = (issues: Array<{ path: string; message: string }>) => new ApiError(400, 'Please check the form', { code: 'validation', issues });

describe('serverFieldMessages', () => {
  it('names the field by the first part of the issue path', () => {
    const err = invalid([
      { path: 'email', message: 'This e-mail is already registered' },
      { path: 'expertise.2', message: 'Unknown area' },
    ]);
    expect(serverFieldMessages(err, FIELDS)).toEqual([
      { name: 'email', message: 'This e-mail is already registered' },
      { name: 'expertise', message: 'Unknown area' },
    ]);
  });
  it('leaves out fields the form does not have, and keeps a field’s first message', () => {
    const err = invalid([
      { path: 'role', message: 'Not allowed' },
      { path: 'username', message: 'Username is taken' },
      { path: 'username', message: 'Username is too short' },
    ]);
    expect(serverFieldMessages(err, FIELDS)).toEqual([{ name: 'username', message: 'Username is taken' }]);
  });
  it('has nothing for errors that are not API answers', () => {
    expect(serverFieldMessages(new Error('offline'), FIELDS)).toEqual([]);
    expect(serverFieldMessages(new ApiError(500, 'Internal error'), FIELDS)).toEqual([]);
  });
});

describe('placeServerErrors', () => {
  it('sets each message on its field and focuses the first one', () => {
    const setError = vi.fn();
    const placed = placeServerErrors(
      invalid([
        { path: 'username', message: 'Username is taken' },
        { path: 'email', message: 'This e-mail is already registered' },
      ]),
      FIELDS,
      setError,
    );
    expect(placed).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['username', { type: 'server', message: 'Username is taken' }, { shouldFocus: true }],
      ['email', { type: 'server', message: 'This e-mail is already registered' }, { shouldFocus: false }],
    ]);
  });
  it('says so when nothing could be placed, so the form can toast instead', () => {
    const setError = vi.fn();
    expect(placeServerErrors(invalid([{ path: 'role', message: 'Not allowed' }]), FIELDS, setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
