// The speaker stage on a passage written for the test: turn facts, features, decoding and what
// decideSpeakers puts on each quote.
import { describe, expect, it } from 'vitest';
import { analyze, type SpeakerInput } from '../analyze.js';
import { BASE_COUNT, FEATURES, FEATURE_COUNT, featuresOf, pronounReferent, TURN_KINDS } from './features.js';
import {
  certaintyOf,
  CONFIDENCE_COUNT,
  CONFIDENCE_FEATURES,
  confidenceFeatures,
  conversationFacts,
  decisionFacts,
  pathFacts,
} from './confidence.js';
import { bestPathSteps, calibrate, decode, flipMargins, type SpeakerModel } from './model.js';
import { runToEnd } from '../pauses.js';
import { aheadOf, buildTurns, castFacts, type Turn } from './turns.js';

const passage = [
  'Alwin Tarrow and Hester Quayle sat by the fire. Alwin was cold, and he rubbed his hands.',
  '"Will it snow tonight, Hester?" asked Alwin.',
  '"I think it will," said she.',
  '"Then we must stay."',
  '"We must."',
  'Hester rose and went to the window. "Look, Alwin, it has begun."',
].join('\n\n');

function prepared(text: string): { input: SpeakerInput; turns: Turn[]; idx: (first: string) => number } {
  let input: SpeakerInput | undefined;
  analyze(text, { outline: [], onSpeakerInput: (x) => (input = x) });
  const order = input!.quotes
    .map((_, i) => i)
    .sort((a, b) => input!.quotes[a]!.startOffset - input!.quotes[b]!.startOffset);
  const turns = buildTurns(
    text,
    order.map((i) => input!.quotes[i]!),
    order.map((i) => input!.tags[i] ?? null),
    input!.characters,
    input!.tokens,
  );
  const idx = (first: string) => input!.characters.findIndex((c) => c.name.startsWith(first));
  return { input: input!, turns, idx };
}

/** A model that reads only the named features. */
function modelWith(weights: Partial<Record<(typeof FEATURES)[number], number>>): SpeakerModel {
  return { features: [...FEATURES], weights: FEATURES.map((f) => weights[f] ?? 0), calibration: { x: [], y: [] } };
}

describe('buildTurns', () => {
  const { turns, idx } = prepared(passage);
  const alwin = idx('Alwin');
  const hester = idx('Hester');

  it('makes one turn per paragraph that holds quotes, with the gap of narration before it', () => {
    expect(turns).toHaveLength(5);
    expect(turns.map((t) => t.gap)).toEqual([Infinity, 0, 0, 0, 0]);
    expect(turns.map((t) => t.pure)).toEqual([false, false, true, true, false]);
  });

  it('reads the tag, the pronoun tag, the vocatives and the narration before the quote', () => {
    expect([...turns[0]!.tagNames]).toEqual([alwin]);
    expect([...turns[0]!.vocatives]).toEqual([hester]);
    expect(turns[1]!.tagPronoun).toBe('f');
    expect([...turns[4]!.narrationBefore]).toEqual([hester]);
    expect([...turns[4]!.vocatives]).toEqual([alwin]);
  });

  it('offers both speakers of the scene as candidates of an untagged turn', () => {
    expect(turns[2]!.candidates).toEqual(expect.arrayContaining([alwin, hester]));
  });
});

