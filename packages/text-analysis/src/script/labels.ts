// Speaker labels of a script: the name a play or screenplay writes before each speech instead of
// quotation marks and speech tags. Two layouts:
//   inline  `ORLA: Have you trimmed the wick?`, `IDRIS (entering). I heard my name.`, `Orla: Yes.`
//   cue     a line holding only the name (`HAMLET.`, `ORLA (V.O.)`), the speech on the lines after.
// A label is upper case (`MRS. QUAYLE`, `FIRST WITCH`), or capitalised words before a colon
// (`Mrs Quayle:`); a direction in brackets may stand between the name and the separator.

/** What a line's label says: who speaks, and where on the line the speech begins (null: a cue). */
export interface LineLabel {
  name: string;
  /** Offset within the line where the spoken words begin; null when the line is the label alone. */
  speechAt: number | null;
}

// A word ends where a lower-case letter would go on: `HAMLET. To be` is `HAMLET`, not `HAMLET. T`.
const UPPER_WORD = String.raw`\p{Lu}[\p{Lu}'’\-]*\.?(?!\p{Ll})`;
const MIXED_WORD = String.raw`\p{Lu}\p{Ll}+(?:['’\-]\p{L}+)*\.?`;
/** A direction between the name and the separator: `(entering)`, `(V.O.)`, `[aside]`. */
const DIRECTION = String.raw`(?:\([^()\n]{1,60}\)|\[[^\[\]\n]{1,60}\])`;
/** Two who speak at once (`ORLA & SELWYN`), and the numbered ones of a crowd (`GUARD 2`, `MAN #1`). */
const UPPER_NAME = String.raw`${UPPER_WORD}(?: (?:&|${UPPER_WORD})){0,3}(?: #?\d{1,3}(?![\p{L}\p{N}]))?`;
const UPPER_LABEL = new RegExp(String.raw`^[ \t]*(${UPPER_NAME})[ \t]*${DIRECTION}?[ \t]*([:.]|\t| {2,})?[ \t]*`, 'u');
const MIXED_LABEL = new RegExp(
  String.raw`^[ \t]*(${MIXED_WORD}(?: ${MIXED_WORD}){0,2})[ \t]*${DIRECTION}?[ \t]*:[ \t]+(?=\S)`,
  'u',
);

/**
 * Words that open a line like a label but name no one: headings, screenplay directions (`INT.`,
 * `CUT TO:`), front matter and the labels of letters and forms (`Note:`, `Subject:`).
 */
const NOT_SPEAKERS = new Set(
  (
    'chapter act scene part book volume prologue epilogue interlude preface introduction contents appendix ' +
    'index glossary afterword foreword note notes end finis curtain int ext fade cut dissolve smash match ' +
    "continued cont’d cont'd more setting settings time place characters cast dramatis persons enter exit " +
    'exeunt manet synopsis summary title author date subject from to re cc ps warning caution important ' +
    'answer question example source update edit dear yours sincerely step tip location address tel email ' +
    "phone transcriber’s transcriber's copyright printed published illustrated translated edited the a an " +
    'and or but if then so yes no oh ah ok okay later meanwhile'
  ).split(' '),
);

/** Roman numerals alone (`II.`, `XIV`) are section numbers. */
const ROMAN = /^[IVXLCDM]+$/;

/** "MRS. QUAYLE" -> "Mrs. Quayle", "O'BRIEN" -> "O'Brien"; a capitalised label is kept as written. */
export function labelName(raw: string): string {
  const words = raw.trim().split(/\s+/);
  if (!words.some((w) => /\p{Ll}/u.test(w)))
    return words
      .map((w) => w.charAt(0) + w.slice(1).toLowerCase())
      .map((w) => w.replace(/(['’-])(\p{Ll})(?=\p{Ll}{2})/gu, (_, sep: string, c: string) => sep + c.toUpperCase()))
      .join(' ');
  return words.join(' ');
}

function isSpeakerName(raw: string): boolean {
  const words = raw.split(' ').map((w) => w.replace(/\.$/, ''));
  const first = words[0]!.toLowerCase();
  if (NOT_SPEAKERS.has(first) && !(first === 'the' && words.length > 1)) return false;
  if (words.length === 1 && ROMAN.test(words[0]!)) return false;
  // At least one real word: `A. B.` initials alone are not a name.
  return words.some((w) => w.replace(/['’-]/g, '').length >= 2);
}

/** The speaker label at the start of `line`, or null. */
export function readLabel(line: string): LineLabel | null {
  const upper = UPPER_LABEL.exec(line);
  if (upper) {
    // The period of `HAMLET.` is the separator, not part of the name.
    const raw = upper[1]!.replace(/\.$/, '');
    const rest = line.slice(upper[0].length);
    const separated = upper[2] !== undefined || upper[1]!.endsWith('.');
    if (isSpeakerName(raw)) {
      if (rest.trim() === '') return { name: labelName(raw), speechAt: null };
      // Inline speech must start like a sentence, after a separator.
      if (separated && /^["“‘'([]?[\p{Lu}\p{N}"“‘'—…-]/u.test(rest))
        return { name: labelName(raw), speechAt: upper[0].length };
    }
  }
  const mixed = MIXED_LABEL.exec(line);
  if (mixed) {
    const raw = mixed[1]!.replace(/\.$/, '');
    // Capitalised words before a colon are a name only when none of them is a form's word
    // (`Date Received:`); a leading article is the name's (`The Stranger:`).
    const words = raw.split(' ').map((w) => w.toLowerCase().replace(/\.$/, ''));
    const own = words[0] === 'the' ? words.slice(1) : words;
    if (isSpeakerName(raw) && own.every((w) => !NOT_SPEAKERS.has(w)))
      return { name: labelName(raw), speechAt: mixed[0].length };
  }
  return null;
}
