import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import { redecideConversation } from '../speakers/redecide.js';
import { labelName, readLabel } from './labels.js';
import { findSpeeches } from './speeches.js';
import { detectStructure } from '../structure/index.js';

// Scripts written for these tests, in the layouts plays and screenplays use.
const PLAY = `THE LANTERN KEEPER

A play in one act

PERSONS OF THE PLAY

ORLA. Keeper of the light.
SELWYN. Her brother.
IDRIS, an oil merchant.

ACT I

SCENE 1. A lighthouse kitchen at dusk.

ORLA: Have you trimmed the wick, Selwyn?

SELWYN: Twice. It smokes all the same.

ORLA: Then the oil is bad. Idris sold us bad oil again.

IDRIS (entering): I heard my name. Who is slandering me?

SELWYN. Nobody slanders an honest man.

IDRIS: Then I am safe. (He sits.) Is there tea?

ORLA: You are not safe. Sit down.

SCENE 2. The gallery, later.

SELWYN: The ship is close.

ORLA: Light the lamp!
`;

const SCREENPLAY = `FADE IN:

INT. LIGHTHOUSE KITCHEN - NIGHT

Rain on the window. ORLA trims a wick.

                    ORLA
          Have you seen the oil, Selwyn?

                    SELWYN (O.S.)
          In the shed, where it always is.

SELWYN comes in, dripping.

                    SELWYN
              (sheepish)
          Or it was, yesterday.

                    ORLA
          Then where is it now?

                    SELWYN
          Idris took it.

                    ORLA (CONT'D)
          Of course he did.
          He always does.

CUT TO:

EXT. GALLERY - NIGHT

                    SELWYN
          The ship is close.
`;

const spoken = (text: string) =>
  findSpeeches(text, detectStructure(text)).map((s) => [s.name, s.parts.map((p) => text.slice(p.start, p.end))]);

describe('readLabel', () => {
  it('reads inline labels, with a direction before the separator', () => {
    expect(readLabel('ORLA: Have you trimmed the wick?')).toEqual({ name: 'Orla', speechAt: 6 });
    expect(readLabel('IDRIS (entering): I heard my name.')).toEqual({ name: 'Idris', speechAt: 18 });
    expect(readLabel('HAMLET. To be, or not to be.')?.name).toBe('Hamlet');
    expect(readLabel('MRS. QUAYLE: Tea?')?.name).toBe('Mrs. Quayle');
    expect(readLabel('Hester Quill: I will not.')?.name).toBe('Hester Quill');
    expect(readLabel('The Stranger: Who goes there?')?.name).toBe('The Stranger');
  });

  it('reads cue lines, whatever stands after the name', () => {
    expect(readLabel('                    ORLA')).toEqual({ name: 'Orla', speechAt: null });
    expect(readLabel("   ORLA (CONT'D)")).toEqual({ name: 'Orla', speechAt: null });
    expect(readLabel('FIRST WITCH.')).toEqual({ name: 'First Witch', speechAt: null });
    expect(readLabel('          GUARD 2')).toEqual({ name: 'Guard 2', speechAt: null });
    expect(readLabel('ORLA & SELWYN: Never!')?.name).toBe('Orla & Selwyn');
  });

  it('is not fooled by headings, directions, numerals or the labels of letters', () => {
    for (const line of [
      'ACT I',
      'SCENE 2. The gallery.',
      'INT. LIGHTHOUSE KITCHEN - NIGHT',
      'CUT TO:',
      'FADE IN:',
      'IV. The storm',
      'Note: the text follows the first edition.',
      'Subject: the oil',
      'Date Received: the fourth',
      'He said: nothing.',
      'It was late. Nobody came.',
      'OK. Nobody came.',
    ])
      expect(readLabel(line), line).toBeNull();
  });

  it('names a capitalised label as a reader would', () => {
    expect(labelName("O'BRIEN")).toBe("O'Brien");
    expect(labelName('THE STRANGER')).toBe('The Stranger');
    expect(labelName('Wystan Pell')).toBe('Wystan Pell');
  });
});

