// quotes.csv and breakdown.csv (issue 19): UTF-8 with a byte order mark (so spreadsheet programs
// read it as UTF-8 instead of the system code page), RFC 4180 quoting and CRLF record ends.
import { breakdown, type BookView } from './book.js';

/**
 * One RFC 4180 field: quoted when it holds a quote, comma or line break (quotes doubled). A text
 * that a spreadsheet would run as a formula (=, +, -, @, tab or CR first) gets a leading apostrophe,
 * the usual guard against CSV formula injection; numbers are written as numbers.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const record = (fields: (string | number)[]) => fields.map(csvField).join(',') + '\r\n';
const BOM = '\uFEFF';

/** quotes.csv: one row per quote in reading order. Offsets are the project's (UTF-16 code units). */
export function quotesCsv(book: BookView): string {
  const rows = [BOM + record(['chapter', 'start', 'end', 'speaker', 'confidence', 'method', 'text'])];
  for (const { quote, chapter, speaker } of book.lines) {
    rows.push(
      record([
        book.chapters[chapter]!.title,
        quote.startOffset,
        quote.endOffset,
        speaker?.name ?? '',
        Math.round(quote.confidence * 1000) / 1000,
        quote.attributionMethod,
        quote.text,
      ]),
    );
  }
  return rows.join('');
}

/**
 * breakdown.csv: lines and words per character per chapter, one row per character and chapter it
 * speaks in (characters by most lines, chapters in order), then the unattributed quotes; the
 * shape a producer pivots to price a full cast.
 */
export function breakdownCsv(book: BookView): string {
  const rows = [BOM + record(['character', 'chapter number', 'chapter', 'lines', 'words'])];
  for (const { name, perChapter } of breakdown(book).entries) {
    for (const at of perChapter) {
      rows.push(record([name, at.chapter, book.chapters[at.chapter - 1]!.title, at.lines, at.words]));
    }
  }
  return rows.join('');
}
