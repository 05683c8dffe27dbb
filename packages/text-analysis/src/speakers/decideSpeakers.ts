// The last stage of attribution: the learned model decides every quote's speaker, jointly over the
// book, and says how sure it is. The rule sieves' choices are among its features.
import type { AttributionMethod, Character, Quote } from '@castbook/contracts';
import type { QuoteTag } from '../attribution/attributeQuotes.js';
import type { TokenList } from '../characters/tokens.js';
import type { FeatureName } from './features.js';
import { bestPathSteps, calibrate, checkModel, explainSteps, type SpeakerModel } from './model.js';
import type { Pausing } from '../pauses.js';
import { buildTurns, castFacts, type Turn } from './turns.js';
import { TRAINED_MODEL } from './weights.js';

export const DEFAULT_MODEL: SpeakerModel = TRAINED_MODEL;

/** Candidates kept on each quote for the review tools. */
const KEPT_CANDIDATES = 3;
/** Evidence kept on each quote. */
const KEPT_EVIDENCE = 3;

/**
 * The attribution method a decision is reported under: the first of these families that any cue
 * of the chosen speaker belongs to (a named tag is "explicit" whatever else agreed with it).
 */
const METHODS: [AttributionMethod, FeatureName[]][] = [
  ['explicit', ['tagName', 'ruleExplicit', 'leadIn', 'leadInHere']],
  ['narrator', ['iTagNarrator', 'ruleNarrator']],
  ['pronoun', ['pronounMatch', 'nounMatch', 'nounLinked', 'nounGenderMatch', 'rulePronoun', 'leadInPronounMatch']],
  ['vocative', ['vocativePrev', 'vocativeNext', 'ruleVocative']],
  ['turn-taking', ['alternation', 'alternationPure', 'alternationTagless', 'spokeThreeBack', 'ruleTurnTaking']],
  ['continuation', ['spokeLastAfterNarration', 'ruleContinuation']],
  ['narration', ['narrationFirst', 'narrationBefore', 'narrationAny', 'betweenTurns', 'ruleNarration']],
];

function methodOf(cues: readonly string[]): { method: AttributionMethod; cue: string | null } {
  for (const [method, features] of METHODS) {
    const cue = features.find((f) => cues.includes(f));
    if (cue) return { method, cue };
  }
  return { method: 'turn-taking', cue: null };
}

/**
 * Characters the decoder gives one turn of the whole book, without a tag naming them there: a
 * voice the book has once, by inference only, is far more often a misreading (a name from the
 * narration, someone addressed) than a speaker of its own, so that turn goes to its best other
 * candidate. A first-person narrator is exempt (its turns are often untagged).
 */
function heardOnce(turns: readonly Turn[], chosen: readonly number[], narrator: number): Set<number> {
  const turnsOf = new Map<number, number>();
  const named = new Set<number>();
  chosen.forEach((c, t) => {
    if (c < 0) return;
    turnsOf.set(c, (turnsOf.get(c) ?? 0) + 1);
    if (turns[t]!.tagNames.has(c)) named.add(c);
  });
  const out = new Set<number>();
  for (const [c, n] of turnsOf) if (n === 1 && !named.has(c) && c !== narrator) out.add(c);
  return out;
}

/**
 * A decision's confidence as the quote reports it: the calibrated certainty to four decimals. A
 * reviewer reads a book's quotes from the least sure up, and at three decimals whole stretches of
 * decisions tie (the calibration is steep at the bottom), so their order came from the text, not
 * from how sure the engine is (leave-one-novel-out, reviewCatch25 0.5951 at three decimals).
 */
export function quoteConfidence(model: SpeakerModel, certainty: number): number {
  return Math.round(calibrate(model, certainty) * 10000) / 10000;
}

export interface DecideOptions {
  model?: SpeakerModel;
}

/**
 * Quotes (any order) with the rule sieves' speakers, their tags aligned with them, and the final
 * cast; returns the quotes in the same order with the model's speakers, confidence, candidates
 * and evidence. Pauses between its passes and within the long ones (see `pauses.ts`).
 */
export function* decideSpeakersSteps(
  text: string,
  quotes: readonly Quote[],
  tags: readonly (QuoteTag | null)[],
  characters: readonly Character[],
  tokens: TokenList,
  options: DecideOptions = {},
): Pausing<Quote[]> {
  const model = options.model ?? DEFAULT_MODEL;
  checkModel(model);
  const order = quotes.map((_, i) => i).sort((a, b) => quotes[a]!.startOffset - quotes[b]!.startOffset);
  const sorted = order.map((i) => quotes[i]!);
  const turns = buildTurns(
    text,
    sorted,
    order.map((i) => tags[i] ?? null),
    characters,
    tokens,
  );
  const cast = castFacts(characters);
  const out: Quote[] = new Array<Quote>(quotes.length);
  yield;
  const chosen = yield* bestPathSteps(model, turns, cast);
  // Each decision is written to its quotes as it is explained, not held for the whole book.
  yield* explainSteps(
    model,
    turns,
    cast,
    chosen,
    KEPT_CANDIDATES,
    (d, t) => {
      for (const k of turns[t]!.quotes) {
        const q = quotes[order[k]!]!;
        if (d.speaker < 0) {
          out[order[k]!] = decided(q, null, 0, 'none', [], []);
          continue;
        }
        const { method, cue } = methodOf(d.cues);
        // The cue the method is reported under (the tag, pronoun, vocative…) leads the evidence even
        // when correlated cues (the tagged name is also the paragraph's subject) pushed harder.
        const evidence = cue && !d.evidence.includes(cue) ? [cue, ...d.evidence] : d.evidence;
        out[order[k]!] = decided(
          q,
          characters[d.speaker]!.id,
          quoteConfidence(model, d.certainty),
          method,
          d.ranked.slice(0, KEPT_CANDIDATES).map((r) => ({
            speakerId: characters[r.char]!.id,
            probability: Math.round(r.probability * 1000) / 1000,
          })),
          evidence.slice(0, KEPT_EVIDENCE),
        );
      }
    },
    heardOnce(turns, chosen, cast.narrator),
  );
  // A quote in no turn (none today) keeps the sieves' decision.
  for (let k = 0; k < quotes.length; k++) out[k] ??= { ...quotes[k]! };
  return out;
}

/**
 * A decided quote, written as one object literal of one fixed shape. Copying the sieves' quote
 * and then setting the decision on it gave nearly every quote a hidden class of its own (V8 map and
 * descriptor array, some 300 bytes a quote: a third of what a book's result holds).
 */
function decided(
  q: Quote,
  speakerId: string | null,
  confidence: number,
  attributionMethod: Quote['attributionMethod'],
  candidates: NonNullable<Quote['candidates']>,
  evidence: string[],
): Quote {
  return {
    id: q.id,
    text: q.text,
    startOffset: q.startOffset,
    endOffset: q.endOffset,
    speakerId,
    confidence,
    attributionMethod,
    candidates,
    evidence,
  };
}
