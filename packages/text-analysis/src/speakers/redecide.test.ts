import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import { DEFAULT_MODEL } from './decideSpeakers.js';
import { FEATURES } from './features.js';
import { redecideConversation } from './redecide.js';

// Written for this test: a tagged start, then six untagged lines the decoder gives by alternation;
// a long narration gap; then another conversation that must never be touched.
const KITCHEN = [
  'Mr. Halloran walked into the kitchen, where Mrs. Pell was shelling peas by the window. Mr. Halloran sat down. Mrs. Pell looked up.',
  '"You are late again," said Mrs. Pell.',
  '"The train was stopped at the bridge," said Mr. Halloran.',
  '"Was it the flood?"',
  '"It was the flood, and the cattle on the line."',
  '"Then you will want your supper."',
  '"I will want it twice over."',
  '"There is only the one pie."',
  '"Then one pie it shall be."',
  'The clock struck seven. Outside, the rain went on and on over the fields, and the river rose in the dark. Nobody came up the lane that night, and the dogs slept by the stove.',
  'Far away, in the town, Mr. Dorrit closed his shop and counted the takings twice.',
  'In the morning Mr. Dorrit opened the shutters and swept the step. A boy came by with the papers.',
  '"Any news?" asked Mr. Dorrit.',
  '"Only the flood, sir," said the boy.',
].join('\n\n');

function setUp(text: string) {
  const result = analyze(text);
  const quotes = [...result.quotes].sort((a, b) => a.startOffset - b.startOffset);
  const idOf = (name: string) => result.characters.find((c) => c.name === name)!.id;
  const nameOf = (id: string | null) => result.characters.find((c) => c.id === id)?.name.split(' ')[1] ?? null;
  return { ...result, text, quotes, idOf, nameOf };
}