describe('buildTurns: one speech over several paragraphs', () => {
  // The first two paragraphs of Alwin's story leave their quotation open; the third closes it.
  const { turns, input } = prepared(
    [
      'Alwin Tarrow and Hester Quayle sat by the fire.',
      '"Tell me about the mill," said Hester.',
      '"It was a long time ago, when the river still ran high in the spring.',
      '"My father kept the mill then, and I carried the sacks.',
      '"One night the water came over the wheel."',
      '"And then?"',
      'Hester waited. "Were you afraid?"',
    ].join('\n\n'),
  );

  it('marks the paragraphs that carry on a quotation left open, and only those', () => {
    expect(turns.map((t) => t.carriesOn)).toEqual([false, false, true, true, false, false]);
  });

  it('reads it as a cue for the voice before, in the history features', () => {
    const cast = castFacts(input.characters);
    const x = new Float64Array(FEATURE_COUNT);
    featuresOf(turns, 2, 0, cast, [0, 1], -1, x);
    expect(x[FEATURES.indexOf('carriesOn')]).toBe(1);
    featuresOf(turns, 2, 1, cast, [0, 1], -1, x);
    expect(x[FEATURES.indexOf('carriesOn')]).toBe(0);
    featuresOf(turns, 4, 0, cast, [0, 1], -1, x);
    expect(x[FEATURES.indexOf('carriesOn')]).toBe(0);
  });
});

describe('buildTurns: a speaker the narration names only after the turn', () => {
  // A first-person narrator: the companion speaks before the narration names him.
  const text = [
    'I came down to the harbour early. The boats were in, and I sat on the wall and waited.',
    '"You are up early," said a voice behind me.',
    'It was Corwin Pell. Corwin sat down on the wall beside me, and Corwin lit his pipe.',
    '"The boats are late," said Corwin. Corwin Pell was a fisherman, and Corwin knew the sea.',
  ].join('\n\n');
  const { turns, idx } = prepared(text);
  const corwin = idx('Corwin');

  it('offers a character named just after the turn as a candidate, with how far ahead', () => {
    expect(corwin).toBeGreaterThanOrEqual(0);
    expect(turns[0]!.candidates).toContain(corwin);
    expect(aheadOf(turns[0]!, corwin)).toBeGreaterThan(0);
    expect(aheadOf(turns[0]!, corwin)).toBeLessThan(20);
  });

  it('gives them the turn when nothing before it names a speaker', () => {
    const r = analyze(text, { outline: [] });
    const speaker = r.characters.find((c) => c.id === r.quotes[0]!.speakerId);
    expect(speaker?.name).toBe('Corwin Pell');
  });
});

describe('buildTurns: the antecedent of a he/she tag', () => {
  const { turns, idx } = prepared(
    [
      'Tobias Crane and Jory Tolley came into the yard, where Hester Quayle was waiting.',
      '"You are late," said Hester. "Both of you."',
      'But Tobias was looking hard at Jory.',
      '"Hold your tongue," he said.',
      'Hester turned to Jory. "Well?" she asked.',
    ].join('\n\n'),
  );

  it('takes the subject of the nearest sentence naming someone of that gender, not its latest name', () => {
    expect(turns[1]!.tagPronoun).toBe('m');
    expect(turns[1]!.pronounAntecedent).toBe(idx('Tobias'));
  });

  it('skips sentences that name only the other gender', () => {
    expect(turns[2]!.tagPronoun).toBe('f');
    expect(turns[2]!.pronounAntecedent).toBe(idx('Hester'));
  });

  it('has none for a turn without a he/she tag', () => {
    expect(turns[0]!.pronounAntecedent).toBe(-1);
  });

  it('reads he or she and any past-tense verb after a quote as a pronoun tag', () => {
    const { turns: t } = prepared(
      [
        'Edward Marsh and Orla Quayle came into the yard.',
        '"You are late," said Edward.',
        '"Is it raining?" she confided.',
        '"It is," he said. "Come in."',
      ].join('\n\n'),
    );
    expect(t.map((x) => x.tagPronoun)).toEqual([null, 'f', 'm']);
  });

  it('passes over a sentence that names one of that gender only after a preposition', () => {
    const { turns: t, idx: at } = prepared(
      [
        'Edward Marsh and Thomas Rudd came into the yard, where Orla Quayle was waiting.',
        '"You are late," said Orla. "Thomas, Edward, both of you."',
        'Thomas looked at the gate. It was a long road for a man to walk beside Edward.',
        '"We walked," he said.',
      ].join('\n\n'),
    );
    expect(t[1]!.tagPronoun).toBe('m');
    expect(t[1]!.pronounAntecedent).toBe(at('Thomas'));
  });
});

