// The pure part of the second opinion: which quotes are asked about, the request one batch makes
// (context, markers, candidates), the answer's checks, and the guarded application of the answers.
import { describe, expect, it } from 'vitest';
import type { Character, Quote } from '@castbook/contracts';
import { splitParagraphs } from '@castbook/text-analysis';
import { applyDecisions, batchRequest, decisionsOf, doubtfulQuotes, planBatches, stillDoubtful } from './batches.js';

const TEXT =
  'The parlour was cold.\n\n' +
  'Mara came in from the yard and shook the snow from her shawl.\n\n' +
  '"Is the fire out?" she asked.\n\n' +
  '"Since noon," Tom said, not looking up.\n\n' +
  '"Then light it."\n\n' +
  'He did not move.\n\n' +
  'Far away a dog barked.\n\n' +
  'The end.';
const at = (s: string) => TEXT.indexOf(s);
const person = (id: string, name: string, alternativeNames: string[] = []): Character => ({
  id,
  name,
  color: '#aa0000',
  summary: '',
  mentions: 1,
  alternativeNames,
  relationships: [],
  isUserCreated: false,
});
const CAST: Character[] = [person('m', 'Mara', ['Mrs. Hale']), person('t', 'Tom'), person('x', 'Ned')];
const quote = (id: string, text: string, over: Partial<Quote> = {}): Quote => ({
  id,
  text,
  startOffset: at(`"${text}`),
  endOffset: at(`"${text}`) + text.length + 2,
  speakerId: 'm',
  confidence: 0.4,
  attributionMethod: 'turn-taking',
  candidates: [
    { speakerId: 'm', probability: 0.45 },
    { speakerId: 't', probability: 0.35 },
  ],
  evidence: ['turnTaking'],
  ...over,
});
const QUOTES: Quote[] = [
  quote('q1', 'Is the fire out?', { confidence: 0.95, attributionMethod: 'pronoun' }),
  quote('q2', 'Since noon,', { confidence: 0.5, speakerId: 't' }),
  quote('q3', 'Then light it.', { confidence: 0.3 }),
];

describe('doubtfulQuotes', () => {
  it('takes quotes under the threshold with two live candidates, never the user’s or the model’s', () => {
    const quotes = [
      ...QUOTES,
      quote('u', 'Since noon,', { attributionMethod: 'user', confidence: 0.1 }),
      quote('a', 'Since noon,', { attributionMethod: 'ai', confidence: 0.1 }),
      // One candidate the cast still has (Zed was deleted): nothing to choose between.
      quote('one', 'Then light it.', {
        candidates: [
          { speakerId: 'm', probability: 0.5 },
          { speakerId: 'zed', probability: 0.5 },
        ],
      }),
    ];
    expect(doubtfulQuotes(quotes, CAST, 0.6).map((q) => q.id)).toEqual(['q2', 'q3']);
    expect(doubtfulQuotes(quotes, CAST, 0.45).map((q) => q.id)).toEqual(['q3']);
    expect(planBatches(doubtfulQuotes(quotes, CAST, 0.6), 1)).toEqual([
      [{ id: 'q2', startOffset: QUOTES[1]!.startOffset, endOffset: QUOTES[1]!.endOffset }],
      [{ id: 'q3', startOffset: QUOTES[2]!.startOffset, endOffset: QUOTES[2]!.endOffset }],
    ]);
  });
});