describe('redecideConversation', () => {
  const book = setUp(KITCHEN);
  const pell = book.idOf('Mrs. Pell');
  const halloran = book.idOf('Mr. Halloran');

  it('reads the passage as the analysis does: alternation after the two tags', () => {
    expect(book.quotes.slice(0, 8).map((q) => book.nameOf(q.speakerId))).toEqual([
      'Pell',
      'Halloran',
      'Pell',
      'Halloran',
      'Pell',
      'Halloran',
      'Pell',
      'Halloran',
    ]);
  });

  // A fix changes the voice on both sides of it: the untagged line before goes to Halloran too.
  const AFTER_FIX = ['Pell', 'Halloran', 'Halloran', 'Pell', 'Halloran', 'Pell', 'Halloran', 'Pell'];

  it('spreads a fix through the rest of the conversation: the alternation after it turns over', () => {
    const fixed = book.quotes[3]!; // "It was the flood…", given to Halloran by alternation
    const out = redecideConversation(KITCHEN, book.quotes, book.characters, fixed.id, new Map([[fixed.id, pell]]));
    expect(out.quotes.map((q) => book.nameOf(q.speakerId))).toEqual(AFTER_FIX);
    expect(out.quotes[3]).toEqual({ quoteId: fixed.id, speakerId: pell, confidence: 1, anchored: true });
    // The tagged lines stay theirs, and are not anchors.
    expect(out.quotes.slice(0, 2).map((q) => [q.speakerId, q.anchored])).toEqual([
      [pell, false],
      [halloran, false],
    ]);
  });

  it('gives the lines beside a fix another voice, whatever the fitted weights make of a run', () => {
    // A model that likes runs of one voice far more than the shipped fit (as a refit on books where
    // one speech spans many paragraphs might): on its own it would give Pell the line after the fix.
    const runs = FEATURES.indexOf('spokeLast');
    const model = { ...DEFAULT_MODEL, weights: DEFAULT_MODEL.weights.map((w, i) => (i === runs ? w + 2 : w)) };
    const fixed = book.quotes[3]!;
    const out = redecideConversation(KITCHEN, book.quotes, book.characters, fixed.id, new Map([[fixed.id, pell]]), {
      model,
    });
    expect(out.quotes.slice(2, 5).map((q) => book.nameOf(q.speakerId))).toEqual(['Halloran', 'Pell', 'Halloran']);
  });

  // A short kitchen scene (two tagged lines, "Was it the flood?", then `more`): gives the first
  // line of `more` (quote 3) to `speaker` as a reader's fix and returns every quote's voice after
  // re-deciding.
  function fixInScene(more: string[], speaker: string) {
    const scene = setUp(
      [
        'Mr. Halloran walked into the kitchen, where Mrs. Pell was shelling peas by the window.',
        '"You are late again," said Mrs. Pell.',
        '"The train was stopped at the bridge," said Mr. Halloran.',
        '"Was it the flood?"',
        ...more,
      ].join('\n\n'),
    );
    const fixed = scene.quotes[3]!;
    const anchors = new Map([[fixed.id, scene.idOf(speaker)]]);
    const out = redecideConversation(scene.text, scene.quotes, scene.characters, fixed.id, anchors);
    return out.quotes.map((q) => scene.nameOf(q.speakerId));
  }

  it('lets a tag beside a fix name the fixed voice again', () => {
    // After the fix, a pronoun tag that only Mrs. Pell fits: a tag outweighs the change of voice.
    const voices = fixInScene(
      [
        '"It was the flood, and the cattle on the line."',
        '"Then you will want your supper," she said, and she laughed.',
        '"I will want it twice over."',
      ],
      'Mrs. Pell',
    );
    expect(voices.slice(3, 6)).toEqual(['Pell', 'Pell', 'Halloran']);
  });

  it('keeps the fixed voice on a paragraph that carries its quotation on', () => {
    // The fixed speech runs over two paragraphs (the first leaves its quotation open).
    const voices = fixInScene(
      [
        '"It was the flood, and the cattle on the line, and the guard walking up and down with his lamp.',
        '"And then the driver got down and walked off across the field."',
        '"Then you will want your supper."',
      ],
      'Mr. Halloran',
    );
    expect(voices).toEqual(['Pell', 'Halloran', 'Pell', 'Halloran', 'Halloran', 'Pell']);
  });

  it('re-decides the turns before a fix too (the decoding is joint)', () => {
    // Three at the table: after the three tags the untagged lines alternate between the two who
    // spoke last, until the reader says Halloran answered "Higher than the fence.": then it was Mrs.
    // Pell who asked, the line before.
    const table = setUp(
      [
        'Mr. Halloran and Mr. Dorrit walked into the kitchen, where Mrs. Pell was shelling peas by the window. They sat down. Mrs. Pell looked up.',
        '"You are late again," said Mrs. Pell.',
        '"The train was stopped at the bridge," said Mr. Halloran.',
        '"It was the flood," said Mr. Dorrit.',
        '"Was it very high?"',
        '"Higher than the fence."',
        '"Then you will want your supper."',
        '"I will want it twice over."',
      ].join('\n\n'),
    );
    expect(table.quotes.map((q) => table.nameOf(q.speakerId))).toEqual([
      'Pell',
      'Halloran',
      'Dorrit',
      'Halloran',
      'Dorrit',
      'Halloran',
      'Dorrit',
    ]);
    const fixed = table.quotes[4]!;
    const out = redecideConversation(
      table.text,
      table.quotes,
      table.characters,
      fixed.id,
      new Map([[fixed.id, table.idOf('Mr. Halloran')]]),
    );
    expect(out.quotes.map((q) => table.nameOf(q.speakerId))).toEqual([
      'Pell',
      'Halloran',
      'Dorrit',
      'Pell',
      'Halloran',
      'Pell',
      'Halloran',
    ]);
  });

  it('covers that conversation only: the one after the narration gap is left out', () => {
    const fixed = book.quotes[3]!;
    const out = redecideConversation(KITCHEN, book.quotes, book.characters, fixed.id, new Map([[fixed.id, pell]]));
    expect(out.quotes.map((q) => q.quoteId)).toEqual(book.quotes.slice(0, 8).map((q) => q.id));
    expect(out.startOffset).toBe(book.quotes[0]!.startOffset);
    expect(out.endOffset).toBe(book.quotes[7]!.endOffset);
    const dorrit = redecideConversation(KITCHEN, book.quotes, book.characters, book.quotes[8]!.id, new Map());
    expect(dorrit.quotes.map((q) => q.quoteId)).toEqual([book.quotes[8]!.id, book.quotes[9]!.id]);
  });

  it('keeps every anchor, a "not dialog" one (null) included', () => {
    const a = book.quotes[3]!;
    const b = book.quotes[6]!;
    const anchors = new Map<string, string | null>([
      [a.id, pell],
      [b.id, null],
    ]);
    const out = redecideConversation(KITCHEN, book.quotes, book.characters, a.id, anchors);
    const byId = new Map(out.quotes.map((q) => [q.quoteId, q]));
    expect(byId.get(a.id)).toMatchObject({ speakerId: pell, anchored: true });
    expect(byId.get(b.id)).toMatchObject({ speakerId: null, anchored: true, confidence: 1 });
  });

  it('decodes the same inside a long book, reading a window around the conversation', () => {
    const filler = Array.from(
      { length: 700 },
      (_, i) => `The road ran on past farm ${i}, and the hedges were wet and grey.`,
    );
    const long = [filler.join('\n\n'), KITCHEN, filler.join('\n\n')].join('\n\n');
    const shift = filler.join('\n\n').length + 2;
    expect(long.length).toBeGreaterThan(4 * 20_000);
    const moved = book.quotes.map((q) => ({
      ...q,
      startOffset: q.startOffset + shift,
      endOffset: q.endOffset + shift,
    }));
    const fixed = moved[3]!;
    const out = redecideConversation(long, moved, book.characters, fixed.id, new Map([[fixed.id, pell]]));
    expect(out.startOffset).toBe(moved[0]!.startOffset);
    expect(out.quotes.map((q) => book.nameOf(q.speakerId))).toEqual(AFTER_FIX);
  });

  it('works on a stored cast (no facts from the analysis: gender and roles from the names)', () => {
    const stored = book.characters.map((c) => JSON.parse(JSON.stringify(c)) as typeof c);
    const fixed = book.quotes[3]!;
    const out = redecideConversation(KITCHEN, book.quotes, stored, fixed.id, new Map([[fixed.id, pell]]));
    expect(out.quotes.map((q) => book.nameOf(q.speakerId))).toEqual(AFTER_FIX);
  });

  it('refuses a quote that is not in the text', () => {
    expect(() => redecideConversation(KITCHEN, book.quotes, book.characters, 'nope', new Map())).toThrow(
      /no quote nope/,
    );
  });
});