describe('buildTurns: a sentence that introduces the quote after it', () => {
  // The verb of such a sentence is rarely a tag verb ("cut him short with:"); its punctuation is the cue.
  const scene = [
    'Thomas Ashby and Margaret Pellew stood at the gate. Thomas was cold, and Margaret was tired.',
    'Thomas looked at Margaret and cut her short with: "It will rain before we are home."',
    'Thomas Ashby lifted the latch. "Come, then."',
    'Margaret Pellew waited a while. Then she turned to him: "Not yet."',
    'Margaret Pellew smiled. Thomas Ashby began again. "We cannot stay."',
  ].join('\n\n');
  const { turns, idx } = prepared(scene);
  const thomas = idx('Thomas');

  it('names the first character of a sentence that ends in a colon or a comma before the quote', () => {
    expect(turns[0]!.leadInHere).toBe(thomas);
  });

  it('names no one after a sentence that only describes, or whose subject is a pronoun', () => {
    expect(turns[1]!.leadInHere).toBe(-1);
    expect(turns[2]!.leadInHere).toBe(-1);
  });

  it('takes a sentence ending in a speech verb and a full stop', () => {
    expect(turns[3]!.leadInHere).toBe(thomas);
  });

  it("takes the subject of the sentence's last speech verb, not its first name or a name after a preposition", () => {
    const verbs = prepared(
      [
        'Thomas Ashby and Margaret Pellew stood at the gate. Thomas was cold, and Margaret was tired.',
        'Thomas asked Margaret the way, and Margaret answered, in the same slow voice as before, "By the mill."',
        'Thomas was too tired to argue, and Margaret said to Thomas, "Come, then."',
        'Thomas nodded, but she was already saying, "Quickly."',
      ].join('\n\n'),
    );
    const margaret = verbs.idx('Margaret');
    expect(verbs.turns.map((t) => t.leadInHere)).toEqual([margaret, margaret, -1]);
  });

  it('reads a later untagged quote of the paragraph when the first has no lead-in', () => {
    const later = prepared(
      [
        'Thomas Ashby and Margaret Pellew stood at the gate. Thomas was cold, and Margaret was tired.',
        'The wind rose in the elms. "Listen!" Then Margaret Pellew chaffed him: "It is only the wind."',
      ].join('\n\n'),
    );
    expect(later.turns).toHaveLength(1);
    expect(later.turns[0]!.leadInHere).toBe(later.idx('Margaret'));
  });
});

describe('buildTurns: a narration paragraph that leads into the quote after it', () => {
  const scene = [
    'Thomas Ashby and Margaret Pellew stood at the gate. Thomas was cold, and Margaret was tired.',
    'Margaret Pellew looked at the sky, and said:',
    '"It will rain."',
    'Thomas Ashby began at once.',
    '"Then we must hurry."',
    'Margaret Pellew smiled.',
    '"We must."',
  ].join('\n\n');
  const { turns, idx, input } = prepared(scene);
  // Thomas Ashby may be shown by his surname: find him by either name.
  const thomas = input.characters.findIndex((c) => /Ashby|Thomas/.test(c.name));

  it('names the speaker of a paragraph ending in a colon', () => {
    expect(turns[0]!.leadIn).toBe(idx('Margaret'));
  });

  it('names the speaker of a paragraph ending a few words after "began", "spoke" or "went on"', () => {
    expect(thomas).toBeGreaterThanOrEqual(0);
    expect(turns[1]!.leadIn).toBe(thomas);
  });

  it('names no one after a closed sentence of another verb ("smiled.")', () => {
    expect(turns[2]!.leadIn).toBe(-1);
  });
});

