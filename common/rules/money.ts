/** Money travels as integer pence in code; the database holds numeric(10,2) text like "26100.00". */

/** "26100.5" → 2610050. Exact for any numeric text with at most two decimals; no floating point involved. */
export function toPence(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!m) throw new Error(`not an amount: ${value}`);
  const pence = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -pence : pence;
}

/** 2610050 → "26100.50", the text a numeric(10,2) column takes. */
export function fromPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new Error(`not a whole number of pence: ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
