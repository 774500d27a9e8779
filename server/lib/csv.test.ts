import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.ts';

describe('csvField', () => {
  it('quotes a cell that holds a separator or a quote, doubling the quotes, and leaves a plain one bare', () => {
    expect(csvField('Acme')).toBe('Acme');
    expect(csvField('Priya Raman; CEO')).toBe('"Priya Raman; CEO"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a,b')).toBe('"a,b"');
  });

  it.each(['=', '+', '-', '@', '\t', '\r', '\0'])('neutralises a value starting with %j', (prefix) => {
    expect(csvField(`${prefix}SUM(A1)`)).toBe(`"'${prefix}SUM(A1)"`);
  });

  it('neutralises a formula after a semicolon or comma inside the value', () => {
    expect(csvField('Priya;=HYPERLINK(A1) Raman')).toBe(`"Priya;'=HYPERLINK(A1) Raman"`);
    expect(csvField('x,@cmd')).toBe(`"x,'@cmd"`);
    expect(csvField('line\n=1+1')).toBe(`"line\n'=1+1"`);
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends with CRLF, empty for null', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
