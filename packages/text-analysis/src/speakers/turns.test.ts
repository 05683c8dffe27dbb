import { describe, expect, it } from 'vitest';
import { CONVERSATION_GAP } from './features.js';
import { untaggedRuns, type Turn } from './turns.js';

// untaggedRuns reads only a turn's gap and tag names: `T` is a turn whose tag names someone,
// `u` one whose tag names no one; a number before a letter is the narration gap before that turn.
function turnsOf(spec: string): Turn[] {
  return [...spec.matchAll(/(\d*)([Tu])/g)].map(
    ([, gap, kind], i) =>
      ({
        gap: i === 0 ? Infinity : gap ? Number(gap) : 0,
        tagNames: new Set(kind === 'T' ? [0] : []),
      }) as unknown as Turn,
  );
}

describe('untaggedRuns', () => {
  it('closes a run by the tagged turns either side in its conversation', () => {
    expect(untaggedRuns(turnsOf('T u u T u T'.replace(/ /g, '')))).toEqual([
      { start: 1, end: 3, before: 0, after: 3 },
      { start: 4, end: 5, before: 3, after: 5 },
    ]);
  });

  it('ends a run where the conversation ends, and opens one where it starts', () => {
    const far = CONVERSATION_GAP + 1;
    // T u u | far u u T : the first run has no tagged turn after it, the second none before it.
    expect(untaggedRuns(turnsOf(`Tuu${far}uuT`))).toEqual([
      { start: 1, end: 3, before: 0, after: -1 },
      { start: 3, end: 5, before: -1, after: 5 },
    ]);
  });

  it('opens and ends with the book, and skips tagged turns', () => {
    expect(untaggedRuns(turnsOf('uuTTu'))).toEqual([
      { start: 0, end: 2, before: -1, after: 2 },
      { start: 4, end: 5, before: 3, after: -1 },
    ]);
    expect(untaggedRuns(turnsOf('TT'))).toEqual([]);
  });

  it('keeps a gap within the conversation inside the run', () => {
    expect(untaggedRuns(turnsOf(`Tu${CONVERSATION_GAP}uT`))).toEqual([{ start: 1, end: 3, before: 0, after: 3 }]);
  });
});
