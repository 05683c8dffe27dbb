// Property: whatever a user does to an analysed book (rename, recolour, re-summarise, alias, create,
// merge and delete characters, set speakers, mark quotes "not dialog"), analysing it again keeps every one of those edits. The analysis is
// the real engine's, on a passage written for this test.
import type { Character, Quote } from '@castbook/contracts';
import { analyze } from '@castbook/text-analysis';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deleteCharacter, mergeCharacters } from './cast-edits.js';
import {
  dismissalsOf,
  markUserEdits,
  mergeReanalysis,
  nameKey,
  type Analysed,
  type DismissedQuote,
} from './reanalysis.js';

const TEXT = [
  'CHAPTER I. The Ferry',
  '"The tide is turning," said Orla Fenwick.',
  '"Then we wait," said Mr. Quillby. "The ferry will not cross before noon."',
  '"I never wait for anything," said Dessa Vaunt, and she laughed.',
  '"You will today," said Orla Fenwick.',
  'Bram Tolliver came down to the landing with a lantern. "Is the boat here?" asked Bram Tolliver.',
  '"Not yet," said Mr. Quillby.',
  '"Then I shall sit," said Bram Tolliver. "My legs are old."',
  '"Sit by me," said Dessa Vaunt.',
  '"The water is rising," said Orla Fenwick. "Look at the posts."',
  '"So it is," said Mr. Quillby.',
].join('\n\n');

const engine = (): Analysed => {
  const { characters, quotes } = analyze(TEXT);
  return { characters, quotes };
};
const first = engine();

type Edit =
  | { kind: 'rename'; who: number; name: string }
  | { kind: 'recolour'; who: number; color: string }
  | { kind: 'summary'; who: number; summary: string }
  | { kind: 'alias'; who: number; alias: string }
  | { kind: 'create'; name: string }
  | { kind: 'speaker'; quote: number; who: number }
  | { kind: 'notDialog'; quote: number }
  | { kind: 'merge'; into: number; from: number }
  | { kind: 'delete'; who: number }
  | { kind: 'take'; who: number; seconds: number }
  | { kind: 'notes'; who: number; direction: string };

