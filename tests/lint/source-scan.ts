// Reads the server's source for the arguments of calls to a named function, so completeness tests can check the
// literals the code writes against a registry (a cast in the code cannot hide one from this).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every non-test TypeScript file under a folder of the project, with its text. */
export function sourceFiles(folder: string): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push({ file: path.relative(ROOT, full), text: readFileSync(full, 'utf8') });
    }
  };
  walk(path.join(ROOT, folder));
  return out;
}

/** The text from `start` to the bracket that closes the one before it (quotes and template literals skipped). */
function untilClose(text: string, start: number): string {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'" || ch === '"' || ch === '`') {
      const close = text.indexOf(ch, i + 1);
      i = close < 0 ? text.length : close;
    } else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch) && --depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

/** The arguments of each call to `fn` in a file (its definition excluded), with the line each call starts on. */
export function callArguments(text: string, fn: string): Array<{ line: number; args: string }> {
  const calls: Array<{ line: number; args: string }> = [];
  const re = new RegExp(`(?<!function )\\b${fn}\\s*(?:<[^>(]*>)?\\(`, 'g');
  for (const m of text.matchAll(re)) {
    calls.push({ line: text.slice(0, m.index).split('\n').length, args: untilClose(text, m.index + m[0].length) });
  }
  return calls;
}

/** The expression a key is given in an object literal's text, up to the next comma or bracket at its level. */
export function propertyExpression(args: string, key: string): string | null {
  const m = new RegExp(`\\b${key}:\\s*`).exec(args);
  if (!m) return null;
  const rest = args.slice(m.index + m[0].length);
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i];
    if (ch === "'" || ch === '"' || ch === '`') {
      const close = rest.indexOf(ch, i + 1);
      i = close < 0 ? rest.length : close;
    } else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) {
      if (depth-- === 0) return rest.slice(0, i).trim();
    } else if (ch === ',' && depth === 0) return rest.slice(0, i).trim();
  }
  return rest.trim();
}

/**
 * The values an expression can take that the registry must know: each quoted literal as itself, each template
 * literal as a pattern (`timesheet.${decision}` → /^timesheet\.[\w-]+$/). Null when it holds neither, i.e. the
 * value comes from a variable the scan cannot read.
 */
export function literalValues(expr: string): Array<string | RegExp> | null {
  const values: Array<string | RegExp> = [];
  // of `cond ? a : b`, only the branches are values (the condition's literals are what it compares with)
  const branches = expr.includes(' ? ') ? expr.slice(expr.indexOf(' ? ') + 3) : expr;
  for (const m of branches.matchAll(/'([^']*)'|"([^"]*)"|`([^`]*)`/g)) {
    if (m[3] === undefined) values.push(m[1] ?? m[2]);
    else {
      const parts = m[3].split(/\$\{[^}]*\}/).map((p) => p.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
      values.push(new RegExp(`^${parts.join('[\\w-]+')}$`));
    }
  }
  return values.length ? values : null;
}

/** The values of `values` that no name of `known` accounts for (a pattern must match at least one). */
export function unknownValues(values: Array<string | RegExp>, known: readonly string[]): string[] {
  return values.filter((v) => (typeof v === 'string' ? !known.includes(v) : !known.some((k) => v.test(k)))).map(String);
}
