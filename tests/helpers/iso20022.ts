import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const xsd = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'iso20022', 'pain.001.001.03.xsd'), 'utf8');

/** The schema errors of a pain.001.001.03 document (none when it is valid). */
export async function pain001Errors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'payments.xml', contents: xml }], schema: [{ fileName: 'pain.001.001.03.xsd', contents: xsd }] });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}
