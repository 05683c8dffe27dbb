import { describe, expect, it } from 'vitest';
import { splitParagraphs } from '../quotes/paragraphs.js';
import { joinLines, reflowParagraphs, wrapLayout } from './reflow.js';

// Invented passages, wrapped greedily at 64 columns as an export would.
const WIDTH = 64;
function wrap(paragraph: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of paragraph.split(/\s+/)) {
    if (line && line.length + 1 + w.length > WIDTH) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  return [...lines, line];
}

const PARAGRAPHS = [
  'CHAPTER 1',
  'The lamps along the quay had been lit an hour before the ferry came in, and the harbour master walked the length of the wall twice, counting the crates that waited in the rain for a ship that was late again.',
  '“You will catch your death out here,” said Mrs. Pellow, who kept the tea stall by the steps and had watched him pace since noon. “Come in and sit by the stove, for the boat will not come any faster for your walking.”',
  '“I am paid to walk,” he answered, turning up the collar of his coat against the wind that came off the water in long cold gusts.',
  'She laughed at that and went back to her kettle. The gulls had settled on the roof of the customs shed, and the only sound was the slap of the tide against the stones of the old harbour wall.',
  '“There,” she called after a while, pointing past the lighthouse with her ladle, “is that not a mast? Or have my eyes gone the way of my knees at last, Tobin Marsh?”',
  'He looked where she pointed and saw nothing but the grey line where the sea met the sky, and then, very faint, the yellow eye of a lantern swinging as a ship turns.',
  'CHAPTER 2',
  '“Ropes!” cried the harbour master, running along the quay. “Ropes to the bollards, and quick about it, or she will take the wall with her!”',
  'The men came out of the sheds at a run. Nobody had told them a ship was due, and half of them were still chewing their supper as they caught the lines and made them fast.',
];

const wrappedLines = PARAGRAPHS.flatMap(wrap);
const paragraphTexts = (text: string) =>
  splitParagraphs(text).map((p) => text.slice(p.start, p.end).replace(/\s+/g, ' '));

describe('splitParagraphs on hard-wrapped text', () => {
  it('takes blank-line blocks as paragraphs when wrapped lines sit between blank lines', () => {
    const text = PARAGRAPHS.map((p) => wrap(p).join('\n')).join('\n\n');
    expect(paragraphTexts(text)).toEqual(PARAGRAPHS);
  });

  it('takes every line as a paragraph when lines are whole paragraphs', () => {
    const text = Array.from({ length: 6 }, () => PARAGRAPHS.join('\n')).join('\n');
    expect(paragraphTexts(text)).toEqual(Array.from({ length: 6 }, () => PARAGRAPHS).flat());
  });

  it('joins the wrapped lines of paragraphs that have no blank lines between them', () => {
    const text = Array.from({ length: 4 }, () => wrappedLines.join('\n')).join('\n');
    expect(paragraphTexts(text)).toEqual(Array.from({ length: 4 }, () => PARAGRAPHS).flat());
  });

  it('keeps offsets into the text as stored, CRLF line ends included', () => {
    const text = Array.from({ length: 4 }, () => wrappedLines.join('\r\n')).join('\r\n');
    const paragraphs = splitParagraphs(text);
    expect(paragraphs).toHaveLength(4 * PARAGRAPHS.length);
    expect(text.slice(paragraphs[2]!.start, paragraphs[2]!.end)).toBe(wrap(PARAGRAPHS[2]!).join('\r\n'));
  });
});

describe('reflowParagraphs', () => {
  it('rebuilds paragraphs from visual lines, quotations whole', () => {
    expect(reflowParagraphs(wrappedLines)).toEqual(PARAGRAPHS);
  });

  it('goes on while a quotation is open and the next line does not open another', () => {
    const lines = [
      '“We sail at dawn,” said the captain, “and I will hear no more of',
      'Tuesday or of the weather,” and he shut the log.',
      '“Yes, sir.”',
      ...wrappedLines,
    ];
    expect(reflowParagraphs(lines).slice(0, 2)).toEqual([
      '“We sail at dawn,” said the captain, “and I will hear no more of Tuesday or of the weather,” and he shut the log.',
      '“Yes, sir.”',
    ]);
  });

  it('leaves lines that are paragraphs of their own alone', () => {
    expect(wrapLayout(PARAGRAPHS)).toBeNull();
    expect(reflowParagraphs(PARAGRAPHS)).toEqual(PARAGRAPHS);
  });

  it('joins a word broken at a hyphen or a dash without a space', () => {
    expect(joinLines(['a well-', 'known face'])).toBe('a well-known face');
    expect(joinLines(['she stopped—', 'and turned'])).toBe('she stopped—and turned');
  });
});