const invented = fc.constantFrom('Ferryman Holt', 'The Old Pilot', 'Aunt Wren', 'Captain Sorrel', 'Tibbs');
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('rename' as const), who: fc.nat(), name: invented }),
  fc.record({
    kind: fc.constant('recolour' as const),
    who: fc.nat(),
    color: fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`),
  }),
  fc.record({
    kind: fc.constant('summary' as const),
    who: fc.nat(),
    summary: fc.string({ minLength: 1, maxLength: 40 }),
  }),
  fc.record({ kind: fc.constant('alias' as const), who: fc.nat(), alias: invented }),
  fc.record({ kind: fc.constant('create' as const), name: invented }),
  fc.record({ kind: fc.constant('speaker' as const), quote: fc.nat(), who: fc.nat() }),
  fc.record({ kind: fc.constant('notDialog' as const), quote: fc.nat() }),
  fc.record({ kind: fc.constant('merge' as const), into: fc.nat(), from: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), who: fc.nat() }),
  fc.record({ kind: fc.constant('take' as const), who: fc.nat(), seconds: fc.integer({ min: 1, max: 300 }) }),
  fc.record({
    kind: fc.constant('notes' as const),
    who: fc.nat(),
    direction: fc.constantFrom('gravelly, slow, Yorkshire', 'bright and quick', 'a whisper'),
  }),
);

/**
 * A project's cast, the names of the characters the user deleted (deleted_character_names) and the
 * quotes the user marked "not dialog" (dismissed_quotes).
 */
type State = Analysed & { deleted: ReadonlySet<string>; dismissed: DismissedQuote[] };

/** The project after one edit, as the routes store it (PATCH characters through markUserEdits). */
function apply(state: State, e: Edit, n: number): State {
  const cs = state.characters;
  const pick = (i: number) => cs[i % cs.length]!;
  const setCharacters = (next: Character[]) => ({ ...state, characters: markUserEdits(cs, next) });
  // Every character deleted: only a new one can be edited.
  if (cs.length === 0 && e.kind !== 'create') return state;
  const change = (who: number, patch: Partial<Character>) => {
    const target = pick(who);
    return setCharacters(cs.map((c) => (c.id === target.id ? { ...c, ...patch } : c)));
  };
  switch (e.kind) {
    case 'take': {
      // As POST …/voice-takes stores it: a take appended, the first one chosen as the sample.
      const target = pick(e.who);
      const name = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const url = `/api/upload/audio/${name}.wav`;
      const take = {
        id: name,
        url,
        fileType: 'wav' as const,
        durationSeconds: e.seconds,
        bytes: 16_000 * e.seconds,
        createdAt: new Date(Date.UTC(2026, 10, 25, 0, n)).toISOString(),
        source: 'recorded' as const,
      };
      return change(e.who, {
        voiceTakes: [...(target.voiceTakes ?? []), take].slice(-5),
        audioSample: target.audioSample ?? url,
      });
    }
    case 'notes':
      return change(e.who, { voiceNotes: { ...pick(e.who).voiceNotes, direction: e.direction } });
    case 'rename':
      return change(e.who, { name: e.name });
    case 'recolour':
      return change(e.who, { color: e.color });
    case 'summary':
      return change(e.who, { summary: e.summary });
    case 'alias':
      return change(e.who, { alternativeNames: [...pick(e.who).alternativeNames, e.alias] });
    case 'create':
      return setCharacters([
        ...cs,
        {
          id: `u${n}`,
          name: e.name,
          color: '#123456',
          summary: '',
          mentions: 0,
          alternativeNames: [],
          relationships: [],
          isUserCreated: true,
        },
      ]);
    case 'speaker': {
      if (state.quotes.length === 0) return state;
      const target = state.quotes[e.quote % state.quotes.length]!;
      const quotes = state.quotes.map((q): Quote =>
        q.id === target.id ? { ...q, speakerId: pick(e.who).id, attributionMethod: 'user', confidence: 1 } : q,
      );
      return { ...state, quotes };
    }
    case 'notDialog': {
      // As the review's N does it: the whole list without the quote (PATCH …/quotes, setQuotes).
      if (state.quotes.length === 0) return state;
      const target = state.quotes[e.quote % state.quotes.length]!;
      const quotes = state.quotes.filter((q) => q.id !== target.id);
      return { ...state, quotes, dismissed: [...state.dismissed, ...dismissalsOf(state.quotes, quotes).dismissed] };
    }
    case 'merge': {
      const into = pick(e.into);
      const from = pick(e.from);
      // As POST …/merge does it (a sum of takes over 5 is refused there: nothing changes).
      if (into.id === from.id || (into.voiceTakes?.length ?? 0) + (from.voiceTakes?.length ?? 0) > 5) return state;
      return { ...state, ...mergeCharacters(state, from.id, into.id) };
    }
    case 'delete': {
      const { state: next, deletedNames } = deleteCharacter(state, pick(e.who).id);
      return { ...state, ...next, deleted: new Set([...state.deleted, ...deletedNames]) };
    }
  }
}

describe('re-analysis keeps every user edit', () => {
  it('on the real engine, for random sequences of edits', () => {
    expect(first.characters.length).toBeGreaterThanOrEqual(4);
    expect(first.quotes.length).toBeGreaterThanOrEqual(10);
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 12 }), (edits) => {
        let state: State = { ...first, deleted: new Set(), dismissed: [] };
        edits.forEach((e, n) => (state = apply(state, e, n)));
        const again = mergeReanalysis(state, engine(), TEXT, { deleted: state.deleted, dismissed: state.dismissed });
        const byId = new Map(again.characters.map((c) => [c.id, c]));

        // Every character the user worked on is there, exactly as they left it.
        for (const c of state.characters.filter((x) => x.isUserCreated || x.isUserEdited)) {
          const kept = byId.get(c.id);
          expect(kept, `character ${c.name}`).toBeDefined();
          expect(kept).toMatchObject({
            name: c.name,
            color: c.color,
            summary: c.summary,
            alternativeNames: c.alternativeNames,
          });
        }
        // Every character with takes or voice notes is there with them (and its chosen sample).
        for (const c of state.characters.filter((x) => x.voiceTakes || x.voiceNotes)) {
          const kept = byId.get(c.id);
          expect(kept, `voiced character ${c.name}`).toBeDefined();
          expect(kept?.voiceTakes).toEqual(c.voiceTakes);
          expect(kept?.voiceNotes).toEqual(c.voiceNotes);
          expect(kept?.audioSample).toBe(c.audioSample);
        }
        // Untouched characters keep their ids and colours.
        for (const c of state.characters) expect(byId.get(c.id)?.color, `colour of ${c.name}`).toBe(c.color);
        // A character merged away or deleted does not come back under its own name or id.
        const gone = first.characters.filter((c) => !state.characters.some((s) => s.id === c.id));
        for (const g of gone) {
          expect(byId.has(g.id)).toBe(false);
          expect(again.characters.map((c) => nameKey(c.name))).not.toContain(nameKey(g.name));
        }
        // Every line keeps the speaker it had: the ones the user set, and the ones merging moved.
        const speakerAt = new Map(again.quotes.map((q) => [`${q.startOffset}:${q.endOffset}`, q]));
        for (const q of state.quotes) {
          const now = speakerAt.get(`${q.startOffset}:${q.endOffset}`);
          // A line left unattributed by a delete is the engine's to decide again (among the
          // characters that are still there: checked below for every line).
          if (q.speakerId === null && q.attributionMethod === 'none') continue;
          expect(now?.speakerId, `speaker of "${q.text}"`).toBe(q.speakerId);
          if (q.attributionMethod === 'user') expect(now?.attributionMethod).toBe('user');
        }
        // A quote marked "not dialog" stays gone: nothing is found over its text.
        for (const d of state.dismissed) {
          const over = again.quotes.filter((q) => q.startOffset < d.endOffset && d.startOffset < q.endOffset);
          expect(over, `not dialog: "${d.text}"`).toEqual([]);
        }
        // No line points at a character that is not there (a deleted or merged one).
        for (const q of again.quotes) if (q.speakerId !== null) expect(byId.has(q.speakerId), q.text).toBe(true);
      }),
      { numRuns: 150, seed: 20261125 },
    );
  });
});