describe('findSpeeches', () => {
  it('finds a play’s speeches; a direction inside one is not speech', () => {
    const speeches = spoken(PLAY);
    expect(speeches.map(([name]) => name)).toEqual([
      'Orla',
      'Selwyn',
      'Orla',
      'Idris',
      'Selwyn',
      'Idris',
      'Orla',
      'Selwyn',
      'Orla',
    ]);
    expect(speeches[5]).toEqual(['Idris', ['Then I am safe.', 'Is there tea?']]);
  });

  it('finds a screenplay’s speeches under their cues, past parentheticals, over several lines', () => {
    expect(spoken(SCREENPLAY)).toEqual([
      ['Orla', ['Have you seen the oil, Selwyn?']],
      ['Selwyn', ['In the shed, where it always is.']],
      ['Selwyn', ['Or it was, yesterday.']],
      ['Orla', ['Then where is it now?']],
      ['Selwyn', ['Idris took it.']],
      ['Orla', ['Of course he did.\n          He always does.']],
      ['Selwyn', ['The ship is close.']],
    ]);
  });

  it('reads a play printed with each cue over its verse, entrances and exits between the speeches', () => {
    const text = [
      'ACT I',
      'SCENE I. A platform before the lighthouse.',
      ' Enter Orla and Selwyn, two keepers.',
      'SELWYN.\nWho’s there?',
      'ORLA.\nNay, answer me. Stand and unfold yourself.',
      ' [_Exit Selwyn._]',
      ' Enter Idris.',
      'IDRIS.\nGood night, good keeper, and a calm\nsea under you.',
      'SELWYN.\n[_Aside._] A little more than kin.',
    ].join('\n\n');
    expect(spoken(text)).toEqual([
      ['Selwyn', ['Who’s there?']],
      ['Orla', ['Nay, answer me. Stand and unfold yourself.']],
      ['Idris', ['Good night, good keeper, and a calm\nsea under you.']],
      ['Selwyn', ['A little more than kin.']],
    ]);
  });

  it('takes the speech from the block after a cue set apart by a blank line', () => {
    // As a .docx of a screenplay reads: every element a paragraph of its own.
    const text = 'ORLA\n\nWhere is the oil?\n\nSELWYN\n\n(sheepish)\n\nIn the shed.\n\nORLA\n\nIt is not.\n';
    expect(spoken(text)).toEqual([
      ['Orla', ['Where is the oil?']],
      ['Selwyn', ['In the shed.']],
      ['Orla', ['It is not.']],
    ]);
  });

  it('in a script without blank lines, ends a speech at a sentence end before an unlabelled line', () => {
    const text = [
      'ORLA: Light the lamp, and be quick about it, for the ship',
      'is close.',
      'Selwyn climbs the stair.',
      'SELWYN: It is lit.',
      'ORLA: Good.',
    ].join('\n');
    expect(spoken(text)).toEqual([
      ['Orla', ['Light the lamp, and be quick about it, for the ship\nis close.']],
      ['Selwyn', ['It is lit.']],
      ['Orla', ['Good.']],
    ]);
  });

  it('leaves out the title page and the cast list before the first heading', () => {
    expect(spoken(PLAY)[0]).toEqual(['Orla', ['Have you trimmed the wick, Selwyn?']]);
  });

  it('without headings, leaves out a title over a subtitle, which reads like a cue and its speech', () => {
    const text =
      'THE LANTERN KEEPER\nA play in one act\n\nORLA\nWhere is the oil?\n\nSELWYN\nIn the shed.\n\nORLA\nIt is not.\n\nSELWYN\nThen Idris has it.\n';
    expect(spoken(text).map(([name]) => name)).toEqual(['Orla', 'Selwyn', 'Orla', 'Selwyn']);
  });
});

describe('analyze() of a script', () => {
  const result = analyze(PLAY);
  const byId = new Map(result.characters.map((c) => [c.id, c]));

  it('casts the labels, coloured, with how often each is named', () => {
    expect(result.characters.map((c) => [c.name, c.mentions])).toEqual([
      ['Orla', 5],
      ['Selwyn', 5],
      ['Idris', 4],
    ]);
    expect(new Set(result.characters.map((c) => c.color)).size).toBe(3);
  });

  it('gives every speech to its label, as quotes with offsets into the text', () => {
    expect(result.quotes).toHaveLength(10);
    for (const q of result.quotes) {
      expect(PLAY.slice(q.startOffset, q.endOffset)).toBe(q.text);
      expect(q).toMatchObject({ attributionMethod: 'explicit', confidence: 0.99, evidence: ['speakerLabel'] });
    }
    expect(result.quotes.map((q) => byId.get(q.speakerId!)!.name).slice(0, 4)).toEqual([
      'Orla',
      'Selwyn',
      'Orla',
      'Idris',
    ]);
  });

  it('keeps the outline of acts and scenes', () => {
    expect(result.outline.map((a) => [a.title, a.children.map((s) => s.title)])).toEqual([
      ['Act I', ['Scene 1. A lighthouse kitchen at dusk.', 'Scene 2. The gallery, later.']],
    ]);
  });

  it('reads a short scene pasted on its own, two voices speaking twice each', () => {
    const scene = 'ORLA: Where is the oil?\nSELWYN: In the shed.\nORLA: It is not.\nSELWYN: Then Idris has it.\n';
    expect(analyze(scene).quotes.map((q) => q.text)).toEqual([
      'Where is the oil?',
      'In the shed.',
      'It is not.',
      'Then Idris has it.',
    ]);
  });

  it('stays prose where a novel quotes a few labelled lines', () => {
    const novel = [
      '"Read it to me," said Orla.',
      'Selwyn unfolded the paper. It was the scene they had rehearsed all week:',
      'ORLA: Where is the oil?',
      'SELWYN: In the shed.',
      'ORLA: It is not.',
      'SELWYN: Then Idris has it.',
      'ORLA: Of course.',
      'SELWYN: Of course.',
      '"Again," said Orla, "and slower."',
      '"Must I?" asked Selwyn.',
      '"You must."',
      '"Then I will," said Selwyn.',
      '"Good," said Orla.',
      '"Is that all?" asked Selwyn.',
      '"It is all."',
    ].join('\n\n');
    const prose = analyze(novel);
    expect(prose.quotes.every((q) => !q.evidence?.includes('speakerLabel'))).toBe(true);
    expect(prose.quotes[0]!.text).toBe('Read it to me,');
  });

  it('keeps the labels’ speakers when the user fixes a line: nothing spreads from the fix', () => {
    const fixed = result.quotes[1]!;
    const orla = result.characters.find((c) => c.name === 'Orla')!.id;
    const out = redecideConversation(PLAY, result.quotes, result.characters, fixed.id, new Map([[fixed.id, orla]]));
    for (const d of out.quotes) {
      const q = result.quotes.find((x) => x.id === d.quoteId)!;
      expect(d.speakerId).toBe(d.quoteId === fixed.id ? orla : q.speakerId);
    }
  });
});
