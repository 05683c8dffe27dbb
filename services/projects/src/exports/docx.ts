// The .docx exports (issue 19), written with `docx` (docs/decisions.md, "Exports"): the sides of
// chosen characters, and the whole book as a script with each character's lines in its colour.
import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  UnderlineType,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { Character } from '@castbook/contracts';
import {
  castList,
  pronunciationLine,
  sidesOf,
  unattributedCounts,
  voiceNotesOf,
  whereIs,
  type BookView,
  type CastEntry,
} from './book.js';
import { scriptBlocks } from './script.js';
import { xmlText } from './text.js';
import { cueText, NO_SIDES, UNATTRIBUTED_GREY } from './layout.js';

const hex = (color: string) => color.replace('#', '').toUpperCase();
const run = (text: string, options: Omit<ConstructorParameters<typeof TextRun>[0] & object, 'text'> = {}) =>
  new TextRun({ ...options, text: xmlText(text) });
const grey = { color: '5B6078' } as const;

/** A quote as the workspace draws it: the speaker's colour, underlined in it; dashed grey when nobody says it. */
function quoteRun(text: string, speaker: Character | null): TextRun {
  if (!speaker) return run(text, { underline: { type: UnderlineType.DASH, color: hex(UNATTRIBUTED_GREY) } });
  return run(text, { color: hex(speaker.color), underline: { type: UnderlineType.SINGLE, color: hex(speaker.color) } });
}

const swatch = (color: string) =>
  new TableCell({
    width: { size: 400, type: WidthType.DXA },
    shading: { type: ShadingType.CLEAR, fill: hex(color), color: 'auto' },
    children: [new Paragraph('')],
  });
const cell = (text: string, bold = false, align?: (typeof AlignmentType)[keyof typeof AlignmentType]) =>
  new TableCell({ children: [new Paragraph({ alignment: align, children: [run(text, { bold })] })] });

function castTable(cast: CastEntry[], unattributed: { lines: number; words: number }): Table {
  const header = new TableRow({
    tableHeader: true,
    children: [cell(''), cell('Character', true), cell('Lines', true), cell('Words', true)],
  });
  const rows = cast.map(
    (e) =>
      new TableRow({
        children: [
          swatch(e.character.color),
          cell(e.character.name),
          cell(String(e.lines), false, AlignmentType.RIGHT),
          cell(String(e.words), false, AlignmentType.RIGHT),
        ],
      }),
  );
  if (unattributed.lines > 0) {
    rows.push(
      new TableRow({
        children: [
          swatch(UNATTRIBUTED_GREY),
          cell('Unattributed'),
          cell(String(unattributed.lines), false, AlignmentType.RIGHT),
          cell(String(unattributed.words), false, AlignmentType.RIGHT),
        ],
      }),
    );
  }
  return new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [header, ...rows] });
}

function document(title: string, children: (Paragraph | Table)[]): Document {
  return new Document({
    title: xmlText(title),
    creator: 'Castbook',
    styles: { default: { document: { run: { font: 'Georgia', size: 22 } } } },
    sections: [{ children }],
  });
}

/** The whole book: a cast list with line counts, then every chapter, quotes in their speaker's colour. */
export async function scriptDocx(book: BookView): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [run(book.title)] }),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run('Cast')] }),
    castTable(castList(book), unattributedCounts(book)),
  ];
  let first = true;
  for (const block of scriptBlocks(book)) {
    if (block.kind === 'heading') {
      children.push(
        new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: first, children: [run(block.text)] }),
      );
      first = false;
      continue;
    }
    const runs: ParagraphChild[] = block.runs.map((r) =>
      r.speaker === undefined ? run(r.text) : quoteRun(r.text, r.speaker),
    );
    children.push(new Paragraph({ spacing: { after: 120 }, children: runs }));
  }
  return Packer.toBuffer(document(`${book.title} — script`, children));
}

/** Each chosen character's sides: voice notes and pronunciation on top, then every line with its cue. */
export async function sidesDocx(book: BookView, characters: Character[]): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [run(`${book.title} — sides`)] }),
  ];
  if (characters.length === 0) children.push(new Paragraph({ children: [run(NO_SIDES)] }));
  for (const [k, character] of characters.entries()) {
    const sides = sidesOf(book, character.id);
    const notes = voiceNotesOf(character);
    children.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        pageBreakBefore: k > 0,
        children: [run(character.name, { color: hex(character.color) })],
      }),
    );
    const say = pronunciationLine(notes);
    if (say) children.push(new Paragraph({ children: [run('Pronunciation: ', { bold: true }), run(say)] }));
    for (const n of notes.notes) {
      children.push(new Paragraph({ children: [run(`${n.label}: `, { bold: true }), run(n.value)] }));
    }
    children.push(
      new Paragraph({
        spacing: { after: 240 },
        children: [run(`${sides.length} ${sides.length === 1 ? 'line' : 'lines'}`, { italics: true, ...grey })],
      }),
    );
    for (const side of sides) {
      const { line } = side;
      children.push(
        new Paragraph({ keepNext: true, children: [run(whereIs(book, line), { size: 18, ...grey })] }),
        new Paragraph({
          keepNext: true,
          indent: { left: 360 },
          children: [run(cueText(side), { italics: true, ...grey })],
        }),
        new Paragraph({
          spacing: { after: 200 },
          indent: { left: 360 },
          children: [run(`${character.name}: `, { bold: true }), run(line.quote.text)],
        }),
      );
    }
  }
  return Packer.toBuffer(document(`${book.title} — sides`, children));
}