describe('batchRequest', () => {
  const book = { title: 'Snow', text: TEXT, paragraphs: splitParagraphs(TEXT), characters: CAST };
  const request = batchRequest(book, [QUOTES[2]!, QUOTES[1]!]);

  it('marks the quotes in their paragraphs, with two paragraphs before and one after', () => {
    const user = request.prompt.user;
    expect(user).toContain('[Q1]"Since noon,"[/Q1] Tom said, not looking up.');
    expect(user).toContain('[Q2]"Then light it."[/Q2]');
    expect(user).toContain('Mara came in from the yard'); // two before the first quote
    expect(user).toContain('"Is the fire out?" she asked.');
    expect(user).toContain('He did not move.'); // one after the last
    expect(user).not.toContain('The parlour was cold.');
    expect(user).not.toContain('a dog barked');
  });

  it('lists each quote’s candidates with the engine’s probabilities and the cast they name', () => {
    const user = request.prompt.user;
    expect(user).toContain('C1: Mara (also called Mrs. Hale)');
    expect(user).toContain('C2: Tom');
    expect(user).not.toContain('Ned');
    expect(user).toContain('Q1: C1 Mara (0.45), C2 Tom (0.35)');
  });

  it('accepts an answer naming each quote once among its candidates, and nothing else', () => {
    const good = {
      answers: [
        { quote: 'Q1', speaker: 'C2', confidence: 0.9 },
        { quote: 'Q2', speaker: null, confidence: 0.3 },
      ],
    };
    expect(request.schema.safeParse(good).success).toBe(true);
    expect(decisionsOf(request, request.schema.parse(good))).toEqual([
      { quoteId: 'q2', speakerId: 't', confidence: 0.9 },
      { quoteId: 'q3', speakerId: null, confidence: 0.3 },
    ]);
    const bad = [
      { answers: [{ quote: 'Q1', speaker: 'C2', confidence: 0.9 }] }, // Q2 unanswered
      { answers: [...good.answers, { quote: 'Q1', speaker: 'C1', confidence: 0.5 }] }, // Q1 twice
      { answers: [{ quote: 'Q1', speaker: 'C3', confidence: 0.9 }, good.answers[1]] }, // no such label
      { answers: [{ quote: 'Q1', speaker: 'C2', confidence: 1.5 }, good.answers[1]] },
    ];
    for (const b of bad) expect(request.schema.safeParse(b).success).toBe(false);
  });
});

describe('applyDecisions', () => {
  const batch = planBatches([QUOTES[1]!, QUOTES[2]!]);

  it('stores the model’s speaker and confidence as ai; agreement keeps the evidence', () => {
    const result = applyDecisions(QUOTES, CAST, batch[0]!, [
      { quoteId: 'q2', speakerId: 't', confidence: 0.8 },
      { quoteId: 'q3', speakerId: 't', confidence: 0.7 },
    ]);
    expect(result).toMatchObject({ changed: 1, agreed: 1, kept: 0 });
    expect(result.quotes[0]).toBe(QUOTES[0]);
    expect(result.quotes[1]).toMatchObject({
      speakerId: 't',
      confidence: 0.8,
      attributionMethod: 'ai',
      evidence: ['turnTaking'],
    });
    expect(result.quotes[2]).toMatchObject({ speakerId: 't', confidence: 0.7, attributionMethod: 'ai' });
    expect(result.quotes[2]!.evidence).toBeUndefined();
    expect(result.quotes[2]!.candidates).toEqual(QUOTES[2]!.candidates);
  });

  it('never touches a speaker the user set meanwhile, a moved quote, a gone speaker or a null answer', () => {
    const now = [
      QUOTES[0]!,
      { ...QUOTES[1]!, attributionMethod: 'user' as const, speakerId: 'm', confidence: 1 },
      { ...QUOTES[2]!, startOffset: QUOTES[2]!.startOffset + 1 },
    ];
    expect(stillDoubtful(batch[0]!, now)).toEqual([]);
    const result = applyDecisions(now, CAST, batch[0]!, [
      { quoteId: 'q2', speakerId: 't', confidence: 0.8 },
      { quoteId: 'q3', speakerId: 't', confidence: 0.7 },
    ]);
    expect(result).toMatchObject({ changed: 0, agreed: 0, kept: 2 });
    expect(result.quotes).toEqual(now);
    const gone = applyDecisions(QUOTES, CAST.slice(0, 1), batch[0]!, [
      { quoteId: 'q2', speakerId: 't', confidence: 0.8 },
      { quoteId: 'q3', speakerId: null, confidence: 0.7 },
    ]);
    expect(gone).toMatchObject({ changed: 0, agreed: 0, kept: 2 });
    expect(gone.quotes).toEqual(QUOTES);
  });
});
