import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkCv, detectCvType, pdfActiveContent, zipEntryNames } from './documents.ts';

/** The smallest ZIP with the named (empty) entries: central directory and end record only, as the detector reads them. */
function zipOf(names: string[]): Buffer {
  const local = Buffer.alloc(4);
  local.writeUInt32LE(0x04034b50, 0);
  const centrals = names.map((name) => {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(Buffer.byteLength(name), 28);
    return Buffer.concat([header, Buffer.from(name)]);
  });
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(local.length, 16);
  return Buffer.concat([local, directory, end]);
}

/**
 * A small but complete PDF: the objects given (numbered from 1, the first the catalogue), a cross-reference
 * table with their real offsets, and the trailer. A stream object is `{ dict, data }`: its bytes are written as given.
 */
function pdfOf(objects: Array<string | { dict: string; data: Buffer }>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0].length;
  objects.forEach((o, i) => {
    offsets.push(at);
    const body =
      typeof o === 'string'
        ? Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1')
        : Buffer.concat([
            Buffer.from(`${i + 1} 0 obj\n${o.dict.replace('>>', ` /Length ${o.data.length} >>`)}\nstream\n`, 'latin1'),
            o.data,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ]);
    parts.push(body);
    at += body.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>';
const CONTENT = { dict: '<< /Filter /FlateDecode >>', data: deflateSync(Buffer.from('BT /F1 12 Tf 72 720 Td (Curriculum vitae) Tj ET')) };
const plainPdf = () => pdfOf([CATALOG, PAGES, PAGE, CONTENT]);
/** An object stream holding the given objects (numbered from 10), compressed as PDF 1.5 writers do. */
function objectStream(objects: string[], filter = '/FlateDecode'): { dict: string; data: Buffer } {
  let header = '';
  let body = '';
  objects.forEach((o, i) => {
    header += `${10 + i} ${body.length} `;
    body += `${o}\n`;
  });
  const raw = Buffer.from(header + body, 'latin1');
  return { dict: `<< /Type /ObjStm /N ${objects.length} /First ${header.length} /Filter ${filter} >>`, data: filter === '/FlateDecode' ? deflateSync(raw) : raw };
}

describe('detectCvType', () => {
  it('knows a PDF and a Word document by their bytes', () => {
    expect(detectCvType(Buffer.from('%PDF-1.7\n...'))).toBe('pdf');
    expect(detectCvType(plainPdf())).toBe('pdf');
    expect(detectCvType(zipOf(['[Content_Types].xml', 'word/document.xml']))).toBe('docx');
  });

  it('refuses a Word 97-2003 file, saying so', () => {
    const ole = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    Buffer.from('WordDocument', 'utf16le').copy(ole, 600);
    expect(checkCv(ole)).toEqual({ refused: 'doc' });
    expect(detectCvType(ole)).toBeNull();
  });

  it('refuses a Word document with macros, saying so', () => {
    expect(checkCv(zipOf(['[Content_Types].xml', 'word/document.xml', 'word/vbaProject.bin']))).toEqual({ refused: 'macros' });
  });

  it('refuses everything else: text, a spreadsheet in a compound file, other archives, macros, broken archives', () => {
    expect(detectCvType(Buffer.from('hello'))).toBeNull();
    expect(detectCvType(Buffer.alloc(0))).toBeNull();
    const xls = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(xls);
    expect(detectCvType(xls)).toBeNull();
    expect(detectCvType(zipOf(['xl/workbook.xml', '[Content_Types].xml']))).toBeNull();
    const broken = zipOf(['[Content_Types].xml', 'word/document.xml']);
    expect(detectCvType(broken.subarray(0, broken.length - 5))).toBeNull();
  });

  it('reads a central directory whose counts or offsets lie without reading past the buffer', () => {
    const lying = zipOf(['word/document.xml']);
    lying.writeUInt16LE(500, lying.length - 22 + 10);
    expect(zipEntryNames(lying)).toBeNull();
    const far = zipOf(['word/document.xml']);
    far.writeUInt32LE(0x7fffffff, far.length - 22 + 16);
    expect(zipEntryNames(far)).toBeNull();
  });
});

describe('active content in a PDF', () => {
  const refused = (bytes: Buffer) => expect(checkCv(bytes)).toEqual({ refused: 'active_content' });

  it('accepts a plain PDF, one whose catalogue opens at a page, and one with compressed objects that do nothing', () => {
    expect(pdfActiveContent(plainPdf())).toBe('none');
    expect(checkCv(pdfOf(['<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>', PAGES, PAGE, CONTENT]))).toEqual({ type: 'pdf' });
    expect(checkCv(pdfOf([CATALOG, PAGES, PAGE, CONTENT, objectStream(['<< /Type /Annot /Subtype /Link /Dest [3 0 R /Fit] >>'])]))).toEqual({ type: 'pdf' });
  });

  it('refuses a script run on opening, a page or field action, a launch action, embedded files, rich media and a form posting data', () => {
    refused(pdfOf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>', PAGES, PAGE, CONTENT, '<< /S /JavaScript /JS (app.alert(1)) >>']));
    refused(pdfOf([CATALOG, PAGES, '<< /Type /Page /Parent 2 0 R /AA << /O 5 0 R >> >>', CONTENT, '<< /S /GoTo /D [3 0 R /Fit] >>']));
    refused(pdfOf([CATALOG, PAGES, PAGE, CONTENT, '<< /S /Launch /F (cmd.exe) >>']));
    refused(pdfOf(['<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 5 0 R >> >>', PAGES, PAGE, CONTENT, '<< /Names [(a.exe) 6 0 R] >>']));
    refused(pdfOf([CATALOG, PAGES, PAGE, CONTENT, '<< /Type /Annot /Subtype /RichMedia >>']));
    refused(pdfOf([CATALOG, PAGES, PAGE, CONTENT, '<< /S /SubmitForm /F (https://example.com/) >>']));
  });

  it('reads a name however it is spelt: #-escaped letters, no space before the next token', () => {
    refused(pdfOf(['<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61vaScript /J#53(x) >> >>', PAGES, PAGE, CONTENT]));
    refused(pdfOf(['<< /Type /Catalog /Pages 2 0 R /OpenAction<</S/JavaScript/JS(x)>> >>', PAGES, PAGE, CONTENT]));
  });

  it('finds a script hidden in a compressed object stream, which the raw bytes do not show', () => {
    const hidden = pdfOf([CATALOG, PAGES, PAGE, CONTENT, objectStream(['<< /S /JavaScript /JS (app.launchURL("https://example.com")) >>'])]);
    expect(hidden.includes(Buffer.from('JavaScript'))).toBe(false);
    refused(hidden);
  });

  it('refuses an object stream it cannot read (another filter, damaged data), rather than pass it unchecked', () => {
    expect(checkCv(pdfOf([CATALOG, PAGES, PAGE, CONTENT, objectStream(['<< /Type /Annot /Subtype /Link >>'], '/LZWDecode')]))).toEqual({ refused: 'unreadable' });
    const damaged = objectStream(['<< /Type /Annot >>']);
    damaged.data = Buffer.from(damaged.data.subarray(0, 4));
    expect(checkCv(pdfOf([CATALOG, PAGES, PAGE, CONTENT, damaged]))).toEqual({ refused: 'unreadable' });
  });

  it('finds a script action hidden behind a stream keyword in a comment, which the stream skipping would pass over', () => {
    const sneaky = Buffer.from(
      '%PDF-1.4\n%stream\n1 0 obj <</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>> endobj\n2 0 obj <</Length 0>> stream\nendstream endobj\n%%EOF\n',
      'latin1',
    );
    refused(sneaky);
    const launch = Buffer.from('%PDF-1.4\n%stream\n1 0 obj <</Type/Catalog/OpenAction<</S/Launch/F(cmd.exe)>>>> endobj\nendstream\n%%EOF\n', 'latin1');
    refused(launch);
  });

  it('does not read names inside stream data such as images and fonts', () => {
    // bytes of a picture that happen to spell /JS followed by a delimiter
    const image = { dict: '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 >>', data: Buffer.from('\x00\x01/JS \x02/AA>\x03', 'latin1') };
    expect(checkCv(pdfOf([CATALOG, PAGES, PAGE, CONTENT, image]))).toEqual({ type: 'pdf' });
  });
});
