import { describe, expect, it } from 'vitest';
import { findQuotes } from './findQuotes.js';

const texts = (t: string) => findQuotes(t).map((q) => q.text);

describe('findQuotes', () => {
  it('finds straight double quotes with offsets of the spoken words', () => {
    const t = 'Orla looked up.\n\n"I am here," she said.\n';
    const [q] = findQuotes(t);
    expect(q?.text).toBe('I am here,');
    expect(t.slice(q!.startOffset, q!.endOffset)).toBe('I am here,');
  });

  it('splits a quotation interrupted by a speech tag into two spans', () => {
    expect(texts('"Yes," said Orla, "I will."')).toEqual(['Yes,', 'I will.']);
  });

  it('closes a quotation at a mark with space on both sides (a lost dash before it)', () => {
    expect(texts('"I was only going to say    " Orla began. Selwyn waved.')).toEqual(['I was only going to say']);
    expect(texts('"Is there " asked Tam, "no other way?"')).toEqual(['Is there', 'no other way?']);
  });

  it('finds a quotation inside emphasis markup', () => {
    expect(texts('(_"What does it mean?" asked Orla._ "_Nothing much._")')).toEqual([
      'What does it mean?',
      '_Nothing much._',
    ]);
    expect(texts('_"Now I am," said a voice._ *"Hush!"*')).toEqual(['Now I am,', 'Hush!']);
  });

  it('reads curly double quotes', () => {
    expect(texts('\u201cWell,\u201d said Jago. \u201cGo on.\u201d')).toEqual(['Well,', 'Go on.']);
  });

  it('gives one span per paragraph to a quotation that runs over paragraphs', () => {
    const t = '"This is the first part of a long story.\n\n"And this is the second part."\n\nShe stopped.';
    expect(texts(t)).toEqual(['This is the first part of a long story.', 'And this is the second part.']);
  });

  it('tells single-quoted dialogue from apostrophes', () => {
    const t = [
      "'I don't know,' said Jago. 'It's five o'clock and the boys' dog is out.'",
      "'We'll see 'em tomorrow,' said Tamsin.",
      "'Right,' said Jago.",
    ].join('\n\n');
    expect(texts(t)).toEqual([
      "I don't know,",
      "It's five o'clock and the boys' dog is out.",
      "We'll see 'em tomorrow,",
      'Right,',
    ]);
  });

  it('keeps apostrophes inside double-quoted dialogue', () => {
    expect(texts(`"Don't go, it's late," he said.`)).toEqual(["Don't go, it's late,"]);
  });

  it('skips a short term in quotes inside narration', () => {
    expect(texts('The house was called the "Avenue" by the people of the town.')).toEqual([]);
  });

  it('numbers quotes deterministically', () => {
    expect(findQuotes('"A," he said. "B."').map((q) => q.id)).toEqual(['q1', 'q2']);
  });
});
