import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MentionText } from './MentionText.tsx';
import { cleanMentionName, insertMention, memberProfilePath, mentionQueryAt, toDisplay, toStored } from './mentions.ts';

const PRIYA = '6f1c2a10-1111-4a4a-8a8a-000000000001';
const ANN = '6f1c2a10-1111-4a4a-8a8a-000000000002';
const ANN_LEE = '6f1c2a10-1111-4a4a-8a8a-000000000003';

const html = (text: string) => renderToStaticMarkup(createElement(MemoryRouter, null, createElement(MentionText, { text })));

describe('MentionText', () => {
  it('shows each token as a link to the member’s profile reading @Name, and the rest as text', () => {
    const out = html(`Thanks @[Priya Raman](user:${PRIYA}) for the intro!`);
    expect(out).toContain(`href="${memberProfilePath(PRIYA)}"`.replace(/&/g, '&amp;'));
    expect(out).toContain('>@Priya Raman</a>');
    expect(out).toContain('Thanks ');
    expect(out).toContain(' for the intro!');
    expect(out).not.toContain('user:');
  });

  it('escapes everything else and keeps line breaks and web links', () => {
    const out = html('<b>bold</b>\nsecond line https://example.com');
    expect(out).toContain('&lt;b&gt;bold&lt;/b&gt;\nsecond line ');
    expect(out).not.toContain('<b>');
    expect(out).toContain('href="https://example.com/"');
    expect(out).toContain('whitespace-pre-wrap');
  });

  it('leaves a broken token as the text it is', () => {
    const out = html('@[Priya Raman](user:) and @[No close(user:abc)');
    expect(out).not.toContain('<a');
    expect(out).toContain('@[Priya Raman](user:) and @[No close(user:abc)');
  });

  it('links the member named even when the name looks like markup', () => {
    const out = html(`@[<img src=x>](user:${PRIYA})`);
    expect(out).toContain('>@&lt;img src=x&gt;</a>');
  });
});

describe('the box’s text and the stored text', () => {
  it('shows tokens as @Name and remembers whom they name', () => {
    expect(toDisplay(`Hi @[Priya Raman](user:${PRIYA}), meet @[Ann](user:${ANN}).`)).toEqual({
      display: 'Hi @Priya Raman, meet @Ann.',
      picked: [
        { name: 'Priya Raman', id: PRIYA },
        { name: 'Ann', id: ANN },
      ],
    });
    expect(toDisplay('No mentions\nhere')).toEqual({ display: 'No mentions\nhere', picked: [] });
  });

  it('turns the picked names back into tokens, the longest first, and only whole names', () => {
    const picked = [
      { name: 'Ann', id: ANN },
      { name: 'Ann Lee', id: ANN_LEE },
    ];
    expect(toStored('@Ann Lee and @Ann, not @Annabel or ann@Ann.co', picked)).toBe(
      `@[Ann Lee](user:${ANN_LEE}) and @[Ann](user:${ANN}), not @Annabel or ann@[Ann](user:${ANN}).co`,
    );
    expect(toStored('@Priya Raman', [])).toBe('@Priya Raman');
  });

  it('round-trips stored text through the box unchanged', () => {
    const stored = `Ask @[Priya Raman](user:${PRIYA}) or @[Ann Lee](user:${ANN_LEE}) (both know (the) client).\nThanks`;
    const { display, picked } = toDisplay(stored);
    expect(toStored(display, picked)).toBe(stored);
  });

  it('drops a mention whose name was edited', () => {
    expect(toStored('@Priya Ramanujan', [{ name: 'Priya Raman', id: PRIYA }])).toBe('@Priya Ramanujan');
  });

  it('cleans a name of what would break the token', () => {
    expect(cleanMentionName(' Priya [PR]\nRaman ')).toBe('Priya PR Raman');
    expect(cleanMentionName('[]')).toBe('member');
  });
});

describe('the mention being typed', () => {
  it('starts at an @ at the start or after a space, with one letter or more before the caret', () => {
    expect(mentionQueryAt('@P', 2)).toEqual({ start: 0, query: 'P' });
    expect(mentionQueryAt('Hi @pri', 7)).toEqual({ start: 3, query: 'pri' });
    expect(mentionQueryAt('Hi (@Priya Ra', 13)).toEqual({ start: 4, query: 'Priya Ra' });
    expect(mentionQueryAt("@O'Brien", 8)).toEqual({ start: 0, query: "O'Brien" });
  });

  it('is not an e-mail address, a bare @, a finished name or text beyond the caret', () => {
    expect(mentionQueryAt('mail priya@example', 18)).toBeNull();
    expect(mentionQueryAt('Hi @', 4)).toBeNull();
    expect(mentionQueryAt('@1st', 4)).toBeNull();
    expect(mentionQueryAt('@Priya Raman ', 13)).toBeNull();
    expect(mentionQueryAt('@Priya Raman thanks', 19)).toBeNull();
    expect(mentionQueryAt('Hi @pri and more', 3)).toBeNull();
  });

  it('puts the picked name in place of what was typed, with a space and the caret after it', () => {
    expect(insertMention('Hi @pri', 3, 7, 'Priya Raman')).toEqual({ text: 'Hi @Priya Raman ', caret: 16 });
    expect(insertMention('Hi @pri thanks', 3, 7, 'Priya Raman')).toEqual({ text: 'Hi @Priya Raman thanks', caret: 16 });
  });
});
