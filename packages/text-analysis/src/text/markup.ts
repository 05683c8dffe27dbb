// Light markup of plain-text books: `_italics_` (Project Gutenberg's emphasis), `*emphasis*` and
// `**strong**`. The markers are not text: a reader (or a voice actor) must not see them.
//
// They are removed once, where a text is imported (an upload, or content pasted into a project),
// because the stored text is what the user reads and edits and what every offset (outline, quotes)
// points into: removing them later, at display or analysis, would need a map of offsets kept in
// step everywhere. The CLI reads a .txt exactly as it is (its offsets are the file's).
// Emphasis itself is lost; the engine never used it.

/** One emphasised span: delimiters hugging the text, within one paragraph, not inside a word. */
const EMPHASIS =
  /(?<![\p{L}\p{N}_*\\])(_|\*{1,2})(?=[^\s_*])((?:(?!\1)[^\n_*]|\n(?![ \t]*\n)){1,400}?)(?<=[^\s_*])\1(?![\p{L}\p{N}_*])/gu;

/** The text without light emphasis markup; everything else is kept as it is. */
export function stripMarkup(text: string): string {
  if (!text.includes('_') && !text.includes('*')) return text;
  return text.replace(EMPHASIS, '$2');
}
