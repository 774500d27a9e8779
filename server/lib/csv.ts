/**
 * One CSV cell, safe to open in a spreadsheet. A value holding a comma, a semicolon (the list separator in many
 * locales), a quote, a tab, a NUL or a line break is quoted, so it never starts a new cell whatever the reader's
 * separator; and a formula character (= + - @, a tab, a carriage return or a NUL) at the start of the value, or
 * straight after a separator or a line break inside it, gets an apostrophe before it, so it is shown as text and
 * never runs.
 */
export function csvField(value: string): string {
  const neutralised = value.replace(/(^|[;,\n\r])([=+\-@\t\r\0])/g, "$1'$2");
  return /[",;\n\r\t\0']/.test(neutralised) ? `"${neutralised.replace(/"/g, '""')}"` : neutralised;
}

/** One CSV line (CRLF-terminated) of cells. */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map((v) => csvField(v == null ? '' : String(v))).join(',')}\r\n`;
}
