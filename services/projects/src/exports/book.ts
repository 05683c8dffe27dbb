// The book as every export reads it (issue 19): its chapters, its quotes in reading order with the
// chapter and position of each, who says them, and the counts of the cast list and the casting
// breakdown. Pure: the route loads the project and its text, the renderers only lay this out.
import {
  countWords,
  outlineClass,
  type Breakdown,
  type Character,
  type OutlineItem,
  type Quote,
} from '@castbook/contracts';

export interface BookChapter {
  /** The outline's title, or 'Front matter' for the text before the first chapter. */
  title: string;
  start: number;
  end: number;
  /** An outline item (the script prints a heading there), not the front matter or the whole book. */
  fromOutline: boolean;
}

export interface BookLine {
  quote: Quote;
  /** Index in `BookView.chapters`. */
  chapter: number;
  /** 1-based position among the quotes of its chapter, and how many the chapter has. */
  position: number;
  ofInChapter: number;
  speaker: Character | undefined;
}

export interface CastEntry {
  character: Character;
  lines: number;
  words: number;
  /** Lines and words per chapter (index in `BookView.chapters`); only chapters where it speaks. */
  perChapter: Map<number, { lines: number; words: number }>;
}

export interface BookView {
  title: string;
  content: string;
  chapters: BookChapter[];
  /** Quotes inside the text, in reading order. */
  lines: BookLine[];
  characters: Character[];
  byId: Map<string, Character>;
}

export const FRONT_MATTER = 'Front matter';
export const UNATTRIBUTED = 'Unattributed';

function chapterItems(items: OutlineItem[], out: OutlineItem[] = []): OutlineItem[] {
  for (const item of items) {
    if (outlineClass(item.type) === 'chapter') out.push(item);
    else if (item.children.length === 0) out.push(item); // a part or book with no chapters in it reads as one
    chapterItems(item.children, out);
  }
  return out;
}

/**
 * The chapters covering the text in order: the outline's chapter-class items (a part without
 * chapters counts as one), each running to the next one's start; the text before the first is
 * 'Front matter' when it is not blank. A book without an outline is one chapter named after it.
 */
export function bookChapters(title: string, content: string, outline: OutlineItem[]): BookChapter[] {
  const starts = [...new Map(chapterItems(outline).map((i) => [i.startOffset, i])).values()]
    .filter((i) => i.startOffset < content.length)
    .sort((a, b) => a.startOffset - b.startOffset);
  if (starts.length === 0) return [{ title, start: 0, end: content.length, fromOutline: false }];
  const chapters: BookChapter[] = [];
  if (content.slice(0, starts[0]!.startOffset).trim()) {
    chapters.push({ title: FRONT_MATTER, start: 0, end: starts[0]!.startOffset, fromOutline: false });
  }
  starts.forEach((item, k) =>
    chapters.push({
      title: item.title,
      start: item.startOffset,
      end: starts[k + 1]?.startOffset ?? content.length,
      fromOutline: true,
    }),
  );
  return chapters;
}

export function bookView(input: {
  title: string;
  content: string;
  outline: OutlineItem[];
  characters: Character[];
  quotes: Quote[];
}): BookView {
  const { title, content, characters } = input;
  const chapters = bookChapters(title, content, input.outline);
  const byId = new Map(characters.map((c) => [c.id, c]));
  const quotes = input.quotes
    .filter((q) => q.startOffset < q.endOffset && q.endOffset <= content.length)
    .sort((a, b) => a.startOffset - b.startOffset || a.endOffset - b.endOffset);
  const lines: BookLine[] = [];
  let chapter = 0;
  for (const quote of quotes) {
    while (chapter + 1 < chapters.length && chapters[chapter + 1]!.start <= quote.startOffset) chapter++;
    const speaker = quote.speakerId === null ? undefined : byId.get(quote.speakerId);
    lines.push({ quote, chapter, position: 0, ofInChapter: 0, speaker });
  }
  // Positions within each chapter, once the chapter's count is known.
  for (let a = 0; a < lines.length;) {
    let b = a;
    while (b < lines.length && lines[b]!.chapter === lines[a]!.chapter) b++;
    for (let k = a; k < b; k++) Object.assign(lines[k]!, { position: k - a + 1, ofInChapter: b - a });
    a = b;
  }
  return { title, content, chapters, lines, characters, byId };
}

/**
 * The cast with their line and word counts, most lines first (then by name); characters who never
 * speak come last with zeros. Unattributed quotes are not anyone's: `unattributedCounts` has them.
 */
