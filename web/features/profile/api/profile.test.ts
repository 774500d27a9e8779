import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { uploadErrorText } from './profile.ts';

const FALLBACK = 'Failed to upload CV. Please try again.';

describe('uploadErrorText', () => {
  it('splits the server title and its field message for a CV that is too large or of the wrong type', () => {
    const big = new ApiError(413, 'File too large', { code: 'payload_too_large', issues: [{ path: 'cv', message: 'Please select a CV under 10MB.' }] });
    expect(uploadErrorText(big, FALLBACK)).toEqual({ title: 'File too large', description: 'Please select a CV under 10MB.' });
    const type = new ApiError(415, 'Invalid file type', { issues: [{ path: 'cv', message: 'Please select a PDF or Word document.' }] });
    expect(uploadErrorText(type, FALLBACK)).toEqual({ title: 'Invalid file type', description: 'Please select a PDF or Word document.' });
  });
  it('splits a picture message that carries its title before a colon', () => {
    const msg = 'File too large: Please select an image under 5MB.';
    const err = new ApiError(413, msg, { issues: [{ path: 'profilePicture', message: msg }] });
    expect(uploadErrorText(err, FALLBACK)).toEqual({ title: 'File too large', description: 'Please select an image under 5MB.' });
  });
  it('passes on a rate limit in the server words', () => {
    expect(uploadErrorText(new ApiError(429, 'Too many uploads. Please try again later.'), FALLBACK)).toEqual({
      title: 'Error',
      description: 'Too many uploads. Please try again later.',
    });
  });
  it('says the fallback for a server fault, a lost connection or anything else', () => {
    expect(uploadErrorText(new ApiError(500, 'Internal error'), FALLBACK)).toEqual({ title: 'Error', description: FALLBACK });
    expect(uploadErrorText(new ApiError(0, 'Could not reach the server.'), FALLBACK)).toEqual({ title: 'Error', description: FALLBACK });
    expect(uploadErrorText(new Error('boom'), FALLBACK)).toEqual({ title: 'Error', description: FALLBACK });
  });
});
