/**
 * What an uploaded CV is, judged by its bytes alone (never its name or declared type): a PDF, a Word 97-2003
 * document (an OLE2 compound file holding a `WordDocument` stream) or a Word document (a ZIP whose central
 * directory lists `word/document.xml`, read in memory without extracting anything). Anything else is null.
 */
export type CvType = 'pdf' | 'doc' | 'docx';

export const CV_FORMATS: Record<CvType, { extension: string; contentType: string }> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  doc: { extension: 'doc', contentType: 'application/msword' },
  docx: { extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
};

const PDF = Buffer.from('%PDF-', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The stream every Word 97-2003 file has, named in UTF-16LE in the compound file's directory. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');
const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

export function detectCvType(bytes: Buffer): CvType | null {
  if (bytes.length >= PDF.length && bytes.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  if (bytes.length >= 512 && bytes.subarray(0, OLE2.length).equals(OLE2)) return bytes.includes(WORD_STREAM) ? 'doc' : null;
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL) return isWordZip(bytes) ? 'docx' : null;
  return null;
}

/** The names in a ZIP's central directory, or null if the archive is malformed (or ZIP64, which no CV needs). */
export function zipEntryNames(bytes: Buffer): string[] | null {
  // the end record is in the last 22 bytes plus at most a 65 535-byte comment
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (bytes.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff || offset + size > end) return null;
  const names: string[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== ZIP_CENTRAL) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > end) return null;
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at = next;
  }
  return names;
}

/** A Word document: its parts list and main document are there, and it carries no macros (a renamed .docm). */
function isWordZip(bytes: Buffer): boolean {
  const names = zipEntryNames(bytes);
  if (!names) return false;
  const set = new Set(names);
  return set.has('word/document.xml') && set.has('[Content_Types].xml') && !names.some((n) => n.toLowerCase().endsWith('vbaproject.bin'));
}
