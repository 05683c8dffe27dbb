import { describe, expect, it } from 'vitest';
import { analyze, analyzeSteps } from './analyze.js';
import { findQuotes } from './quotes/index.js';

const text = [
  'CHAPTER I.',
  'Mabel Treloar and Bram Venning walked home. Mabel was tired, and she sat down.',
  '"Where are you going?" asked Mabel.',
  '"Home," said Bram.',
  '"Why?"',
  '"Because it is late."',
].join('\n\n');

describe('analyze', () => {
  it('returns outline, coloured characters and attributed quotes that refer to them', () => {
    const r = analyze(text, { outline: [] });
    expect(r.outline).toEqual([]);
    expect(r.quotes.map((q) => q.text)).toEqual(['Where are you going?', 'Home,', 'Why?', 'Because it is late.']);
    const ids = new Set(r.characters.map((c) => c.id));
    for (const q of r.quotes) {
      expect(q.speakerId === null || ids.has(q.speakerId)).toBe(true);
      expect(q.confidence).toBeGreaterThanOrEqual(0);
      expect(q.confidence).toBeLessThanOrEqual(1);
    }
    for (const c of r.characters) expect(c.color).toMatch(/^#[0-9a-f]{6}$/);
    const name = (id: string | null) => r.characters.find((c) => c.id === id)?.name.split(' ')[0];
    expect(r.quotes.map((q) => name(q.speakerId))).toEqual(['Mabel', 'Bram', 'Mabel', 'Bram']);
  });

  it('merges a role into the character an apposition names ("Mr. Pashley, the beadle")', () => {
    const t = [
      'Mr. Pashley, the beadle, came in with Tam. Mr. Pashley was a fat man, and he was angry.',
      '"Hush," said the beadle.',
      '"Yes, sir," said Tam.',
      '"Silence!" said the beadle.',
    ].join('\n\n');
    const r = analyze(t, { outline: [] });
    const pashley = r.characters.find((c) => c.name === 'Mr. Pashley');
    expect(pashley?.alternativeNames).toContain('The beadle');
    expect(r.quotes[0]?.speakerId).toBe(pashley?.id);
    expect(r.quotes[2]?.speakerId).toBe(pashley?.id);
  });

  it('attributes dialogue set with dashes as it does dialogue in quotation marks', () => {
    const lines = [
      'The kitchen was cold when Orla came down. Selwyn sat by the stove with the lamp in pieces.',
      '— Have you trimmed the wick? — asked Orla. — It smoked all night.',
      '— Twice, — said Selwyn. — It smokes all the same.',
      '— Then the oil is bad.',
      '— Idris sold it to us, — he said. — I was going to — no, never mind.',
      'The door opened and Idris came in, shaking the rain from his coat.',
      '— I heard my name, — said Idris. — Who is slandering me?',
      '— Nobody slanders an honest man, — said Selwyn.',
    ];
    const speakers = (t: string) => {
      const r = analyze(t, { outline: [] });
      return r.quotes.map((q) => [q.text, r.characters.find((c) => c.id === q.speakerId)?.name]);
    };
    const dashed = speakers(lines.join('\n\n'));
    expect(dashed).toEqual([
      ['Have you trimmed the wick?', 'Orla'],
      ['It smoked all night.', 'Orla'],
      ['Twice,', 'Selwyn'],
      ['It smokes all the same.', 'Selwyn'],
      ['Then the oil is bad.', 'Orla'],
      ['Idris sold it to us,', 'Selwyn'],
      ['I was going to — no, never mind.', 'Selwyn'],
      ['I heard my name,', 'Idris'],
      ['Who is slandering me?', 'Idris'],
      ['Nobody slanders an honest man,', 'Selwyn'],
    ]);
    // The same passage in quotation marks reads the same.
    const quoted = lines.map((l) =>
      l.startsWith('— ')
        ? l
            .replace(/^— /, '“')
            .replace(/, — (said|asked|he) /g, ',” $1 ')
            .replace(/\? — (said|asked|he) /g, '?” $1 ')
            .replace(/\. — /g, '. “') + '”'
        : l,
    );
    expect(speakers(quoted.join('\n\n'))).toEqual(dashed);
  });

  it('is deterministic', () => {
    expect(analyze(text, { outline: [] })).toEqual(analyze(text, { outline: [] }));
  });

  it('detects the outline itself when none is given', () => {
    expect(Array.isArray(analyze(text).outline)).toBe(true);
  });
});

describe('analyzeSteps', () => {
  const book = ['CHAPTER I.', 'CHAPTER II.', 'CHAPTER III.']
    .map(
      (h, i) =>
        `${h}\n\n${'Mabel Treloar walked home with Bram Venning along the lane. '.repeat(8)}\n\n` +
        `"Where are you going, Bram?" asked Mabel.\n\n"Home, Mabel," said Bram. "It is late, ${i}."\n\n`,
    )
    .join('');

  it('reports every chunk, never goes backwards, and ends with exactly what analyze() gives', () => {
    const steps = analyzeSteps(book, { chunkSize: 200 });
    const seen: number[] = [];
    let r = steps.next();
    let total = 0;
    while (!r.done) {
      seen.push(r.value.processedChunks);
      total = r.value.totalChunks;
      r = steps.next();
    }
    expect(total).toBeGreaterThan(3);
    expect(seen.length).toBeGreaterThanOrEqual(total);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(Math.max(...seen)).toBe(total - 1);
    expect(r.value).toEqual(analyze(book));
    expect(r.value.quotes.map((q) => q.text)).toEqual(findQuotes(book).map((q) => q.text));
  });

  it('pauses inside the book-wide passes, more often the more turns a book has', () => {
    // One long conversation: 2,400 turns, one chunk. Each pause is a step the caller hears of (to
    // report progress, or stop); the result is the same as without them.
    const exchange = (n: number) =>
      Array.from({ length: n }, (_, i) => (i % 2 ? `"Yes, ${i}," said Bram.` : `"No, ${i}," said Mabel.`));
    const long = ['Mabel Treloar met Bram Venning on the lane.', ...exchange(2400)].join('\n\n');
    const messages = (t: string) => {
      const out: string[] = [];
      const steps = analyzeSteps(t, { outline: [], chunkSize: 10_000_000 });
      for (let r = steps.next(); !r.done; r = steps.next()) out.push(r.value.statusMessage);
      return out;
    };
    const count = (all: string[], m: string) => all.filter((x) => x === m).length;
    const longSteps = messages(long);
    const shortSteps = messages(['Mabel Treloar met Bram Venning.', ...exchange(20)].join('\n\n'));
    // Characters: after the tokens, the name forms, the people and the described speakers.
    expect(count(longSteps, 'Finding characters')).toBe(4);
    expect(count(shortSteps, 'Finding characters')).toBe(4);
    // Speakers: the step that starts them, one after the turns, one after the path's facts, and
    // one per thousand turns in each of the two passes over the turns.
    expect(count(shortSteps, 'Deciding speakers')).toBe(3);
    expect(count(longSteps, 'Deciding speakers')).toBe(3 + 2 + 2);
    expect(longSteps.at(-1)).toBe('Colouring characters');
  });
});