describe('buildTurns: one paragraph, several speakers', () => {
  // Reported exchanges run several speakers into one paragraph; their tags say where each speaks.
  const exchange = [
    'Orrin Vale and Della Marsh walked down to the ferry. Orrin Vale and Della Marsh waited.',
    'At the landing Della said, "Is it late, Orrin?" and Orrin said, "Not yet, Della," and Della said, "Good."',
    '"We will wait," said Orrin. "The boat is slow," he added, "but it comes."',
    'Della laughed. "It comes," said Della; and he answered, "It always does."',
  ].join('\n\n');
  const { turns, idx } = prepared(exchange);
  const orrin = idx('Orrin');
  const della = idx('Della');

  it('splits a paragraph where a tag names another speaker, each run with its own tag', () => {
    expect(turns.map((t) => t.quotes.length)).toEqual([1, 1, 1, 3, 1, 1]);
    expect(turns.map((t) => [...t.tagNames])).toEqual([[della], [orrin], [della], [orrin], [della], []]);
    expect(turns.map((t) => t.gap)).toEqual([Infinity, 0, 0, 0, 0, 0]);
    expect(turns.map((t) => t.para)).toEqual([1, 1, 1, 2, 3, 3]);
  });

  it('keeps a pronoun tag that fits the named speaker in their run', () => {
    expect(turns[3]!.tagPronoun).toBe('m');
  });

  it('splits where a he/she tag cannot be the speaker named before', () => {
    expect(turns[5]!.tagPronoun).toBe('m');
    expect([...turns[4]!.narrationBefore]).toEqual([della]);
  });

  it("splits where a he/she or noun tag cannot be the run's gender, with no name before", () => {
    const { turns: split } = prepared(
      exchange +
        '\n\n"Is it late?" he asked, smiling; and she looked at him, and answered: "No."' +
        '\n\n"Not at all," her husband retorted; and she said, "How funny!"',
    );
    expect(split.slice(6).map((t) => t.quotes.length)).toEqual([1, 1, 1, 1]);
    expect(split.slice(6).map((t) => t.tagPronoun ?? t.tagNoun)).toEqual(['m', 'f', 'husband', 'f']);
  });

  it('decodes each run to the speaker its tag names', () => {
    const r = analyze(exchange, { outline: [] });
    const name = (id: string | null) => r.characters.find((c) => c.id === id)?.name.split(' ')[0];
    expect(r.quotes.map((q) => name(q.speakerId))).toEqual([
      'Della',
      'Orrin',
      'Della',
      'Orrin',
      'Orrin',
      'Orrin',
      'Della',
      'Orrin',
    ]);
  });
});

describe('featuresOf', () => {
  const { input, turns, idx } = prepared(passage);
  const cast = castFacts(input.characters);
  const alwin = idx('Alwin');
  const hester = idx('Hester');
  const row = (i: number, c: number, history: number[]) => {
    const out = new Float64Array(FEATURE_COUNT);
    featuresOf(turns, i, c, cast, history, pronounReferent(turns[i]!, cast), out);
    return Object.fromEntries(FEATURES.map((f, k) => [f, out[k]]));
  };

  it('marks the tagged speaker, and the addressee as addressed', () => {
    expect(row(0, alwin, []).tagName).toBe(1);
    expect(row(0, hester, []).tagNameOther).toBe(1);
    expect(row(0, hester, []).vocativeHere).toBe(1);
  });

  it('matches a pronoun tag against the candidate’s gender', () => {
    expect(row(1, hester, [alwin]).pronounMatch).toBe(1);
    expect(row(1, alwin, [alwin]).pronounMismatch).toBe(1);
  });

  it('sees alternation: in A, B, ? the next speaker is A', () => {
    expect(row(2, alwin, [hester, alwin]).alternation).toBe(1);
    expect(row(2, alwin, [hester, alwin]).alternationPure).toBe(1);
    expect(row(2, hester, [hester, alwin]).spokeLast).toBe(1);
    expect(row(2, hester, [hester, alwin]).alternation).toBe(0);
  });

  it('knows the speaker a turn addresses answers next', () => {
    expect(row(1, hester, [alwin]).vocativePrev).toBe(1);
  });
});

