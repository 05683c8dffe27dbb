// Re-deciding one conversation after the user fixed a speaker in it (issue 19, "fixes that spread").
// The analysis decodes the whole book jointly (model.ts); here the same decoder runs again over the
// turns of one conversation only, with the speakers the user set there as anchors and every turn
// around it held at the speaker it has now, so a fix steers its neighbours the way a speech tag
// would (A, B, A alternation, answers to an address) and nothing outside the conversation moves.
// Pure: the stored project (text, cast, quotes) in, the conversation's speakers out.
import type { Character, Quote } from '@castbook/contracts';
import { attributeDetailed } from '../attribution/attributeQuotes.js';
import { NARRATOR_NAME } from '../characters/findCharacters.js';
import { givenNameGender } from '../characters/givenNames.js';
import { HONORIFICS, type Gender } from '../characters/lexicon.js';
import { getProfile, setProfile } from '../characters/profiles.js';
import { tokenize } from '../characters/tokens.js';
import { splitParagraphs, type Paragraph } from '../quotes/paragraphs.js';
import { DEFAULT_MODEL, quoteConfidence } from './decideSpeakers.js';
import { CONVERSATION_GAP } from './features.js';
import { bestPathSteps, checkModel, explainSteps, type SpeakerModel, type TurnDecision } from './model.js';
import { runToEnd } from '../pauses.js';
import { SPEAKER_LABEL } from '../script/analyzeScript.js';
import { buildTurns, castFacts } from './turns.js';

export interface RedecideOptions {
  model?: SpeakerModel;
}

export interface RedecidedQuote {
  quoteId: string;
  /** The decoder's speaker with the anchors in place (an anchor's own speaker for an anchored quote). */
  speakerId: string | null;
  /** Calibrated probability of being right, as the analysis writes it (1 for an anchor). */
  confidence: number;
  anchored: boolean;
}

export interface RedecidedConversation {
  /** From the conversation's first quote's start to its last quote's end. */
  startOffset: number;
  endOffset: number;
  /** Every quote of the conversation, in reading order. */
  quotes: RedecidedQuote[];
}

/**
 * Narration read before and after the conversation, in characters: the turns' facts look back 3,000
 * tokens for who was named recently (turns.ts WINDOW_TOKENS, about 16,000 characters of prose).
 */
const MARGIN = 20_000;

/**
 * The conversation holding quote `quoteId` (turns no more than CONVERSATION_GAP narration paragraphs
 * apart, as the confidence model reads conversations), decoded again. `anchors` maps quote ids to the
 * speaker the user set (null: not dialog of anyone); every quote outside the conversation keeps the
 * speaker it has in `quotes`. Throws when `quoteId` is not a quote of `quotes` inside the text.
 */
export function redecideConversation(
  text: string,
  quotes: readonly Quote[],
  characters: readonly Character[],
  quoteId: string,
  anchors: ReadonlyMap<string, string | null>,
  options: RedecideOptions = {},
): RedecidedConversation {
  const model = options.model ?? DEFAULT_MODEL;
  checkModel(model);
  const sorted = quotes
    .filter((q) => q.startOffset < q.endOffset && q.endOffset <= text.length)
    .sort((a, b) => a.startOffset - b.startOffset || a.endOffset - b.endOffset);
  const fixed = sorted.find((q) => q.id === quoteId);
  if (!fixed) throw new Error(`no quote ${quoteId} in the text`);
  // A script's speaker labels are its author's own attribution: they hold like the user's fixes.
  const withLabels = new Map(anchors);
  for (const q of sorted)
    if (!withLabels.has(q.id) && q.evidence?.includes(SPEAKER_LABEL)) withLabels.set(q.id, q.speakerId);
  const cast = withProfiles(characters);
  const paragraphs = splitParagraphs(text);
  // Widen the window until the conversation ends inside it with MARGIN of text on either side (or
  // at the book's ends): the turns at a window's edge lack what came before them.
  for (let margin = MARGIN; ; margin *= 2) {
    const window = windowAround(text, paragraphs, fixed.startOffset - margin, fixed.endOffset + margin);
    const result = decodeWindow(text, window, sorted, cast, fixed, withLabels, model);
    const roomBefore = window.start === 0 || result.startOffset - window.start >= MARGIN;
    const roomAfter = window.end === text.length || window.end - result.endOffset >= MARGIN;
    if (roomBefore && roomAfter) return result;
  }
}

/** Paragraph-aligned [start, end) around [from, to); the whole text when its paragraphs depend on its length. */
function windowAround(
  text: string,
  paragraphs: readonly Paragraph[],
  from: number,
  to: number,
): { start: number; end: number } {
  let a = 0;
  while (a + 1 < paragraphs.length && paragraphs[a + 1]!.start <= from) a++;
  let b = paragraphs.length - 1;
  while (b > 0 && paragraphs[b - 1]!.end >= to) b--;
  const start = from <= 0 ? 0 : paragraphs[a]!.start;
  const end = b === paragraphs.length - 1 ? text.length : paragraphs[b]!.end;
  // A text without blank lines is split by its line layout, which a slice may read differently:
  // the slice is used only when it splits exactly as the whole text does there.
  const own = splitParagraphs(text.slice(start, end));
  const expected = paragraphs.filter((p) => p.start >= start && p.end <= end);
  const same =
    own.length === expected.length &&
    own.every((p, k) => p.start + start === expected[k]!.start && p.end + start === expected[k]!.end);
  return same ? { start, end } : { start: 0, end: text.length };
}

