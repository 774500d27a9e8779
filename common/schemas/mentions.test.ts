import { describe, expect, it } from 'vitest';
import { mentionsAsPlainText, mentionToken, splitMentions } from './mentions.ts';

const id = '5b0e6f5e-3f7a-4c1e-9f55-0d9c1b7a2a10';

describe('mention tokens', () => {
  it('splits a text into plain text and mentions, in order', () => {
    expect(splitMentions(`Ask @[Ada Lovelace](user:${id}) about it.`)).toEqual([
      { type: 'text', text: 'Ask ' },
      { type: 'mention', id, name: 'Ada Lovelace' },
      { type: 'text', text: ' about it.' },
    ]);
    expect(splitMentions('No mentions here')).toEqual([{ type: 'text', text: 'No mentions here' }]);
    expect(splitMentions('')).toEqual([]);
  });

  it('writes a token without the brackets or line breaks a name might hold, and reads back as plain text', () => {
    expect(mentionToken('Ada [the] \nLovelace', id)).toBe(`@[Ada the Lovelace](user:${id})`);
    expect(mentionsAsPlainText(`Hi ${mentionToken('Ada Lovelace', id)}!`)).toBe('Hi @Ada Lovelace!');
  });

  it('leaves a broken token as plain text', () => {
    expect(splitMentions('@[Ada](user:)')).toEqual([{ type: 'text', text: '@[Ada](user:)' }]);
    expect(splitMentions('@[Ada](usr:1)')).toEqual([{ type: 'text', text: '@[Ada](usr:1)' }]);
  });
});