describe('decode', () => {
  const { input, turns, idx } = prepared(passage);
  const cast = castFacts(input.characters);
  const alwin = idx('Alwin');
  const hester = idx('Hester');

  it('chains alternation from a tagged anchor through untagged turns', () => {
    const model = modelWith({ tagName: 5, pronounMatch: 3, alternation: 2, spokeLast: -2, vocativeHere: -4 });
    expect(decode(model, turns, cast).map((d) => d.speaker)).toEqual([alwin, hester, alwin, hester, hester]);
  });

  it('never gives a turn to the character it addresses when vocatives weigh in', () => {
    const plain = modelWith({ narrationBefore: 1 });
    const withVocatives = modelWith({ narrationBefore: 1, vocativeHere: -5 });
    expect(decode(plain, turns, cast)[0]!.speaker).not.toBe(-1);
    expect(decode(withVocatives, turns, cast)[0]!.speaker).not.toBe(hester);
  });

  it('ranks the candidates by probability, summing to one, the speaker among them', () => {
    const model = modelWith({ tagName: 5, alternation: 2 });
    for (const d of decode(model, turns, cast)) {
      const total = d.ranked.reduce((a, r) => a + r.probability, 0);
      expect(total).toBeCloseTo(1, 6);
      expect(d.ranked.find((x) => x.char === d.speaker)?.probability).toBe(d.probability);
      expect(d.ranked.map((x) => x.probability)).toEqual(d.ranked.map((x) => x.probability).sort((a, b) => b - a));
    }
  });
});

describe('calibrate', () => {
  const model: SpeakerModel = { features: [], weights: [], calibration: { x: [0.2, 0.6, 0.9], y: [0.1, 0.5, 0.95] } };
  it('maps model probabilities through the knots, linearly between them and flat outside', () => {
    expect(calibrate(model, 0.1)).toBe(0.1);
    expect(calibrate(model, 0.4)).toBeCloseTo(0.3, 10);
    expect(calibrate(model, 0.99)).toBe(0.95);
  });
});

describe('decideSpeakers (through analyze, with the trained model)', () => {
  const r = analyze(passage, { outline: [] });
  const first = (id: string | null) => r.characters.find((c) => c.id === id)?.name.split(' ')[0];

  it('attributes the passage', () => {
    expect(r.quotes.map((q) => first(q.speakerId))).toEqual(['Alwin', 'Hester', 'Alwin', 'Hester', 'Hester']);
  });

  it('gives each quote its top candidates, best first, and the evidence that decided it', () => {
    for (const q of r.quotes) {
      expect(q.candidates![0]!.speakerId).toBe(q.speakerId);
      const ps = q.candidates!.map((c) => c.probability);
      expect([...ps].sort((a, b) => b - a)).toEqual(ps);
      expect(q.evidence!.length).toBeGreaterThan(0);
    }
    // A named tag decided it: the tag itself or the rule sieve that read it, whichever weighs more.
    expect(r.quotes[0]!.evidence!.filter((e) => e === 'tagName' || e === 'ruleExplicit')).not.toEqual([]);
    expect(r.quotes[0]!.attributionMethod).toBe('explicit');
  });

  it('names a cue the hidden layer carries even when its linear weight is below zero', () => {
    // A model that reads only the name tag, and that through its hidden unit: the tag's own weight
    // is negative, as a refit can leave it, yet the tag is what raises the speaker.
    const tag = FEATURES.indexOf('tagName');
    const weights = new Array<number>(FEATURE_COUNT).fill(0);
    weights[tag] = -0.5;
    const row = new Array<number>(BASE_COUNT + TURN_KINDS.length).fill(0);
    row[tag] = 4;
    const model: SpeakerModel = { features: FEATURES, weights, hidden: [row], out: [3], calibration: { x: [], y: [] } };
    const tagged = analyze(passage, { outline: [], speakerModel: model }).quotes[0]!;
    expect(tagged.evidence).toContain('tagName');
    expect(tagged.attributionMethod).toBe('explicit');
  });

  it('is surer of a named tag than of a turn only alternation decides', () => {
    expect(r.quotes[0]!.confidence).toBeGreaterThan(r.quotes[3]!.confidence);
    for (const q of r.quotes) expect(q.confidence).toBeGreaterThan(0);
  });
});