function decodeWindow(
  text: string,
  window: { start: number; end: number },
  sorted: readonly Quote[],
  characters: readonly Character[],
  fixed: Quote,
  anchors: ReadonlyMap<string, string | null>,
  model: SpeakerModel,
): RedecidedConversation {
  const slice = text.slice(window.start, window.end);
  const inside = sorted
    .filter((q) => q.startOffset >= window.start && q.endOffset <= window.end)
    .map((q) => ({ ...q, startOffset: q.startOffset - window.start, endOffset: q.endOffset - window.start }));
  const tokens = tokenize(slice, inside);
  // The rule sieves' speakers and the speech tags, as the analysis gives them to the model.
  const detail = attributeDetailed(slice, inside, characters, { tokens });
  const turns = buildTurns(slice, detail.quotes, detail.tags, characters, tokens);
  const facts = castFacts(characters);
  const indexOfId = new Map(characters.map((c, i) => [c.id, i]));
  const turnOf = new Array<number>(inside.length);
  turns.forEach((t, i) => t.quotes.forEach((k) => (turnOf[k] = i)));

  // The conversation: the fixed quote's turn and its neighbours no more than CONVERSATION_GAP apart.
  const at = turnOf[inside.findIndex((q) => q.id === fixed.id)]!;
  let first = at;
  while (first > 0 && turns[first]!.gap <= CONVERSATION_GAP) first--;
  let last = at;
  while (last + 1 < turns.length && turns[last + 1]!.gap <= CONVERSATION_GAP) last++;

  const speakerIndex = (id: string | null) => (id === null ? -1 : (indexOfId.get(id) ?? -1));
  const held = new Map<number, number>();
  // The turns the reader fixed, which the beam search reads as changes of voice.
  const fixedTurns = new Set<number>();
  turns.forEach((t, i) => {
    const anchored = t.quotes.map((k) => inside[k]!).find((q) => anchors.has(q.id));
    // Outside the conversation every turn keeps its speaker now; inside, the user's anchors hold.
    if (anchored) {
      held.set(i, speakerIndex(anchors.get(anchored.id)!));
      fixedTurns.add(i);
    } else if (i < first || i > last) held.set(i, speakerIndex(inside[t.quotes[0]!]!.speakerId));
  });
  const chosen = runToEnd(bestPathSteps(model, turns, facts, held, fixedTurns));

  const out: RedecidedQuote[] = [];
  const visit = (d: TurnDecision, t: number) => {
    if (t < first || t > last) return;
    for (const k of turns[t]!.quotes) {
      const q = inside[k]!;
      const anchored = anchors.has(q.id);
      out.push({
        quoteId: q.id,
        speakerId: anchored ? anchors.get(q.id)! : d.speaker < 0 ? null : characters[d.speaker]!.id,
        confidence: anchored ? 1 : d.speaker < 0 ? 0 : quoteConfidence(model, d.certainty),
        anchored,
      });
    }
  };
  runToEnd(explainSteps(model, turns, facts, chosen, 1, visit));
  const firstQuote = inside[turns[first]!.quotes[0]!]!;
  const lastQuote = inside[turns[last]!.quotes.at(-1)!]!;
  return {
    startOffset: firstQuote.startOffset + window.start,
    endOffset: lastQuote.endOffset + window.start,
    quotes: out,
  };
}

/**
 * Copies of the stored cast with the facts attribution reads (gender, narrator, descriptor noun),
 * which the analysis worked out from the whole book and the stored Character does not carry: here
 * from the names alone (an honorific, a given name, 'the cook'), the way the analysis falls back to
 * them when the text's pronouns do not settle it.
 */
function withProfiles(characters: readonly Character[]): Character[] {
  return characters.map((c) => {
    const copy = { ...c };
    const known = getProfile(c);
    if (known) {
      setProfile(copy, known);
      return copy;
    }
    const descriptor = /^[Tt]he \p{Ll}/u.test(c.name) && c.name.split(/\s+/).length <= 3;
    const words = c.name.replace(/\./g, '').split(/\s+/).filter(Boolean);
    setProfile(copy, {
      gender: genderOfName(words),
      narrator: c.name === NARRATOR_NAME,
      descriptor,
      ...(descriptor && { noun: words.at(-1)!.toLowerCase() }),
    });
    return copy;
  });
}

function genderOfName(words: readonly string[]): Gender {
  const honorific = HONORIFICS.get(words[0] ?? '');
  if (honorific && honorific !== 'u') return honorific;
  return words[0] ? givenNameGender(words[0]) : 'u';
}
