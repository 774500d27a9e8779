import { describe, expect, it } from 'vitest';
import { queryView } from './query-view.ts';

const empty = (list: unknown[]) => list.length === 0;

describe('queryView', () => {
  it('shows the loading state until there is an answer, also for a query not running yet', () => {
    expect(queryView({ data: undefined, isError: false })).toBe('loading');
  });
  it('shows the error only when there is no answer to show', () => {
    expect(queryView({ data: undefined, isError: true })).toBe('error');
    expect(queryView({ data: [1], isError: true }, empty)).toBe('ready');
  });
  it('tells an empty answer from one with something in it', () => {
    expect(queryView({ data: [], isError: false }, empty)).toBe('empty');
    expect(queryView({ data: [1], isError: false }, empty)).toBe('ready');
  });
  it('treats every answer as something to show when the screen has no empty state', () => {
    expect(queryView({ data: [], isError: false })).toBe('ready');
  });
});