describe('decideSpeakers: a voice heard once', () => {
  const scene = (fourth: string) =>
    [
      'Alwin Tarrow and Hester Quayle sat by the fire, and Corwin Pell mended a net. Corwin Pell was tired.',
      '"Will it snow tonight?" asked Alwin.',
      '"I think it will," said Hester.',
      fourth,
      '"We must," said Hester.',
    ].join('\n\n');
  // Narration naming someone right before an untagged quote outweighs alternation in this model.
  const model = modelWith({ tagName: 5, narrationBefore: 3, alternation: 2 });
  const speakers = (text: string) => {
    const r = analyze(text, { outline: [], speakerModel: model });
    return r.quotes.map((q) => r.characters.find((c) => c.id === q.speakerId)?.name.split(' ')[0]);
  };

  it('gives a character’s only, untagged turn to its best other candidate', () => {
    expect(speakers(scene('Corwin Pell looked at the window. "Then we must stay."'))).toEqual([
      'Alwin',
      'Hester',
      'Alwin',
      'Hester',
    ]);
  });

  it('keeps a character heard once when a tag names them', () => {
    expect(speakers(scene('Corwin Pell looked at the window. "Then we must stay," said Corwin.'))).toEqual([
      'Alwin',
      'Hester',
      'Corwin',
      'Hester',
    ]);
  });
});

