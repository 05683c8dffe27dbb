import { describe, expect, it } from 'vitest';
import { textMoves } from './text-moves.js';

const para = (i: number) => `Paragraph ${i}: ${'words and more words '.repeat(20)}\n\n`;
const book = (ids: number[]) => ids.map(para).join('');

describe('textMoves', () => {
  it('maps an unchanged paragraph to its new place however far it moved', () => {
    const before = book([1, 2, 3, 4]);
    // 200 paragraphs (over 80,000 characters) inserted before paragraph 3, paragraph 2 removed.
    const inserted = Array.from({ length: 200 }, (_, i) => 100 + i);
    const after = book([1, ...inserted, 3, 4]);
    const move = textMoves(before, after);
    const old3 = before.indexOf('Paragraph 3:') + 5;
    expect(move(old3)).toBe(after.indexOf('Paragraph 3:') + 5);
    expect(move(old3) - old3).toBeGreaterThan(80_000);
    expect(move(before.indexOf('Paragraph 1:'))).toBe(0);
    expect(move(before.indexOf('Paragraph 4:') + 12)).toBe(after.indexOf('Paragraph 4:') + 12);
  });

  it('sends an offset in a changed stretch to where that stretch now starts', () => {
    const before = book([1, 2, 3]);
    const after = before.replace('Paragraph 2: words', 'Paragraph 2: new words');
    const move = textMoves(before, after);
    const inChanged = before.indexOf('Paragraph 2:') + 30;
    expect(move(inChanged)).toBe(after.indexOf('Paragraph 2:'));
    expect(move(before.indexOf('Paragraph 3:'))).toBe(after.indexOf('Paragraph 3:'));
  });

  it('is the identity for the same text', () => {
    const text = book([1, 2]);
    expect(textMoves(text, text)(17)).toBe(17);
  });
});
