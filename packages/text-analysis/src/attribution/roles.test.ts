import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';

function speakerName(r: ReturnType<typeof analyze>, pattern: RegExp): string | undefined {
  const q = r.quotes.find((x) => pattern.test(x.text));
  return r.characters.find((c) => c.id === q?.speakerId)?.name;
}

describe('role speakers merged into the named character', () => {
  it('reads an apposition with words before the role ("Mr. Pound, the parochial undertaker")', () => {
    const text = [
      'Oliver met Mr. Pound, the parochial undertaker, at the gate. Oliver was cold.',
      '"Good day," said the undertaker.',
      '"Good day, sir," said Oliver.',
      '"Come in," said the undertaker.',
      '"Thank you," said Mr. Pound, and he smiled.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /Come in/)).toBe('Mr. Pound');
    expect(r.characters.some((c) => c.name === 'The undertaker')).toBe(false);
  });

  it('reads a copula ("Noah was a charity-boy")', () => {
    const text = [
      'Noah Clay sat on a post, and Oliver looked at him. Noah Clay was a charity-boy, and he was rude.',
      '"I kicked," said the charity-boy.',
      '"Did you?" said Oliver.',
      '"Yes," said the charity-boy. "Go away," said Noah Clay.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /I kicked/)).toBe('Noah Clay');
  });

  it('keeps a role apart when appositions name two people alike', () => {
    const text = [
      'Mr. Pound, the undertaker, and Mr. Cole, the undertaker, met Oliver.',
      '"Good day," said the undertaker.',
      '"Good day," said Oliver.',
      '"Come in," said the undertaker.',
      '"Well," said Mr. Pound. "Well," said Mr. Cole.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /Come in/)).toBe('The undertaker');
  });
});

describe('names joined by what the speakers call each other', () => {
  it('merges a role that the other speakers keep addressing by one name', () => {
    const text = [
      'Fagan and Nell sat with the robber by the fire. Fagan was old.',
      '"Wot d\'ye mean?" said the robber.',
      '"Hush, Bill, hush!" said Fagan.',
      '"Where is it?" asked the robber.',
      '"Here, Bill," said Nell.',
      '"Give it here," said the robber.',
      '"Take it, Bill," said Fagan.',
      '"Now go," said the robber.',
      'Bill Soames went out. Bill Soames was a thief, and Bill Soames was cruel. "Come," said Bill Soames.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /Give it here/)).toBe('Bill Soames');
  });

  it('merges a role that takes the turns of one named speaker, with narration between turns', () => {
    const lines: string[] = ['Bill Soames and Tobias Kell walked on. Bill Soames was a robber, and he was cruel.'];
    for (const [a, b, c] of [
      ['Where now?', 'Here', 'Quick'],
      ['Stop', 'Why?', 'Because'],
      ['Look', 'At what?', 'There'],
      ['Run', 'I cannot', 'Then walk'],
    ])
      lines.push(
        `"${a}," said Bill Soames.`,
        `"${b}," said Tobias Kell.`,
        'The wind blew hard over the heath.',
        `"${c}," said the thief.`,
        '"Yes," said Tobias Kell.',
        'They went on.',
        'The night fell.',
      );
    const r = analyze(lines.join('\n\n'), { outline: [] });
    expect(speakerName(r, /Then walk/)).toBe('Bill Soames');
  });

  it('merges a lone first name said to a surname-holder ("Charles" to Mr. Bingle)', () => {
    const text = [
      'Mr. Bingle and his sister Miss Bingle sat with Mr. Darby. Mr. Bingle was merry.',
      '"It is amazing to me," said Mr. Bingle, "how young ladies do it."',
      '"My dear Charles, what do you mean?" said Miss Bingle.',
      '"I mean it," said Mr. Bingle.',
      '"Charles, you are absurd."',
      '"Not at all," said Mr. Darby.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    const bingle = r.characters.find((c) => c.name === 'Mr. Bingle');
    expect(bingle).toBeDefined();
    expect(r.characters.some((c) => c.name === 'Charles')).toBe(false);
    expect(bingle!.alternativeNames).toContain('Charles');
  });

  it('keeps two speakers apart when they answer each other', () => {
    const text = [
      'Mrs. Bolt and Kate sat by the fire. Mrs. Bolt was tired.',
      '"Do you hear, Kate?" said Mrs. Bolt.',
      '"Yes," said Kate.',
      '"Good," said Mrs. Bolt.',
      '"Tea, Kate?" asked Mrs. Bolt.',
      '"Please," said Kate.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    const kate = r.characters.find((c) => c.name === 'Kate');
    expect(kate).toBeDefined();
    expect(kate!.alternativeNames).not.toContain('Mrs. Bolt');
  });
});
