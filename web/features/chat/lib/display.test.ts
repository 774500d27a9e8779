import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../common/schemas/chat.ts';
import { dayLabel, fileSize, historyRows, listTime, messageCounter, quoteSnippet } from './display.ts';

const now = new Date(2026, 10, 24, 15, 0);
const at = (day: number, h: number, m = 0) => new Date(2026, 10, day, h, m).toISOString();
const msg = (id: string, sender: string, createdAt: string, replyToId: string | null = null) =>
  ({ id, sender: { id: sender, firstName: sender, lastName: '', profilePicture: null }, createdAt, replyToId }) as unknown as ChatMessage;

describe('chat display', () => {
  it('says when in the words of the list and the separators', () => {
    expect(listTime(at(24, 9, 5), now)).toBe('09:05');
    expect(listTime(at(23, 9), now)).toBe('Yesterday');
    expect(listTime(at(20, 9), now)).toBe('Fri');
    expect(listTime(at(3, 9), now)).toBe('3 Nov');
    expect(dayLabel(at(24, 1), now)).toBe('Today');
    expect(dayLabel(at(23, 1), now)).toBe('Yesterday');
    expect(dayLabel(at(16, 1), now)).toBe('Monday 16 November');
    expect(dayLabel(new Date(2025, 0, 2).toISOString(), now)).toBe('Thursday 2 January 2025');
  });

  it('separates days and groups one sender’s messages close together', () => {
    const rows = historyRows(
      [
        msg('a', 'sam', at(23, 9)),
        msg('b', 'sam', at(23, 9, 2)),
        msg('c', 'sam', at(23, 9, 20)),
        msg('d', 'ann', at(23, 9, 21)),
        msg('e', 'ann', at(24, 8)),
        msg('f', 'ann', at(24, 8, 1), 'e'),
      ],
      now,
    );
    expect(rows.map((r) => (r.kind === 'day' ? r.label : `${r.message.id}${r.startsGroup ? '*' : ''}`))).toEqual([
      'Yesterday',
      'a*',
      'b',
      'c*',
      'd*',
      'Today',
      'e*',
      'f*',
    ]);
  });

  it('shows the counter only near the limit', () => {
    expect(messageCounter(10)).toBeNull();
    expect(messageCounter(3600)).toBe('3,600 / 4,000');
  });

  it('says a file’s size as people read it, and quotes a file sent alone by its name', () => {
    expect(fileSize(94)).toBe('94 bytes');
    expect(fileSize(820 * 1024)).toBe('820 KB');
    expect(fileSize(2.4 * 1024 * 1024)).toBe('2.4 MB');
    const alone = { content: '', isDeleted: false, attachment: { name: 'Heads of terms.pdf' } } as unknown as ChatMessage;
    expect(quoteSnippet(alone)).toBe('Heads of terms.pdf');
    const mention = { content: 'Ask @[Ada Lovelace](user:10000000-0000-4000-8000-000000000001) first', isDeleted: false, attachment: null } as unknown as ChatMessage;
    expect(quoteSnippet(mention)).toBe('Ask @Ada Lovelace first');
  });
});
