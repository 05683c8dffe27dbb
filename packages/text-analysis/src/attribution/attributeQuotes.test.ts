import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import { findCharactersDetailed } from '../characters/findCharacters.js';
import { findQuotes } from '../quotes/findQuotes.js';
import { attributeDetailed, attributeQuotes } from './attributeQuotes.js';
import { mergeNarrator } from './narrator.js';

function run(text: string) {
  const quotes = findQuotes(text);
  const { characters, tokens } = findCharactersDetailed(text, quotes);
  const attributed = attributeQuotes(text, quotes, characters, { tokens });
  // Compare by given name: the display name may be the fuller form ("Selwyn Dacre").
  const name = (id: string | null) => {
    const c = characters.find((x) => x.id === id);
    return c ? (c.name.startsWith('The ') ? c.name : c.name.split(' ')[0]!) : null;
  };
  return attributed.map((q) => ({
    text: q.text,
    who: name(q.speakerId),
    method: q.attributionMethod,
    confidence: q.confidence,
  }));
}

/** Each quote's speech tag, a name tag as the character's given name. */
function tagsOf(text: string) {
  const quotes = findQuotes(text);
  const { characters, tokens } = findCharactersDetailed(text, quotes);
  const { tags } = attributeDetailed(text, quotes, characters, { tokens });
  return tags.map((t) => (t?.kind === 'name' ? characters.find((c) => c.id === t.id)!.name.split(' ')[0] : t));
}

const setting =
  'Orla Quill and Selwyn Dacre walked home. Orla was tired, and she sat down. Selwyn stood by, and he waited.\n\n';

const greeting = '"Good evening," said Orla.\n\n"Good evening," said Selwyn.\n\n';

