import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText } from './linkified-text.tsx';
import { linkify, safeHref } from '../lib/linkify.ts';

const links = (text: string) => linkify(text).filter((p) => p.kind === 'link');

describe('linkify', () => {
  it('returns text without addresses as one part', () => {
    expect(linkify('Hello\nworld')).toEqual([{ kind: 'text', text: 'Hello\nworld' }]);
    expect(linkify('')).toEqual([]);
  });

  it('turns http and https addresses into links and keeps the text around them', () => {
    expect(linkify('See https://example.com/a?b=1#c and http://x.io now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.io', href: 'http://x.io/' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves sentence punctuation and unmatched brackets outside the link', () => {
    expect(linkify('Read https://example.com/post.')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.com/post', href: 'https://example.com/post' },
      { kind: 'text', text: '.' },
    ]);
    expect(links('(see https://example.com/a), then')[0]?.text).toBe('https://example.com/a');
    expect(links('https://en.wikipedia.org/wiki/Foo_(bar)')[0]?.text).toBe('https://en.wikipedia.org/wiki/Foo_(bar)');
  });

  it('never links other schemes', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://example.com', 'mailto:a@b.c', 'JAVASCRIPT://example.com/%0aalert(1)']) {
      expect(links(text)).toEqual([]);
      expect(
        linkify(text)
          .map((p) => p.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('does not link an address without a host', () => {
    expect(links('http:// and https://')).toEqual([]);
  });

  it('keeps every character of the input, in order', () => {
    const text = 'a https://x.io/(y)). b\nhttps://z.io, c <https://q.io>';
    expect(
      linkify(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
    expect(links(text).map((l) => l.text)).toEqual(['https://x.io/(y)', 'https://z.io', 'https://q.io']);
  });
});

describe('safeHref', () => {
  it('accepts only http(s) URLs with a host', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});

describe('LinkifiedText', () => {
  it('escapes the text and marks links as external, untrusted and opening in a new tab', () => {
    const html = renderToStaticMarkup(createElement(LinkifiedText, { text: '<img src=x onerror=alert(1)> https://example.com/"x' }));
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('href="https://example.com/"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow ugc"');
  });
});