export function castList(book: BookView): CastEntry[] {
  const entries = new Map<string, CastEntry>(
    book.characters.map((c) => [c.id, { character: c, lines: 0, words: 0, perChapter: new Map() }]),
  );
  for (const line of book.lines) {
    const entry = line.speaker && entries.get(line.speaker.id);
    if (entry) count(entry, line);
  }
  return [...entries.values()].sort(
    (a, b) => b.lines - a.lines || a.character.name.localeCompare(b.character.name, 'en'),
  );
}

/** The quotes no character is given (no speaker, or one the cast does not hold), counted like a character. */
export function unattributedCounts(book: BookView): Omit<CastEntry, 'character'> {
  const entry = { lines: 0, words: 0, perChapter: new Map<number, { lines: number; words: number }>() };
  for (const line of book.lines) if (!line.speaker) count(entry, line);
  return entry;
}

/**
 * The casting breakdown (issue 19): lines and words per character per chapter, characters by most
 * lines (those who speak), then the unattributed quotes. One computation for breakdown.csv and the
 * workspace's chart (GET …/breakdown), so both always show the same figures.
 */
export function breakdown(book: BookView): Breakdown {
  const perChapter = (m: Map<number, { lines: number; words: number }>) =>
    [...m].sort((a, b) => a[0] - b[0]).map(([k, c]) => ({ chapter: k + 1, lines: c.lines, words: c.words }));
  const rest = unattributedCounts(book);
  return {
    chapters: book.chapters.map((c, k) => ({ number: k + 1, title: c.title })),
    entries: [
      ...castList(book)
        .filter((e) => e.lines > 0)
        .map((e) => ({
          characterId: e.character.id,
          name: e.character.name,
          color: e.character.color,
          lines: e.lines,
          words: e.words,
          perChapter: perChapter(e.perChapter),
        })),
      {
        characterId: null,
        name: UNATTRIBUTED,
        color: null,
        lines: rest.lines,
        words: rest.words,
        perChapter: perChapter(rest.perChapter),
      },
    ],
  };
}

function count(entry: Omit<CastEntry, 'character'>, line: BookLine): void {
  const words = countWords(line.quote.text);
  entry.lines++;
  entry.words += words;
  const at = entry.perChapter.get(line.chapter) ?? { lines: 0, words: 0 };
  at.lines++;
  at.words += words;
  entry.perChapter.set(line.chapter, at);
}

/** 'Chapter I · line 3 of 41': where a line sits, for sides and the quotes list. */
export function whereIs(book: BookView, line: BookLine): string {
  return `${book.chapters[line.chapter]!.title} · line ${line.position} of ${line.ofInChapter}`;
}

export interface Side {
  line: BookLine;
  /**
   * The cue: the line right before it in the same chapter, whoever says it (the character's own
   * when it goes on after a bit of narration); null when it is the chapter's first line.
   */
  cue: BookLine | null;
}

/** Every line of one character, each with its cue, in reading order. */
export function sidesOf(book: BookView, characterId: string): Side[] {
  const sides: Side[] = [];
  book.lines.forEach((line, k) => {
    if (line.quote.speakerId !== characterId) return;
    const before = book.lines[k - 1];
    sides.push({ line, cue: before && before.chapter === line.chapter ? before : null });
  });
  return sides;
}

/** Voice notes shown on top of a character's sides, with the labels the sides print. */
const VOICE_NOTE_LABELS = [
  ['age', 'Age'],
  ['accent', 'Accent'],
  ['pitch', 'Pitch'],
  ['pace', 'Pace'],
  ['direction', 'Direction'],
] as const;

export interface VoiceNotes {
  /** How to say the name: the spelling-out and the IPA, when given. */
  pronunciation: string | undefined;
  ipa: string | undefined;
  notes: { label: string; value: string }[];
}

const filled = (v: string | undefined): string | undefined => v?.trim() || undefined;

/** A character's voice notes (issue 17's `voiceNotes`): absent or partly filled; only texts with something in them print. */
export function voiceNotesOf(character: Character): VoiceNotes {
  const notes = character.voiceNotes ?? {};
  return {
    pronunciation: filled(notes.pronunciation),
    ipa: filled(notes.ipa),
    notes: VOICE_NOTE_LABELS.flatMap(([key, label]) => {
      const value = filled(notes[key]);
      return value ? [{ label, value }] : [];
    }),
  };
}

/** 'Quell (KWELL, /kwɛl/)' style pronunciation line, or undefined when none is given. */
export function pronunciationLine(v: VoiceNotes): string | undefined {
  const parts = [v.pronunciation, v.ipa && (v.ipa.startsWith('/') || v.ipa.startsWith('[') ? v.ipa : `/${v.ipa}/`)];
  const text = parts.filter(Boolean).join(', ');
  return text || undefined;
}
