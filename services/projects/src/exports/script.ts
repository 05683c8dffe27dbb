// The script export's reading of the book: the text paragraph by paragraph (as the analysis splits
// it), each cut into runs of narration and quotes, a quote run carrying its speaker so the renderers
// draw it in the speaker's colour; a heading where each chapter starts. A generator, so a renderer
// holds one paragraph of it at a time.
import type { Character } from '@castbook/contracts';
import { splitParagraphs } from '@castbook/text-analysis';
import type { BookView } from './book.js';

export interface ScriptRun {
  text: string;
  /** Absent for narration; `null` for a quote nobody in the cast says. */
  speaker?: Character | null;
}

export type ScriptBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; runs: ScriptRun[] };

/** Line breaks inside a paragraph are the file's hard wrapping, not the author's: they read as spaces. */
const unwrap = (text: string) => text.replace(/\s*\n\s*/g, ' ');

export function* scriptBlocks(book: BookView): Generator<ScriptBlock> {
  const { content, chapters, lines } = book;
  let chapter = -1;
  let q = 0;
  for (const para of splitParagraphs(content)) {
    // A new chapter: its heading is the book's own heading paragraph when that holds no quote,
    // otherwise the outline's title.
    let opensChapter = false;
    while (chapter + 1 < chapters.length && chapters[chapter + 1]!.start <= para.start) {
      chapter++;
      opensChapter = true;
    }
    while (q < lines.length && lines[q]!.quote.endOffset <= para.start) q++;
    const hasQuote = q < lines.length && lines[q]!.quote.startOffset < para.end;
    if (opensChapter && chapters[chapter]!.fromOutline) {
      if (!hasQuote) {
        yield { kind: 'heading', text: unwrap(content.slice(para.start, para.end)) };
        continue;
      }
      yield { kind: 'heading', text: chapters[chapter]!.title };
    }
    const runs: ScriptRun[] = [];
    let at = para.start;
    for (let k = q; k < lines.length && lines[k]!.quote.startOffset < para.end; k++) {
      const { quote, speaker } = lines[k]!;
      const start = Math.max(quote.startOffset, at);
      const end = Math.min(quote.endOffset, para.end);
      if (end <= start) continue;
      if (start > at) runs.push({ text: unwrap(content.slice(at, start)) });
      runs.push({ text: unwrap(content.slice(start, end)), speaker: speaker ?? null });
      at = end;
    }
    if (at < para.end) runs.push({ text: unwrap(content.slice(at, para.end)) });
    yield { kind: 'paragraph', runs };
  }
}
