import { describe, expect, it } from 'vitest';
import { detectCvType, zipEntryNames } from './documents.ts';

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

describe('detectCvType', () => {
  it('knows a PDF, a Word 97-2003 file and a Word document by their bytes', () => {
    expect(detectCvType(Buffer.from('%PDF-1.7\n...'))).toBe('pdf');
    const ole = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    Buffer.from('WordDocument', 'utf16le').copy(ole, 600);
    expect(detectCvType(ole)).toBe('doc');
    expect(detectCvType(zipOf(['[Content_Types].xml', 'word/document.xml']))).toBe('docx');
  });

  it('refuses everything else: text, a spreadsheet in a compound file, other archives, macros, broken archives', () => {
    expect(detectCvType(Buffer.from('hello'))).toBeNull();
    expect(detectCvType(Buffer.alloc(0))).toBeNull();
    const xls = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(xls);
    expect(detectCvType(xls)).toBeNull();
    expect(detectCvType(zipOf(['xl/workbook.xml', '[Content_Types].xml']))).toBeNull();
    expect(detectCvType(zipOf(['[Content_Types].xml', 'word/document.xml', 'word/vbaProject.bin']))).toBeNull();
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
