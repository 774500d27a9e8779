import PDFDocument from 'pdfkit';

/**
 * The layout shared by the payout statements: an A4 page with the organisation at the top, a block of labelled
 * facts, and a table that breaks across pages with its header repeated. Helvetica (the PDF standard font) keeps
 * the files small and needs nothing embedded; the project's Inter ships only as variable WOFF2, which PDF
 * readers do not take.
 */

const MARGIN = 50;
const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const ACCENT = '#1e3a5f';

/** The characters Helvetica's WinAnsi encoding holds beyond ASCII and Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Letters Unicode does not split into a base letter and an accent. */
const NO_DECOMPOSITION: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i' };

/**
 * Text the standard font can draw: a letter outside its encoding loses its accent (ę as e, ł as l), and a
 * character with no Latin form becomes a question mark rather than an empty box or a wrong glyph.
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\n') out += ch;
    else {
      const plain = (NO_DECOMPOSITION[ch] ?? ch).normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    }
  }
  return out;
}

export interface PdfColumn {
  label: string;
  /** A share of the table's width. */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfTableRow {
  cells: string[];
  /** A total or subtotal row: bold, with a rule above. */
  strong?: boolean;
}

export class StatementPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(title: string, author: string) {
    this.doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Author: author }, bufferPages: true });
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (c: Buffer) => this.chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  private get width(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGIN - 20;
  }

  /** The organisation and the document's title. */
  header(organisation: string, supportEmail: string, title: string, subtitle: string): void {
    const { doc } = this;
    doc.font('Helvetica-Bold').fontSize(16).fillColor(ACCENT).text(pdfSafe(organisation), MARGIN, MARGIN);
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(pdfSafe(supportEmail));
    doc.moveDown(1.2);
    doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text(pdfSafe(title));
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(pdfSafe(subtitle));
    doc.moveDown(0.8);
  }

  /** Label: value pairs, two columns. */
  facts(pairs: [string, string][]): void {
    const { doc } = this;
    const labelWidth = 130;
    for (const [label, value] of pairs) {
      const y = doc.y;
      doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(pdfSafe(label), MARGIN, y, { width: labelWidth });
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor(INK)
        .text(pdfSafe(value), MARGIN + labelWidth, y, { width: this.width - labelWidth });
      doc.moveDown(0.25);
    }
    doc.moveDown(0.6);
  }

  /** A section heading, kept on the page with what follows it (a line of text and a table's first rows). */
  heading(text: string): void {
    this.ensureSpace(110);
    this.doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(pdfSafe(text), MARGIN, this.doc.y);
    this.doc.moveDown(0.4);
  }

  paragraph(text: string, opts: { bold?: boolean; muted?: boolean } = {}): void {
    this.ensureSpace(30);
    this.doc
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9.5)
      .fillColor(opts.muted ? MUTED : INK)
      .text(pdfSafe(text), MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.4);
  }

  /** A table whose header row is drawn again at the top of every page it continues on. */
  table(columns: PdfColumn[], rows: PdfTableRow[]): void {
    const { doc } = this;
    const share = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / share) * this.width);
    const pad = 4;
    const drawRow = (raw: string[], font: string, color: string) => {
      const cells = raw.map(pdfSafe);
      doc.font(font).fontSize(8.5);
      const heights = cells.map((c, i) => doc.heightOfString(c, { width: widths[i] - pad * 2 }));
      const h = Math.max(...heights) + pad * 2;
      return {
        h,
        draw: () => {
          const y = doc.y;
          let x = MARGIN;
          // a page break may have drawn the header in between: set the row's own font again
          doc.font(font).fontSize(8.5).fillColor(color);
          cells.forEach((c, i) => {
            doc.text(c, x + pad, y + pad, { width: widths[i] - pad * 2, align: columns[i].align ?? 'left' });
            x += widths[i];
          });
          doc.x = MARGIN;
          doc.y = y + h;
        },
      };
    };
    const drawHeader = () => {
      const head = drawRow(
        columns.map((c) => c.label),
        'Helvetica-Bold',
        INK,
      );
      doc.rect(MARGIN, doc.y, this.width, head.h).fill('#f3f4f6');
      head.draw();
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + this.width, doc.y)
        .lineWidth(0.6)
        .strokeColor(RULE)
        .stroke();
    };
    this.ensureSpace(60);
    drawHeader();
    for (const row of rows) {
      const r = drawRow(row.cells, row.strong ? 'Helvetica-Bold' : 'Helvetica', INK);
      if (doc.y + r.h > this.bottom) {
        doc.addPage();
        doc.y = MARGIN;
        drawHeader();
      }
      if (row.strong)
        doc
          .moveTo(MARGIN, doc.y)
          .lineTo(MARGIN + this.width, doc.y)
          .lineWidth(0.8)
          .strokeColor(INK)
          .stroke();
      r.draw();
      if (!row.strong)
        doc
          .moveTo(MARGIN, doc.y)
          .lineTo(MARGIN + this.width, doc.y)
          .lineWidth(0.3)
          .strokeColor(RULE)
          .stroke();
    }
    doc.moveDown(0.8);
  }

  private ensureSpace(h: number): void {
    if (this.doc.y + h > this.bottom) {
      this.doc.addPage();
      this.doc.y = MARGIN;
    }
  }

  /** Page numbers and a footer line on every page, then the finished file. */
  async finish(footer: string): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      // text below the bottom margin would open a new page: lift the margin while writing the footer
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(`${pdfSafe(footer)}   ·   Page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN + 10, {
          width: this.width,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = bottomMargin;
    }
    doc.end();
    return this.done;
  }
}

/** 123456 → "£1,234.56"; negative amounts (a downward correction) as "−£12.00". */
export function pounds(pence: number): string {
  const abs = Math.abs(pence);
  const whole = Math.floor(abs / 100).toLocaleString('en-GB');
  return `${pence < 0 ? '-' : ''}£${whole}.${String(abs % 100).padStart(2, '0')}`;
}