describe('confidence features', () => {
  const { input, turns, idx } = prepared(passage);
  const cast = castFacts(input.characters);
  const conversation = conversationFacts(turns);

  it('measures each turn’s distance to the nearest name tag of its conversation', () => {
    // Turns 0 and 4 are tagged (Alwin; Hester, who rose before speaking).
    expect(turns.map((t) => t.tagNames.size > 0)).toEqual([true, false, false, false, true]);
    expect(conversation.anchor).toEqual([0, 1, 2, 1, 0]);
    expect(conversation.length).toEqual([5, 5, 5, 5, 5]);
  });

  it('places each untagged turn in its run: position and run length', () => {
    expect(conversation.run).toEqual([0, 1, 2, 3, 0]);
    expect(conversation.runLength).toEqual([0, 3, 3, 3, 0]);
  });

  it('measures how much less probable a run is with its two speakers swapped', () => {
    const model = modelWith({ tagName: 5, alternation: 2, spokeLast: -2 });
    const chosen = runToEnd(bestPathSteps(model, turns, cast));
    const flip = flipMargins(model, turns, cast, chosen);
    // Tagged turns are no run's; the three untagged ones share their run's margin, which alternation
    // and the tags either side make clearly positive: swapped, Hester would answer herself.
    expect(Number.isNaN(flip[0]!) && Number.isNaN(flip[4]!)).toBe(true);
    expect(flip[1]).toBeGreaterThan(1);
    expect(flip[2]).toBe(flip[1]);
    expect(flip[3]).toBe(flip[1]);
    // Without any cue that depends on who spoke before, swapping changes nothing the model reads
    // but the turns' own cues, so the margin is what those say alone.
    const flat = modelWith({ tagName: 5 });
    const none = flipMargins(flat, turns, cast, runToEnd(bestPathSteps(flat, turns, cast)));
    expect(Math.abs(none[1]!)).toBeLessThan(flip[1]!);
  });

  it('counts the path’s turns per speaker and speakers per conversation', () => {
    const chosen = [idx('Alwin'), idx('Hester'), idx('Alwin'), idx('Hester'), idx('Hester')];
    const path = pathFacts(turns, chosen, new Float64Array(5).fill(NaN));
    expect(path.turnsOf.get(idx('Hester'))).toBe(3);
    expect(path.conversationSpeakers).toEqual([2, 2, 2, 2, 2]);
  });

  it('finds where the path over an untagged run stops alternating, and tags strict alternation cannot join', () => {
    const [a, h] = [idx('Alwin'), idx('Hester')];
    // Hester speaks twice running at the end: one break, and the tags either side (Alwin, then
    // Hester four turns later) could not both hold under strict alternation.
    const broken = pathFacts(turns, [a, h, a, h, h], new Float64Array(5).fill(NaN));
    expect(broken.breaks).toEqual([0, 1, 1, 1, 0]);
    expect(broken.anchorsDisagree).toEqual([false, true, true, true, false]);
    const strict = pathFacts(turns, [a, h, a, h, a], new Float64Array(5).fill(NaN));
    expect(strict.breaks).toEqual([0, 0, 0, 0, 0]);
    expect(strict.anchorsDisagree).toEqual([false, false, false, false, false]);
  });

  it('describes a decision by its probability, margin, turn kind and anchor', () => {
    const d = decode(modelWith({ tagName: 5, alternation: 2 }), turns, cast)[2]!;
    const chosen = [idx('Alwin'), idx('Hester'), idx('Alwin'), idx('Hester'), idx('Hester')];
    const path = pathFacts(turns, chosen, new Float64Array([NaN, 2, 2, 2, NaN]));
    const x = confidenceFeatures(
      turns,
      2,
      conversation,
      path,
      decisionFacts(turns, 2, d, idx('Hester'), { probability: 0.4, best: false }),
      new Float64Array(CONFIDENCE_COUNT),
    );
    const f = Object.fromEntries(CONFIDENCE_FEATURES.map((n, k) => [n, x[k]]));
    expect(f.bareTurn).toBe(1);
    expect(f.anchorTwo).toBe(1);
    expect(f.staticLogOdds).toBeCloseTo(Math.log(0.4 / 0.6), 10);
    expect(f.staticAgrees).toBe(0);
    expect(f.runPosition).toBeCloseTo(0.2, 10);
    expect(f.runLength).toBeCloseTo(0.15, 10);
    expect(f.inFlipRun).toBe(1);
    expect(f.flip).toBeCloseTo(Math.log(3), 10);
    expect(f.conversationSpeakers).toBeCloseTo(Math.log(2), 10);
    expect(f.runBreaks).toBeCloseTo(Math.log(2), 10);
    expect(f.anchorsDisagree).toBe(1);
    expect(f.logOddsByFlip).toBeCloseTo(f.logOdds! * Math.log(3), 10);
    expect(f.logOddsUnanchored).toBe(0);
    expect(f.runPositionByLength).toBeCloseTo(0.2 * 0.15, 10);
    expect(f.entropy).toBeCloseTo(-d.ranked.reduce((a, r) => a + r.probability * Math.log(r.probability), 0), 10);
    // The decision's facts are the features the decoder computed for it.
    expect(d.facts.length).toBe(CONFIDENCE_COUNT);
    expect(f.margin).toBeCloseTo(d.probability - d.ranked[1]!.probability, 10);
    expect(f.logOdds).toBeCloseTo(Math.log(d.probability / (1 - d.probability)), 6);
    expect(certaintyOf(undefined, x, 0.7)).toBe(0.7);
    const weights = CONFIDENCE_FEATURES.map((n) => (n === 'bias' ? 1 : 0));
    expect(certaintyOf({ features: [...CONFIDENCE_FEATURES], weights }, x, 0.7)).toBeCloseTo(
      1 / (1 + Math.exp(-1)),
      10,
    );
  });
});