describe('attributeQuotes', () => {
  it('reads explicit tags after and before a quote', () => {
    const r = run(setting + '"Good morning," said Orla.\n\nSelwyn said, "Good morning to you."');
    expect(r.map((q) => q.who)).toEqual(['Orla', 'Selwyn']);
    expect(r.every((q) => q.method === 'explicit' && q.confidence >= 0.9)).toBe(true);
  });

  it('gives both spans of an interrupted quotation to the same speaker', () => {
    const r = run(setting + '"Yes," said Orla, "I will."');
    expect(r.map((q) => q.who)).toEqual(['Orla', 'Orla']);
  });

  it('reads a verb inside the tag that interrupts a speech as part of that tag, not a new speaker', () => {
    const r = run(
      setting +
        '"It is late," said Orla, who agreed with everything that Selwyn said; "we should go."\n\n' +
        '"I did lock it," said Orla quickly, and rather pertly, Selwyn thought. "I know I did."',
    );
    expect(r.map((q) => q.who)).toEqual(['Orla', 'Orla', 'Orla', 'Orla']);
  });

  it('still takes a tag that runs into the quote after an interruption', () => {
    const r = run(setting + '"Come," said Orla, and Selwyn said, "I am coming."');
    expect(r.map((q) => q.who)).toEqual(['Orla', 'Selwyn']);
  });

  it('keeps the second part of an interrupted speech with its tag, not the name in the action after it', () => {
    const r = run(
      setting +
        '"My dear," said Selwyn, gravely, "this is the key I told you of." Orla bowed again.\n\n' +
        '"I hope," said Orla, when Selwyn returned, "that nothing is wrong." Selwyn shook his head.',
    );
    expect(r.map((q) => q.who)).toEqual(['Selwyn', 'Selwyn', 'Orla', 'Orla']);
  });

  it('does not carry a tag across a sentence of narration into the next speech', () => {
    const r = run(setting + greeting + '"That is all," Orla replied in a low tone. Selwyn added "Let us go home."');
    expect(r.slice(2).map((q) => q.who)).toEqual(['Orla', 'Selwyn']);
  });

  it('finds the subject of a later clause before "and said"', () => {
    const r = run(
      setting +
        greeting +
        'When Orla had shut the door, Selwyn lifted up his head, and said to her: "We can go now."\n\n' +
        'Orla looked at Selwyn for a while, and then gave Selwyn the key, and said: "Lock the door."',
    );
    expect(r.slice(2).map((q) => q.who)).toEqual(['Selwyn', 'Orla']);
    expect(r[2]!.method).toBe('explicit');
  });

  it("takes a speech verb closing the narration after the last quote of a paragraph as the next speech's tag", () => {
    const r = run(
      setting +
        greeting +
        '"It is late," said Orla. "We should go."--A short pause followed, and Orla began again.\n\n' +
        '"I am not ready to go."\n\n' +
        '"Then stay," Selwyn said.\n\n"You are very kind."',
    );
    expect(r[4]).toMatchObject({ who: 'Orla', method: 'explicit' });
    // The narration after the last quote is that quote's own tag: the next speech is not Selwyn's by it.
    expect(r[6]!.method).not.toBe('explicit');
  });

  it('finds the name opening a long sentence that ends in a speech verb or a participle before the quote', () => {
    const r = run(
      setting +
        greeting +
        'Orla, who had been silent during the whole of that long and tiresome dispute about the road, ' +
        'opened her eyes at last and said decidedly: "We can go now."\n\n' +
        'Selwyn took up his hat and his stick from the table by the door, saying, "Then let us go."',
    );
    expect(r.slice(2).map((q) => [q.who, q.method])).toEqual([
      ['Orla', 'explicit'],
      ['Selwyn', 'explicit'],
    ]);
  });

  it('reads a tag that names the speech instead of a verb', () => {
    const r = run(
      setting +
        greeting +
        '"Where is the key?" asked Orla.\n\n"In the drawer," was Selwyn\'s dry answer.\n\n' +
        '"Then fetch it," was the sharp reply of Orla.\n\n"Not I," was the reply.',
    );
    expect(r.slice(2, 5).map((q) => q.who)).toEqual(['Orla', 'Selwyn', 'Orla']);
    expect(r.slice(3, 5).every((q) => q.method === 'explicit')).toBe(true);
    expect(r[5]!.method).not.toBe('explicit');
  });

  it('reads "said the voice of" a named speaker', () => {
    const r = run(setting + greeting + '"Who is there?" asked Orla.\n\n"Only a friend," said the low voice of Selwyn.');
    expect(r.slice(2).map((q) => q.who)).toEqual(['Orla', 'Selwyn']);
    expect(r[3]!.method).toBe('explicit');
  });

  it('resolves a pronoun tag to the last character of that gender', () => {
    const r = run(
      setting + 'Selwyn looked at the sky.\n\n"It will rain," he said.\n\nOrla frowned.\n\n"I hope not," she said.',
    );
    expect(r.map((q) => q.who)).toEqual(['Selwyn', 'Orla']);
    expect(r[0]?.method).toBe('pronoun');
  });

  it('alternates untagged turns of a two-person conversation, with lower confidence', () => {
    const r = run(
      setting +
        [
          '"Where are you going?" asked Orla.',
          '"Home," said Selwyn.',
          '"Why?"',
          '"Because it is late."',
          '"Is it?"',
        ].join('\n\n'),
    );
    expect(r.map((q) => q.who)).toEqual(['Orla', 'Selwyn', 'Orla', 'Selwyn', 'Orla']);
    expect(r[2]?.method).toBe('turn-taking');
    expect(r[2]!.confidence).toBeLessThan(r[0]!.confidence);
  });

  it('uses a vocative to find who answers', () => {
    const r = run(setting + ['"Come here, Selwyn," said Orla.', '"What is it?"'].join('\n\n'));
    expect(r[1]?.who).toBe('Selwyn');
    expect(r[1]?.method).toBe('vocative');
  });

  it('uses the paragraph narration when there is no tag', () => {
    const r = run(setting + 'Selwyn turned to her. "You are always late."');
    expect(r[0]?.who).toBe('Selwyn');
    expect(r[0]?.method).toBe('narration');
  });

  it('attributes "said I" to the first-person narrator and names them by how they are addressed', () => {
    const text = [
      'I went down to the river that morning with Pellow. I was tired, and my feet hurt, so I sat down on the bank.',
      '"You look tired, Fenwick," said Pellow.',
      '"I am," said I.',
      '"Then rest, Fenwick," said Pellow.',
      '"I will," I answered. I lit my pipe, and I watched the water, for my mind was on my friend and his case.',
    ].join('\n\n');
    const quotes = findQuotes(text);
    const { characters, tokens } = findCharactersDetailed(text, quotes);
    const d = attributeDetailed(text, quotes, characters, { tokens });
    expect(d.quotes[1]?.attributionMethod).toBe('narrator');
    const merged = mergeNarrator(characters, d.quotes, d.narratorAddressedAs);
    const narrator = merged.characters.find((c) => c.id === merged.quotes[1]?.speakerId);
    expect(narrator?.name).toBe('Fenwick');
    expect(merged.quotes[3]?.speakerId).toBe(narrator?.id);
  });

  it('names the narrator by a name said only in quotations, not by a servant the narration names', () => {
    // Vera keeps calling her servant Tobin in the turns next to the narrator's; Tobin walks about
    // in the narration, while the narrator's own name, Oskar Pavlich, is only ever said to him.
    const text = [
      'I came into the hall with Vera Kosta. Tobin followed us with the bags, and Tobin set them down by the stairs.',
      '"Tobin, the small bag," said Vera.',
      '"Shall I carry it?" said I.',
      '"No, Tobin will. Tobin, go on," said Vera. Tobin went up the stairs.',
      '"As you wish," I answered.',
      '"Tobin, the door," said Vera.',
      '"Let me," said I.',
      '"You are pale, Oskar Pavlich," said Vera.',
      '"I slept badly," said I.',
      '"Sit down, Oskar Pavlich," said Vera. Tobin came down again and stood by the door.',
      '"Thank you," I said.',
    ].join('\n\n');
    const quotes = findQuotes(text);
    const { characters, tokens } = findCharactersDetailed(text, quotes);
    const d = attributeDetailed(text, quotes, characters, { tokens });
    const merged = mergeNarrator(characters, d.quotes, d.narratorAddressedAs);
    const narrator = merged.characters.find((c) => c.id === merged.quotes[1]?.speakerId);
    expect(narrator?.name).toBe('Oskar Pavlich');
    expect(merged.characters.find((c) => c.name === 'Tobin')).toBeDefined();
  });

  it('gives "said the count" to the book\'s only count', () => {
    const text = [
      'Count Velmar came in with Orla Quill and sat by the fire. Count Velmar looked at Orla Quill.',
      'Selwyn Dacre stood at the window. Orla Quill turned to Selwyn Dacre.',
      '"It is cold tonight," said the count.',
      '"It is," said Orla Quill.',
    ].join('\n\n');
    const quotes = findQuotes(text);
    const { characters, tokens } = findCharactersDetailed(text, quotes);
    const attributed = attributeQuotes(text, quotes, characters, { tokens });
    const count = characters.find((c) => c.name === 'Count Velmar');
    expect(attributed[0]?.speakerId).toBe(count?.id);
  });

  it('makes a speaker of a role that recurs in tags ("said the cook")', () => {
    const r = run(
      setting +
        ['"Tea?" said the cook.', '"Yes," said Orla.', '"Milk?" asked the cook.', '"No," said Orla.'].join('\n\n'),
    );
    expect(r.map((q) => q.who)).toEqual(['The cook', 'Orla', 'The cook', 'Orla']);
  });

  it('makes a speaker of a generic noun that a recurring detail makes one person', () => {
    const lines = [
      'Will it rain?',
      'It may.',
      'And the road?',
      'Flooded.',
      'Then we wait.',
      'We do.',
      'Agreed?',
      'Yes.',
    ];
    const r = run(
      setting +
        lines
          .map((l, i) => (i % 2 === 0 ? `"${l}" said the gentleman in the grey\nwaistcoat.` : `"${l}" said Orla.`))
          .join('\n\n'),
    );
    expect(r.map((q) => q.who)).toEqual(
      lines.map((_, i) => (i % 2 === 0 ? 'The gentleman in the grey waistcoat' : 'Orla')),
    );
  });

  it('keeps a detail that tells how it was said, or is seldom used, out of the cast', () => {
    const manner = ['"Will it rain?" said the gentleman in a low voice.', '"It may," said Orla.'];
    const r = run(setting + [...manner, ...manner, ...manner, ...manner].join('\n\n'));
    expect(r.some((q) => q.who?.includes('voice'))).toBe(false);
    const rare = ['"Rain?" said the gentleman in the grey waistcoat.', '"Yes," said Orla.'];
    expect(run(setting + [...rare, ...rare].join('\n\n')).some((q) => q.who?.includes('waistcoat'))).toBe(false);
  });

  it('takes the noun of a describing tag before a preposition or an adverb', () => {
    const text =
      setting + ['"Tea?" said the old doctor in a low voice.', '"Milk?" said the nurse gravely.'].join('\n\n');
    const quotes = findQuotes(text);
    const { characters, tokens } = findCharactersDetailed(text, quotes);
    const { tags } = attributeDetailed(text, quotes, characters, { tokens });
    expect(tags).toEqual([
      { kind: 'other', noun: 'doctor' },
      { kind: 'other', noun: 'nurse' },
    ]);
  });

  it('takes the name before a verb, not its object nor a name across a sentence end', () => {
    const r = run(
      setting +
        ['"Are you cold?" Orla asked Selwyn.', '"I am not," Selwyn said. Orla smiled.', '"Good," she said.'].join(
          '\n\n',
        ),
    );
    expect(r.map((q) => q.who).slice(0, 2)).toEqual(['Orla', 'Selwyn']);
  });

  it('reads a name behind words that describe it, and a verb with a particle', () => {
    const r = run(
      setting +
        greeting +
        ['"Come along," said the weary Orla.', '"Not yet," put in Selwyn.', '"Now," remarked impatient Orla.'].join(
          '\n\n',
        ),
    ).slice(2);
    expect(r.map((q) => q.who)).toEqual(['Orla', 'Selwyn', 'Orla']);
    expect(r.every((q) => q.method === 'explicit')).toBe(true);
  });

  it('finds the subject across a description set off by commas', () => {
    const r = run(
      setting +
        greeting +
        [
          'Selwyn, who had been watching Orla all evening, replied: "It is late."',
          '"We should go," Orla, turning from the window at last, said quietly.',
          'Orla looked at Selwyn, who said, "Not yet."',
        ].join('\n\n'),
    ).slice(2);
    expect(r.map((q) => q.who)).toEqual(['Selwyn', 'Orla', 'Selwyn']);
  });

  it('gives a tag between two quotes to the next one when the first has its own', () => {
    const r = run(
      setting + 'Orla said, "Shall we go?" and Selwyn said, "Yes."\n\nOrla said, "Now?" Selwyn replied, "Now."',
    );
    expect(r.map((q) => q.who)).toEqual(['Orla', 'Selwyn', 'Orla', 'Selwyn']);
  });

  it('gives a tag that ends its sentence to the quote before it, not to the next one', () => {
    const r = run(
      setting +
        greeting +
        'Selwyn sighed deeply. "I cannot bear it," said Orla. "Let us go home."\n\n' +
        'Selwyn went on up the lane--"the maples are kind," said Orla; "they whisper."',
    ).slice(2);
    expect(r.map((q) => q.who)).toEqual(['Orla', 'Orla', 'Orla', 'Orla']);
  });

  it('reads a name and any past-tense verb after a quote', () => {
    const r = run(setting + greeting + '"Is it raining?" Selwyn Dacre quavered.').slice(2);
    expect(r[0]?.who).toBe('Selwyn');
    expect(r[0]?.method).toBe('explicit');
  });

  it('prefers a speech verb running into the quote to a name and any past-tense verb after it', () => {
    const r = run(
      setting + greeting + 'When Orla said, "Tea, sir?" Selwyn replied, "If you please, ma\'am." Orla complied.',
    ).slice(2);
    expect(r.map((q) => q.who)).toEqual(['Orla', 'Selwyn']);
  });

  it('hands a speech on to a speaker that a "while" clause tags', () => {
    const r = run(setting + greeting + '"Hush!" said Orla to Selwyn, while Selwyn said "Hush!" to himself.').slice(2);
    expect(r.map((q) => q.who)).toEqual(['Orla', 'Selwyn']);
  });

  it('hands the second part of a speech on to a speaker a result or "for" clause tags', () => {
    const r = run(
      setting +
        'The Ferryman waited, and the Ferryman sat.\n\n' +
        greeting +
        '"Good evening," said the Ferryman.\n\n' +
        '"If you please," Orla replied, so eagerly that the Ferryman said, in a rather offended tone, "Hm!"\n\n' +
        '"Now," Orla began, but she stopped, for the Ferryman cried out, "Silence!"',
    ).slice(3);
    expect(r.map((q) => q.who)).toEqual(['Orla', 'The Ferryman', 'Orla', 'The Ferryman']);
  });

  it('does not read indirect speech after a quote as its tag', () => {
    const r = run(setting + greeting + '"Is it true?" said Selwyn. "Tell me." Orla replied that it was.').slice(2);
    expect(r.map((q) => q.who)).toEqual(['Selwyn', 'Selwyn']);
  });

  it("keeps a quote with its earlier quote's tag, not a name and an action after it", () => {
    const r = run(setting + greeting + '"Where were you?" said Selwyn. "Out so late?" Orla picked up her cap.').slice(
      2,
    );
    expect(r.map((q) => q.who)).toEqual(['Selwyn', 'Selwyn']);
  });

  it('prefers a tag running into the quote to a name and an action after it', () => {
    const r = run(setting + greeting + 'She added: "It is late." Selwyn closed his eyes at this.').slice(2);
    expect(r[0]?.who).toBe('Orla');
  });

  it('does not give a speech to the owner of the one who speaks, but to the owner of a voice', () => {
    const t = tagsOf(
      setting +
        greeting +
        ['"Is that the house?" asked Selwyn\'s old nurse.', 'Orla\'s clear voice rejoined: "It is."'].join('\n\n'),
    ).slice(2);
    expect(t).toEqual([{ kind: 'other', noun: 'nurse' }, 'Orla']);
  });

  it('reads the subject of a lead-in from the words right before its verb', () => {
    const t = tagsOf(
      setting +
        greeting +
        [
          'Selwyn made no answer, and after a moment the stranger ventured: "Is it far?"',
          'Selwyn heard it say to itself, "It is much too far for me."',
          'Orla thanked him, and warned Selwyn, "Do not go alone."',
        ].join('\n\n'),
    ).slice(2);
    expect(t).toEqual([{ kind: 'other', noun: 'stranger' }, null, 'Orla']);
  });

  it('reads a person from a noun whose ending or first part says one', () => {
    const t = tagsOf(setting + greeting + 'Orla nodded, and her hostess drily rejoined: "Oh, he means well."').slice(2);
    expect(t).toEqual([{ kind: 'other', noun: 'hostess' }]);
  });

  it('gives an untagged quote to the he or she of the action before it, when the tag before names the other', () => {
    const r = run(
      'Thomas Ashby and Elspeth Quayle sat down. Thomas was glad, and Elspeth smiled.\n\n' +
        '"You will be rich," Thomas said to Elspeth. She raised her hand. "Oh, no!"',
    );
    expect(r.map((q) => q.who)).toEqual(['Thomas', 'Elspeth']);
  });

  it('gives an untagged quote to the name of the action before it, when the tag before names another', () => {
    const r = run(setting + greeting + '"Thanks," Orla said. Selwyn shook his head. "I must go."').slice(2);
    expect(r.map((q) => q.who)).toEqual(['Orla', 'Selwyn']);
    // A sentence that runs on into the quote is no action of its speaker's.
    const t = tagsOf(setting + greeting + '"My dear," said Orla; Selwyn saw that she smiled; "will you stay?"').slice(
      2,
    );
    expect(t).toEqual(['Orla', null]);
  });

  it('reads idioms that name the speaker without a speech verb next to the quote', () => {
    const t = tagsOf(
      setting +
        greeting +
        [
          '"A dangerous theory!" came from Selwyn\'s tight lips.',
          '"How romantic!" at last broke explosively from Orla.',
          '"There is a later will." It was Selwyn who spoke.',
          'Orla\'s last word had been: "You must go to the sea."',
          'Selwyn greeted her eagerly with: "There has been a row!"',
          'Orla was musing, when thus accosted by Selwyn, "I can guess your thoughts."',
          'Orla once ventured to complain; and Selwyn answered serenely: "It does not matter."',
        ].join('\n\n'),
    ).slice(2);
    expect(t).toEqual(['Selwyn', 'Orla', 'Selwyn', 'Orla', 'Selwyn', 'Selwyn', 'Selwyn']);
  });

  it('reads "To which Orla answered" as the next quote\'s tag, and a subject after sentence adverbs', () => {
    const t = tagsOf(
      setting +
        greeting +
        '"You will be late." To which Orla answered, "I know that."\n\n' +
        'Soon afterwards Selwyn, drawing near Orla, said to her-- "Do you dance?"',
    ).slice(2);
    expect(t).toEqual([null, 'Orla', 'Selwyn']);
  });

  it('gives a kin tag to the relative the family name shows', () => {
    const r = run(
      'Hester Quill lived with Mr. Quill and Mrs. Quill. Mr. Quill read, and Mrs. Quill sewed, and Hester sat by. ' +
        'Hester was tired, and she sighed.\n\n' +
        '"Come here, child," cried her father as Hester came in.\n\n' +
        '"She is tired," his wife said.\n\n' +
        '"Tam\'s father is here," Hester said. "No," said Hester\'s mother.',
    );
    expect(r.map((q) => q.who)).toEqual(['Mr.', 'Mrs.', 'Hester', 'Mrs.']);
    expect(r.map((q) => q.method)).toEqual(['pronoun', 'pronoun', 'explicit', 'pronoun']);
  });

  it('reads "his" of a kin tag as the man whose tag named him just before', () => {
    const text =
      'Mr. Pell and Mrs. Pell sat with Mr. Quill and Mrs. Quill. Mr. Pell read, and Mrs. Pell sewed. ' +
      'Mr. Quill nodded, Mrs. Quill smiled, and Mr. Quill sighed.\n\n' +
      '"We dine late," said Mr. Pell. Mr. Quill looked round the room.\n\n' +
      '"But not tonight," his wife interposed.';
    const quotes = findQuotes(text);
    const { characters, tokens } = findCharactersDetailed(text, quotes);
    const r = attributeQuotes(text, quotes, characters, { tokens });
    const name = (id: string | null) => characters.find((c) => c.id === id)?.name;
    expect(r.map((q) => name(q.speakerId))).toEqual(['Mr. Pell', 'Mrs. Pell']);
  });

  it('leaves a quote with no clue unattributed', () => {
    const r = run('"Hello there."');
    expect(r[0]).toMatchObject({ who: null, method: 'none', confidence: 0 });
  });
});

describe('a bare "Mr. SURNAME" shared by several full-named characters', () => {
  it('is, at each mention, the holder most named around it', () => {
    const text = [
      'Mr. Evander Shol met us at the door. Evander Shol was small, and he was nervous.',
      '"Come in," said Evander Shol. "Thank you," said Mr. Holt, and he entered.',
      '"My brother is upstairs," said Mr. Shol.',
      'The night was long and the road was dark and cold. '.repeat(60),
      'Far away, Mr. Osric Shol sat alone. Osric Shol was rich, and he was proud.',
      '"Who is there?" said Osric Shol. Osric Shol stood up.',
      '"Nobody," said Mr. Shol, and he sat down again.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    const who = (re: RegExp) =>
      r.characters.find((c) => c.id === r.quotes.find((q) => re.test(q.text))?.speakerId)?.name;
    expect(who(/brother is upstairs/)).toBe('Mr. Evander Shol');
    expect(who(/Nobody/)).toBe('Mr. Osric Shol');
  });
});
