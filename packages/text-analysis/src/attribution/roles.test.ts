import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';

function speakerName(r: ReturnType<typeof analyze>, pattern: RegExp): string | undefined {
  const q = r.quotes.find((x) => pattern.test(x.text));
  return r.characters.find((c) => c.id === q?.speakerId)?.name;
}

describe('role speakers merged into the named character', () => {
  it('reads an apposition with words before the role ("Mr. Pound, the parochial undertaker")', () => {
    const text = [
      'Idris met Mr. Pound, the parochial undertaker, at the gate. Idris was cold.',
      '"Good day," said the undertaker.',
      '"Good day, sir," said Idris.',
      '"Come in," said the undertaker.',
      '"Thank you," said Mr. Pound, and he smiled.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /Come in/)).toBe('Mr. Pound');
    expect(r.characters.some((c) => c.name === 'The undertaker')).toBe(false);
  });

  it('gives a later tag naming the role ("said the undertaker") to the character the role joined', () => {
    // Long enough that Mr. Pound's last mention is out of reach: only the role's noun can name him.
    const road = Array.from(
      { length: 60 },
      (_, k) => `The road went on past the ${k % 2 ? 'mill' : 'church'}, and the rain fell on the long grey wall.`,
    );
    const text = [
      'Idris met Mr. Pound, the parochial undertaker, at the gate. Idris was cold.',
      '"Good day," said the undertaker.',
      '"Good day, sir," said Idris.',
      '"Thank you," said Mr. Pound, and he smiled.',
      ...road,
      'Idris and Mossop came to the shop.',
      '"At the shop," said Idris.',
      '"You are late," said the undertaker.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /You are late/)).toBe('Mr. Pound');
  });

  it('reads a copula ("Jory was a charity-boy")', () => {
    const text = [
      'Jory Tolley sat on a post, and Idris looked at him. Jory Tolley was a charity-boy, and he was rude.',
      '"I kicked," said the charity-boy.',
      '"Did you?" said Idris.',
      '"Yes," said the charity-boy. "Go away," said Jory Tolley.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /I kicked/)).toBe('Jory Tolley');
  });

  it('reads no apposition in a place after a preposition, nor in the next item of a list', () => {
    const text = [
      'On their way to the magistrate, Mr. Pound warned Idris. Idris was cold, and Mr. Pound was stern.',
      'There sat the maids, Mr. Brittles, Mr. Prosser, the tinker (who came to supper), and Idris.',
      '"Stand up," said the magistrate.',
      '"Yes, sir," said Idris.',
      '"Sit down," said the magistrate.',
      '"Who mends pots?" said Mr. Prosser.',
      '"I do," said the tinker.',
      '"And kettles," said the tinker.',
      '"Well," said Mr. Pound.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    // Both roles stay characters of their own, not aliases of the names next to them.
    expect(r.characters.map((c) => c.name)).toEqual(expect.arrayContaining(['The magistrate', 'The tinker']));
    expect(speakerName(r, /Stand up/)).toBe('The magistrate');
  });

  it('keeps a role apart when appositions name two people alike', () => {
    const text = [
      'Mr. Pound, the undertaker, and Mr. Prosser, the undertaker, met Idris.',
      '"Good day," said the undertaker.',
      '"Good day," said Idris.',
      '"Come in," said the undertaker.',
      '"Well," said Mr. Pound. "Well," said Mr. Prosser.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /Come in/)).toBe('The undertaker');
  });
});

describe('names joined by what the speakers call each other', () => {
  it('merges a role that the other speakers keep addressing by one name', () => {
    const text = [
      'Mossop and Nell sat with the robber by the fire. Mossop was old.',
      '"Wot d\'ye mean?" said the robber.',
      '"Hush, Ludo, hush!" said Mossop.',
      '"Where is it?" asked the robber.',
      '"Here, Ludo," said Nell.',
      '"Give it here," said the robber.',
      '"Take it, Ludo," said Mossop.',
      '"Now go," said the robber.',
      'Ludo Soames went out. Ludo Soames was a thief, and Ludo Soames was cruel. "Come," said Ludo Soames.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /Give it here/)).toBe('Ludo Soames');
  });

  it('merges a role that takes the turns of one named speaker, with narration between turns', () => {
    const lines: string[] = ['Ludo Soames and Tobias Kell walked on. Ludo Soames was a robber, and he was cruel.'];
    for (const [a, b, c] of [
      ['Where now?', 'Here', 'Quick'],
      ['Stop', 'Why?', 'Because'],
      ['Look', 'At what?', 'There'],
      ['Run', 'I cannot', 'Then walk'],
    ])
      lines.push(
        `"${a}," said Ludo Soames.`,
        `"${b}," said Tobias Kell.`,
        'The wind blew hard over the heath.',
        `"${c}," said the thief.`,
        '"Yes," said Tobias Kell.',
        'They went on.',
        'The night fell.',
      );
    const r = analyze(lines.join('\n\n'), { outline: [] });
    expect(speakerName(r, /Then walk/)).toBe('Ludo Soames');
  });

  it('merges a lone first name said to a surname-holder ("Aldous" to Mr. Peverell)', () => {
    const text = [
      'Mr. Peverell and his sister Miss Peverell sat with Mr. Darby. Mr. Peverell was merry.',
      '"It is amazing to me," said Mr. Peverell, "how young ladies do it."',
      '"My dear Aldous, what do you mean?" said Miss Peverell.',
      '"I mean it," said Mr. Peverell.',
      '"Aldous, you are absurd."',
      '"Not at all," said Mr. Darby.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    const bingle = r.characters.find((c) => c.name === 'Mr. Peverell');
    expect(bingle).toBeDefined();
    expect(r.characters.some((c) => c.name === 'Aldous')).toBe(false);
    expect(bingle!.alternativeNames).toContain('Aldous');
  });

  it('merges a first name known with its title ("Miss Elspeth") said to a married name ("Mrs. Holt")', () => {
    const text = [
      'Miss Elspeth lived at the mill. Elspeth was young, and she sang. "Good day," said Miss Elspeth.',
      'Years went by. Mr. Darby sat with Mrs. Holt by the fire. Mrs. Holt was tired.',
      '"It is late," said Mrs. Holt.',
      '"My dear Elspeth, it is early," said Mr. Darby.',
      '"I mean it," said Mrs. Holt.',
      '"Elspeth, you are tired," said Mr. Darby.',
      '"Perhaps," said Mrs. Holt.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    const holt = r.characters.find((c) => c.name === 'Mrs. Holt' || c.alternativeNames.includes('Mrs. Holt'));
    expect(holt).toBeDefined();
    expect([holt!.name, ...holt!.alternativeNames]).toEqual(expect.arrayContaining(['Elspeth', 'Miss Elspeth']));
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
