// The .pdf exports (issue 19), written with `pdfkit` (docs/decisions.md, "Exports") in PDF's
// standard fonts, Noto Serif for what they cannot draw: the same content as the .docx ones. pdfkit writes each page out as it finishes it
// (no page buffering), so what is held is the file being collected, not a model of every page.
import PDFDocument from 'pdfkit';
import type { Character } from '@castbook/contracts';
import {
  castList,
  pronunciationLine,
  sidesOf,
  unattributedCounts,
  voiceNotesOf,
  whereIs,
  type BookView,
} from './book.js';
import { cueText, NO_SIDES, UNATTRIBUTED_GREY } from './layout.js';
import { scriptBlocks } from './script.js';
import { pdfFallbackFonts, pdfRuns } from './text.js';

type Doc = PDFKit.PDFDocument;
const BODY = 'Times-Roman';
const BOLD = 'Times-Bold';
const ITALIC = 'Times-Italic';
const SANS = 'Helvetica';
const SANS_BOLD = 'Helvetica-Bold';
const INK = '#151827';
const GREY = '#5b6078';

function newDoc(title: string): Doc {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Creator: 'Castbook' } });
  // Embedded (a subset of the glyphs used) only when some text needs them.
  for (const { name, file } of pdfFallbackFonts()) doc.registerFont(name, file);
  return doc;
}

/** The document's bytes once it has ended. */
function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** pdfkit's current font and size, which its typings do not show. */
type Internals = { _font: { ascender: number }; _fontSize: number };

/**
 * Text in `font`, the characters it cannot draw in a fallback font; the document is left in `font`.
 * pdfkit places a run by its own font's ascender, so a fallback run is put on the standard font's
 * baseline explicitly, or it would sit lower than the words beside it.
 */
function write(doc: Doc, font: string, text: string, options: PDFKit.Mixins.TextOptions = {}): void {
  const runs = pdfRuns(text);
  doc.font(font);
  const internals = doc as unknown as Internals;
  const ascent = (internals._font.ascender / 1000) * internals._fontSize;
  runs.forEach((run, k) => {
    doc.font(run.font ?? font);
    const placed = run.font ? { ...options, baseline: -ascent } : options;
    doc.text(run.text, k < runs.length - 1 ? { ...placed, continued: true } : placed);
  });
  doc.font(font);
}

function heading(doc: Doc, text: string, size: number, color = INK): void {
  doc.moveDown(0.5).fontSize(size).fillColor(color);
  write(doc, SANS_BOLD, text);
  doc.moveDown(0.4).font(BODY).fontSize(11).fillColor(INK);
}

function castPage(doc: Doc, book: BookView): void {
  heading(doc, 'Cast', 16);
  const unattributed = unattributedCounts(book);
  const rows = castList(book).map((e) => ({
    name: e.character.name,
    color: e.character.color,
    lines: e.lines,
    words: e.words,
  }));
  if (unattributed.lines > 0) {
    rows.push({ name: 'Unattributed', color: UNATTRIBUTED_GREY, lines: unattributed.lines, words: unattributed.words });
  }
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(SANS).fontSize(10);
  const header = doc.y;
  doc.font(SANS_BOLD).text('Character', left + 18, header, { width: width - 140 });
  doc.text('Lines', left + width - 120, header, { width: 50, align: 'right' });
  doc.text('Words', left + width - 60, header, { width: 60, align: 'right' });
  doc.font(SANS);
  for (const row of rows) {
    if (doc.y + 16 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y + 2;
    doc
      .rect(left, y + 1, 10, 10)
      .fill(row.color)
      .fillColor(INK);
    doc.x = left + 18;
    doc.y = y;
    write(doc, SANS, row.name, { width: width - 140, height: 12, ellipsis: true });
    doc.text(String(row.lines), left + width - 120, y, { width: 50, align: 'right' });
    doc.text(String(row.words), left + width - 60, y, { width: 60, align: 'right' });
  }
  doc.x = left;
}

/** The whole book: a cast list with line counts, then every chapter, quotes in their speaker's colour. */
export async function scriptPdf(book: BookView): Promise<Buffer> {
  const doc = newDoc(`${book.title} — script`);
  const done = collect(doc);
  heading(doc, book.title, 22);
  castPage(doc, book);
  let first = true;
  for (const block of scriptBlocks(book)) {
    if (block.kind === 'heading') {
      if (first) doc.addPage();
      first = false;
      heading(doc, block.text, 14);
      continue;
    }
    doc.fontSize(11);
    block.runs.forEach((r, k) => {
      const last = k === block.runs.length - 1;
      const color = r.speaker === undefined ? INK : r.speaker ? r.speaker.color : GREY;
      doc.fillColor(color);
      write(doc, BODY, r.text, { continued: !last, underline: r.speaker !== undefined, paragraphGap: last ? 6 : 0 });
    });
    doc.fillColor(INK);
  }
  doc.end();
  return done;
}

/** Each chosen character's sides: voice notes and pronunciation on top, then every line with its cue. */
export async function sidesPdf(book: BookView, characters: Character[]): Promise<Buffer> {
  const doc = newDoc(`${book.title} — sides`);
  const done = collect(doc);
  heading(doc, `${book.title} — sides`, 20);
  if (characters.length === 0) write(doc, BODY, NO_SIDES);
  for (const [k, character] of characters.entries()) {
    if (k > 0) doc.addPage();
    const sides = sidesOf(book, character.id);
    const notes = voiceNotesOf(character);
    heading(doc, character.name, 16, character.color);
    const say = pronunciationLine(notes);
    const facts = [...(say ? [{ label: 'Pronunciation', value: say }] : []), ...notes.notes];
    for (const n of facts) {
      doc.fontSize(11).fillColor(INK);
      write(doc, BOLD, `${n.label}: `, { continued: true });
      write(doc, BODY, n.value);
    }
    doc.fontSize(10).fillColor(GREY);
    write(doc, ITALIC, `${sides.length} ${sides.length === 1 ? 'line' : 'lines'}`, { paragraphGap: 10 });
    const left = doc.page.margins.left;
    for (const side of sides) {
      const { line } = side;
      // A line and its cue stay on one page when they fit on one.
      if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
      doc.fontSize(8).fillColor(GREY);
      write(doc, SANS, whereIs(book, line));
      // The cue and the line sit indented under where they are (the whole block, not its first line).
      doc.x = left + 18;
      doc.fontSize(10).fillColor(GREY);
      write(doc, ITALIC, cueText(side));
      doc.fontSize(11).fillColor(INK);
      write(doc, BOLD, `${character.name}: `, { continued: true });
      write(doc, BODY, line.quote.text, { paragraphGap: 10 });
      doc.x = left;
    }
  }
  doc.end();
  return done;
}
