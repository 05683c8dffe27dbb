import { describe, expect, it } from 'vitest';
import { detectQuoteStyle, findQuotes } from './findQuotes.js';
import { splitParagraphs } from './paragraphs.js';

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

describe('guillemets', () => {
  it('pair like curly quotes, spaces inside them left out', () => {
    expect(texts('« Come in, » said Orla. « The door is open. »\n\n«Thank you.»')).toEqual([
      'Come in,',
      'The door is open.',
      'Thank you.',
    ]);
  });
});

describe('dash-set dialogue', () => {
  // Written for the test: dialogue opened by dashes, no quotation marks (enough paragraphs of it to
  // read the text's style), then the passage under test.
  const DIALOGUE = [
    '— Have you trimmed the wick? — asked Orla.',
    '— Twice.',
    '— Then the oil is bad.',
    '— Idris sold it to us, — he said.',
    '— We will buy no more from him.',
  ].join('\n\n');
  const dashTexts = (passage: string) => texts(`${DIALOGUE}\n\n${passage}\n`).slice(5);

  it('reads the style from paragraphs that open with a dash', () => {
    const paragraphs = splitParagraphs(DIALOGUE);
    expect(detectQuoteStyle(DIALOGUE, paragraphs)).toBe('dash');
    // A novel in quotation marks with a few dashed paragraphs stays in quotation marks.
    const novel = `${'"Yes," said Orla.\n\n'.repeat(10)}${DIALOGUE}`;
    expect(detectQuoteStyle(novel, splitParagraphs(novel))).toBe('double');
  });

  it('splits speech around a tag set off by dashes', () => {
    expect(texts(DIALOGUE)).toEqual([
      'Have you trimmed the wick?',
      'Twice.',
      'Then the oil is bad.',
      'Idris sold it to us,',
      'We will buy no more from him.',
    ]);
    expect(dashTexts('— Hello, — said Orla. — How are you?')).toEqual(['Hello,', 'How are you?']);
    expect(dashTexts('— That is mine, — broke in Tam. — Isn’t it?')).toEqual(['That is mine,', 'Isn’t it?']);
    expect(dashTexts('--Hello,-- said Orla. --How are you?')).toEqual(['Hello,', 'How are you?']);
  });

  it('keeps a dash that breaks off a sentence in the speech', () => {
    expect(dashTexts('— I was going to — no, never mind.')).toEqual(['I was going to — no, never mind.']);
  });

  it('finds speech a narration paragraph leads into, and no speech in narration’s own dashes', () => {
    expect(dashTexts('Orla looked up from the lamp. — Come in.')).toEqual(['Come in.']);
    expect(dashTexts('Then Orla said: — Come in, and shut the door.')).toEqual(['Come in, and shut the door.']);
    expect(dashTexts('The lamp — which was old — smoked all night.')).toEqual([]);
  });
});
