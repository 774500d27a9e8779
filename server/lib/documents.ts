import { inflateSync } from 'node:zlib';

/**
 * What an uploaded CV is, judged by its bytes alone (never its name or declared type): a PDF with no active
 * content, or a Word document (a ZIP whose central directory lists `word/document.xml`, read in memory without
 * extracting anything) with no macros. A Word 97-2003 (.doc) file is refused: its macros hide in a binary
 * compound file that is not worth parsing for a CV, and every Word since 2007 saves .docx.
 */
export type CvType = 'pdf' | 'doc' | 'docx';
/** The types accepted from now on; a .doc stored before is still served to its readers. */
export type UploadableCvType = Exclude<CvType, 'doc'>;

export const CV_FORMATS: Record<CvType, { extension: string; contentType: string }> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  doc: { extension: 'doc', contentType: 'application/msword' },
  docx: { extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
};

/** Why a CV is refused: not a PDF or Word document, a Word 97-2003 file, a document with macros, a PDF with active content, or a PDF too packed to check. */
export type CvRefusal = 'type' | 'doc' | 'macros' | 'active_content' | 'unreadable';

const PDF = Buffer.from('%PDF-', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The stream every Word 97-2003 file has, named in UTF-16LE in the compound file's directory. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');
const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

/** A CV's type, or why it is refused. */
export function checkCv(bytes: Buffer): { type: UploadableCvType } | { refused: CvRefusal } {
  if (bytes.length >= PDF.length && bytes.subarray(0, PDF.length).equals(PDF)) {
    const active = pdfActiveContent(bytes);
    return active === 'none' ? { type: 'pdf' } : { refused: active };
  }
  if (bytes.length >= 512 && bytes.subarray(0, OLE2.length).equals(OLE2)) return { refused: bytes.includes(WORD_STREAM) ? 'doc' : 'type' };
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL) return wordZip(bytes);
  return { refused: 'type' };
}

/** The type of an acceptable CV, or null. */
export function detectCvType(bytes: Buffer): UploadableCvType | null {
  const result = checkCv(bytes);
  return 'type' in result ? result.type : null;
}

/**
 * PDF names that make a reader run or open something: scripts, actions on opening a document or page or on a
 * field (`/AA`), launching a program, embedded files, rich media, forms that post data. A `/OpenAction` that only
 * goes to a page is harmless; one that runs a script carries `/JS` or `/JavaScript`, found on its own.
 */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'AA', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'SubmitForm', 'ImportData', 'XFA']);
/** At most this much is inflated from a PDF's object streams, so a small file cannot expand without bound. */
const PDF_INFLATE_BUDGET = 64 * 1024 * 1024;

/** A name in a PDF, `#xx` escapes decoded (a writer may spell /JavaScript as /J#61vaScript). */
const decodeName = (raw: string) => raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
/**
 * The active names long enough that random bytes never spell them (with a delimiter after), so they can be looked
 * for everywhere, stream data included: a file that hides a dictionary where the scan below would skip it (behind a
 * `stream` keyword in a comment or a string, say) still cannot name a script or launch action without one of them.
 */
const LONG_ACTIVE_NAMES = new Set([...ACTIVE_NAMES].filter((n) => n.length >= 6));
const hasActiveName = (text: string, names: ReadonlySet<string> = ACTIVE_NAMES) => {
  for (const m of text.matchAll(/\/([^\s/[\]<>(){}%]+)/g)) if (names.has(decodeName(m[1]))) return true;
  return false;
};

/**
 * Whether a PDF carries active content. Its dictionaries are read where they are: in the file's own bytes
 * outside the streams (stream data, such as images and fonts, is skipped: its random bytes would now and then
 * spell a name) and, since PDF 1.5 may pack them compressed into object streams (`/Type /ObjStm`), inside every
 * object stream inflated with zlib. An object stream that cannot be inflated (another filter, encryption,
 * damage, or more than the budget) cannot be checked, so the file is refused too.
 */
export function pdfActiveContent(bytes: Buffer): 'none' | 'active_content' | 'unreadable' {
  const text = bytes.toString('latin1');
  if (hasActiveName(text, LONG_ACTIVE_NAMES)) return 'active_content';
  let budget = PDF_INFLATE_BUDGET;
  let outside = '';
  let from = 0;
  const streamAt = /(?<![A-Za-z])stream\r?\n/g;
  for (let m = streamAt.exec(text); m; m = streamAt.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    // the stream's own dictionary: from the start of its object to the keyword
    const objectStart = text.lastIndexOf('obj', m.index);
    const dict = text.slice(Math.max(objectStart, from), m.index);
    outside += text.slice(from, m.index);
    from = end + 'endstream'.length;
    streamAt.lastIndex = from;
    if (!/\/Type\s*\/ObjStm\b/.test(dict)) continue;
    if (!/\/Filter\s*(\[\s*)?\/FlateDecode\s*\]?\s*(\/|>>)/.test(dict)) return 'unreadable';
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(start, end), { maxOutputLength: budget });
    } catch {
      return 'unreadable';
    }
    budget -= inflated.length;
    if (hasActiveName(inflated.toString('latin1'))) return 'active_content';
  }
  outside += text.slice(from);
  return hasActiveName(outside) ? 'active_content' : 'none';
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
function wordZip(bytes: Buffer): { type: 'docx' } | { refused: CvRefusal } {
  const names = zipEntryNames(bytes);
  if (!names) return { refused: 'type' };
  const set = new Set(names);
  if (!set.has('word/document.xml') || !set.has('[Content_Types].xml')) return { refused: 'type' };
  return names.some((n) => n.toLowerCase().endsWith('vbaproject.bin')) ? { refused: 'macros' } : { type: 'docx' };
}