describe('buildTurns: a describing tag noun the book uses for one person', () => {
  // Wystan is "the stranger" in two exchanges; the tags two turns away name him, the ones next to
  // the described turns name Orla. In the other scene "the man" is Wystan once and Idris once.
  const { input, turns, idx } = prepared(
    [
      'Orla Quayle met Wystan Pell at the gate. Idris Quell watched them from the mill.',
      '"Who are you?" asked Orla.',
      '"A traveller," said the stranger.',
      '"From where?" said Orla.',
      '"From the north," said Wystan.',
      'The wind rose over the fields.',
      'It rained all night.',
      '"Will you stay?" asked Orla.',
      '"No," said the stranger.',
      '"Why not?" said Orla.',
      '"The road calls," said Wystan.',
      'Morning came grey and cold.',
      'The mill wheel turned.',
      '"Is the mill open?" asked Orla.',
      '"It is," said the man.',
      '"Good," said Orla.',
      '"Come in," said Idris.',
      'Noon passed quietly.',
      'Nobody came to the gate.',
      '"Is the gate shut?" asked Orla.',
      '"It is," said the man.',
      '"Good," said Orla.',
      '"Then I will go," said Wystan.',
    ].join('\n\n'),
  );
  const described = (noun: string) => turns.filter((t) => t.tagNoun === noun);

  it('links the noun to the one character the tags around its turns name', () => {
    expect(described('stranger')).toHaveLength(2);
    for (const t of described('stranger')) {
      expect(t.nounLinked).toBe(idx('Wystan'));
      expect(t.candidates).toContain(idx('Wystan'));
    }
  });

  it('links a noun the tags show on several people to no one', () => {
    expect(described('man')).toHaveLength(2);
    expect(described('man').map((t) => t.nounLinked)).toEqual([-1, -1]);
  });

  it('is a feature of the linked candidate only', () => {
    const cast = castFacts(input.characters);
    const i = turns.indexOf(described('stranger')[0]!);
    const x = new Float64Array(FEATURE_COUNT);
    const at = FEATURES.indexOf('nounLinked');
    featuresOf(turns, i, idx('Wystan'), cast, [], -1, x);
    expect(x[at]).toBe(1);
    featuresOf(turns, i, idx('Orla'), cast, [], -1, x);
    expect(x[at]).toBe(0);
  });
});

describe('buildTurns: a kin tag', () => {
  // "her father" is Hester Quill's: the one "Mr. Quill" of the family, whatever the book's other
  // fathers; the link makes him a candidate even in a turn that names no one else.
  const { input, turns } = prepared(
    [
      'Hester Quill lived with Mr. Quill and Mrs. Quill. Mr. Quill read, and Hester sat by. Hester was tired.',
      'Mr. Pell came in. Mr. Pell was a father of six.',
      '"Come here, child," cried her father as Hester came in.',
      '"Yes, papa," said Hester.',
    ].join('\n\n'),
  );

  it('links the turn to the relative the family name shows', () => {
    const father = input.characters.findIndex((c) => c.name === 'Mr. Quill');
    const kinTurn = turns.find((t) => t.tagNoun === 'father')!;
    expect(father).toBeGreaterThanOrEqual(0);
    expect(kinTurn.nounLinked).toBe(father);
    expect(kinTurn.candidates).toContain(father);
  });
});

describe('features: forms of address', () => {
  const { input, turns, idx } = prepared(
    [
      'Hester Quill and Thomas Ashby sat in the garden. Hester was tired, and Thomas was cross. Thomas read.',
      '"Good morning," said Hester.',
      '"Good morning, ma\'am."',
      '"Is the tea cold, sir?"',
      '"Quite cold."',
    ].join('\n\n'),
  );
  const cast = castFacts(input.characters);
  const x = new Float64Array(FEATURE_COUNT);
  const value = (turn: number, who: string, feature: string) => {
    featuresOf(turns, turn, idx(who), cast, [], -1, x);
    return x[FEATURES.indexOf(feature)];
  };

  it('reads who a turn addresses, and who the turns around it address', () => {
    expect(turns.map((t) => t.addressed)).toEqual(['u', 'f', 'm', 'u']);
    // "Is the tea cold, sir?" speaks to a man: a woman more likely said it, and a man answers.
    expect(value(2, 'Thomas', 'addressedHere')).toBe(1);
    expect(value(2, 'Hester', 'addressedHere')).toBe(0);
    expect(value(2, 'Hester', 'addressedPrev')).toBe(1);
    expect(value(2, 'Thomas', 'addressedPrevOther')).toBe(1);
    expect(value(3, 'Thomas', 'addressedPrev')).toBe(1);
    expect(value(1, 'Hester', 'addressedNextOther')).toBe(1);
  });
});
