// A script's analysis: its speaker labels say who speaks each speech, so the cast is the labels and
// every speech is a quote of its label's character. No speech tags, conversations or model: the
// label is the attribution, and the speaker model (built for prose) never overrides it.
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import { newCharacter } from '../characters/findCharacters.js';
import { paragraphOpening } from '../quotes/findQuotes.js';
import { splitParagraphs } from '../quotes/paragraphs.js';
import { findSpeeches, labelKey, labelledLines, speechesPerLabel, type Speech } from './speeches.js';

/** Evidence of a quote whose speaker a script label names (redecide keeps such quotes as they are). */
export const SPEAKER_LABEL = 'speakerLabel';

/** A label names the speaker: wrong only where the script is (a misprinted label). */
const LABEL_CONFIDENCE = 0.99;

const MIN_SPEECHES = 4;

/**
 * The text's speeches when it is a script, else null. A script is a text whose dialogue is carried
 * by speaker labels: at least MIN_SPEECHES labelled speeches, two labels speaking more than once,
 * and speeches at least twice the paragraphs that open with a quotation mark and a fifth of all
 * paragraphs (a novel quoting a few lines of a play, or a chat log in one chapter, stays prose).
 */
export function findScript(text: string, outline: readonly OutlineItem[]): Speech[] | null {
  const paragraphs = splitParagraphs(text);
  let quoteParagraphs = 0;
  for (const p of paragraphs) {
    const opening = paragraphOpening(text, p);
    if (opening === 'double' || opening === 'single') quoteParagraphs++;
  }
  // Every speech has a labelled line: a text with too few of them is prose, found out without
  // holding its lines (findSpeeches keeps every line of the text while it reads them).
  const needed = Math.max(MIN_SPEECHES, 2 * quoteParagraphs, Math.ceil(paragraphs.length / 5));
  if (labelledLines(text, needed) < needed) return null;
  const speeches = findSpeeches(text, outline);
  if (speeches.length < MIN_SPEECHES) return null;
  const repeated = [...speechesPerLabel(speeches).values()].filter((n) => n >= 2).length;
  if (repeated < 2) return null;
  return speeches.length >= needed ? speeches : null;
}

/** The cast (one character per label, in order of first speech) and one quote per speech part. */
export function scriptCastAndQuotes(
  text: string,
  speeches: readonly Speech[],
): { characters: Character[]; quotes: Quote[] } {
  const byKey = new Map<string, Character>();
  const characters: Character[] = [];
  const quotes: Quote[] = [];
  for (const speech of speeches) {
    const key = labelKey(speech);
    let c = byKey.get(key);
    if (!c) {
      c = newCharacter(`c${characters.length + 1}`, speech.name);
      byKey.set(key, c);
      characters.push(c);
    }
    for (const part of speech.parts)
      quotes.push({
        id: `q${quotes.length + 1}`,
        text: text.slice(part.start, part.end),
        startOffset: part.start,
        endOffset: part.end,
        speakerId: c.id,
        confidence: LABEL_CONFIDENCE,
        attributionMethod: 'explicit',
        candidates: [{ speakerId: c.id, probability: LABEL_CONFIDENCE }],
        evidence: [SPEAKER_LABEL],
      });
  }
  for (const c of characters) c.mentions = mentionsOf(text, c.name);
  return { characters, quotes };
}

/** How often the name occurs in the text, as a label or in the lines and directions, in any case. */
function mentionsOf(text: string, name: string): number {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return text.match(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'))?.length ?? 0;
}
