import { inflateSync } from 'node:zlib';

/** The WinAnsi characters the statements use that Latin-1 places elsewhere. */
const WIN_ANSI: Record<string, string> = { '\x91': '\u2018', '\x92': '\u2019', '\x95': '\u2022', '\x96': '\u2013', '\x97': '\u2014' };

/**
 * The text drawn in a PDF as the statements write it (standard fonts, text as hex strings in TJ arrays inside
 * Flate-compressed content streams): each text run on a line of its own, in drawing order. Enough to check what
 * a statement says without a PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      const text = [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((h) => Buffer.from(h[1], 'hex').toString('latin1'))
        .join('')
        .replace(/[\x91\x92\x95\x96\x97]/g, (c) => WIN_ANSI[c]);
      runs.push(text);
    }
  }
  return runs.join('\n');
}
