import { describe, expect, it } from 'vitest';
import { findQuotes } from '../quotes/findQuotes.js';
import { findCharacters } from './findCharacters.js';
import { getProfile } from './profiles.js';

function characters(text: string) {
  return findCharacters(text, findQuotes(text));
}

/** The nouns of the speakers known by a description ("ferryman" for "The ferryman"). */
function describedNouns(text: string) {
  return characters(text).map((c) => getProfile(c)?.noun);
}

function byName(list: ReturnType<typeof characters>, name: string) {
  return list.find((c) => c.name === name || c.alternativeNames.includes(name));
}

const family = [
  'Miss Margaret Ashcombe lived at Dunmere with her father and mother.',
  '"Peggy, come here," said Mrs. Ashcombe.',
  '"Yes, mamma," said Margaret, and she went in.',
  '"My dear Meg," said Mr. Ashcombe, "you are late."',
  'Margaret smiled at him, and she sat down. Mr. Ashcombe laughed and he took up his book.',
  '"Meg is always late," said Mrs. Ashcombe, and she sighed.',
  'On Monday they drove to Quito, and in April they went to Kelloway. At Kelloway they stayed.',
  'Margaret was glad. "Well, Peggy?" said Mr. Ashcombe.',
  'Mrs. Ashcombe went to Quito. Margaret wrote to Mrs. Ashcombe from Kelloway.',
].join('\n\n');

describe('findCharacters', () => {
  it('merges a full name, the given name, nicknames and an honorific form into one character', () => {
    const list = characters(family);
    const liz = byName(list, 'Margaret');
    expect(liz).toBeDefined();
    for (const alias of ['Peggy', 'Meg', 'Miss Margaret Ashcombe']) expect(byName(list, alias)).toBe(liz);
  });

  it('keeps Mr. and Mrs. of one surname apart and infers their gender', () => {
    const list = characters(family);
    const mr = byName(list, 'Mr. Ashcombe');
    const mrs = byName(list, 'Mrs. Ashcombe');
    expect(mr).toBeDefined();
    expect(mrs).toBeDefined();
    expect(mr).not.toBe(mrs);
    expect(getProfile(mr!)?.gender).toBe('m');
    expect(getProfile(mrs!)?.gender).toBe('f');
  });

  it('gives a person a rank met once with their surname, but not a person of the other gender', () => {
    const list = characters(
      [
        'Mr. Pellow came in, and Mr. Pellow sat down. "Good day," said Mr. Pellow.',
        'When Doctor Pellow had gone, Mrs. Quarrie sighed. "Oh," said Mrs. Quarrie. Mrs. Quarrie wept.',
        'Dr. Quarrie was away.',
      ].join('\n\n'),
    );
    expect(byName(list, 'Mr. Pellow')?.alternativeNames).toContain('Doctor Pellow');
    expect(byName(list, 'Mrs. Quarrie')?.alternativeNames).not.toContain('Dr. Quarrie');
  });

  it('leaves out places, months, days, interjections and sentence-initial words', () => {
    const names = characters(family).flatMap((c) => [c.name, ...c.alternativeNames]);
    for (const bad of ['Quito', 'Kelloway', 'Dunmere', 'April', 'Monday', 'Well', 'Yes', 'On', 'At'])
      expect(names).not.toContain(bad);
  });

  it('makes no character of a cry drawn out ("Ooooh-ow", "Brrrr")', () => {
    // Repeated with commas between, a cry reads like a name called out.
    const text = [
      'Tobias slid down the bank. "Ooooh-ow, Ooooh-ow, Ooooh-ow," said Tobias, and he rubbed his knee.',
      'Orla came running. "Brrrr, Brrrr," said Orla. "Is it cold, Tobias?"',
      '"Ooooh-ow, Ooooh-ow," said Tobias again. "Brrrr, Brrrr," said Orla, and she laughed.',
    ].join('\n\n');
    const names = findCharacters(text, findQuotes(text)).flatMap((c) => [c.name, ...c.alternativeNames]);
    expect(names).toContain('Tobias');
    expect(names.filter((n) => /Oooo|Brrr/.test(n))).toEqual([]);
  });

  it('gives deterministic ids', () => {
    expect(characters(family).map((c) => c.id)).toEqual(characters(family).map((c) => c.id));
    expect(characters(family)[0]?.id).toBe('c1');
  });

  it('makes no character of an honorific whose particle leads to no name ("Madame la G—")', () => {
    const text =
      'Madame la G— looked up. "Good evening," said Madame la G—. Orla Quill bowed to Madame la ' +
      'G—, and Orla Quill sat down beside Madame la G—.';
    const list = findCharacters(text, findQuotes(text));
    expect(list.map((c) => c.name).filter((n) => n.trim() === 'Madame' || n.endsWith(' '))).toEqual([]);
  });

  it('takes a month as a given name in a book that gives it a surname ("May Tarrow"), not as a month', () => {
    const text = [
      'May Tarrow came down late. Orla Quill was waiting for May Tarrow in the hall, and May Tarrow smiled. He bowed to May Tarrow.',
      '"You are late," said Orla Quill. "I know," said May. May laughed, and she took his arm.',
      'In May the garden was full of roses.',
    ].join('\n\n');
    const may = findCharacters(text, findQuotes(text)).find((c) => c.name.startsWith('May'));
    expect(may?.name).toBe('May Tarrow');
    expect(may?.alternativeNames).toContain('May');
    const other = 'In May the roses came. May I say so? Orla Quill said nothing in May, and Orla Quill left.';
    expect(findCharacters(other, findQuotes(other)).some((c) => c.name.startsWith('May'))).toBe(false);
  });

  it('adds a first-person narrator', () => {
    const text = [
      'I went down to the river that morning. I was tired, and my feet hurt, so I sat on the bank.',
      '"You look tired," said Pellow.',
      '"I am," said I. I looked at him and I smiled. My pipe was cold, and I lit it again.',
      'Pellow said nothing. I waited, and then I spoke again, for I was curious about my friend.',
    ].join('\n\n');
    const list = characters(text);
    const narrator = list.find((c) => getProfile(c)?.narrator);
    expect(narrator).toBeDefined();
    expect(byName(list, 'Pellow')).toBeDefined();
  });

  it('finds no narrator in a third-person story', () => {
    expect(characters(family).some((c) => getProfile(c)?.narrator)).toBe(false);
  });

  it('does not take the numeral of a heading for the narrator (a chapter pasted on its own)', () => {
    const text = [
      'CHAPTER I',
      'The kitchen was cold when Orla came down. Selwyn sat by the stove with the lamp in pieces.',
      '"Have you trimmed the wick?" asked Orla. "It smoked all night."',
      '"Twice," said Selwyn.',
      'Orla sat down and looked at the lamp for a long time, and then at the rain on the window.',
    ].join('\n\n');
    expect(characters(text).some((c) => getProfile(c)?.narrator)).toBe(false);
    // Nor one stray first-person word in the narration of a short passage (a note read to oneself).
    const note = [
      'Orla unfolded the note from Selwyn and read it twice by the window: come at once, my dear, the lamp is out.',
      '"Is it bad news?" asked Idris.',
      '"It is," said Orla.',
    ].join('\n\n');
    expect(characters(note).some((c) => getProfile(c)?.narrator)).toBe(false);
  });

  it('reads lower-case particles and "M." as parts of a name', () => {
    const text = [
      'Mr. van der Holt came in. "Good evening," said Mr. van der Holt.',
      'M. Tavel bowed. "Monsieur," said M. Tavel, and he sat down.',
      '"Sit down," said Mr. van der Holt, and he smiled at M. Tavel.',
    ].join('\n\n');
    const list = characters(text);
    expect(byName(list, 'Mr. van der Holt')).toBeDefined();
    expect(byName(list, 'M. Tavel')).toBeDefined();
    expect(getProfile(byName(list, 'M. Tavel')!)?.gender).toBe('m');
  });

  it('does not give a bare surname to a woman known only as "Mrs."', () => {
    const text = [
      'Mrs. Dunmow sat by the fire. "Tea?" said Mrs. Dunmow. She poured it.',
      '"Thank you," said Mrs. Dunmow again, and she smiled.',
      '"No sugar," said Dunmow, and he frowned. Dunmow was tired.',
    ].join('\n\n');
    const list = characters(text);
    expect(byName(list, 'Dunmow')).toBeDefined();
    expect(byName(list, 'Dunmow')).not.toBe(byName(list, 'Mrs. Dunmow'));
  });

  it('keeps two names that run together once apart when the text also lists them with "and"', () => {
    const text = [
      'Behind the old lady marched Pellow and Tam\nPellow in his coat, Tam in her shawl.',
      '"Come here," said Pellow. Pellow waited. "I am coming," said Tam. Tam hurried.',
      'Pellow and Tam went home. Pellow slept and Tam sat up.',
    ].join('\n\n');
    const list = characters(text);
    expect(byName(list, 'Tam')).toBeDefined();
    expect(byName(list, 'Pellow')).toBeDefined();
    expect(byName(list, 'Tam')).not.toBe(byName(list, 'Pellow'));
    // A full name is not split by a list that begins with a longer name: "Mrs. Quarrie and Orla".
    const family = characters(
      'Orla Quarrie came in. "Hello," said Orla Quarrie. Mrs. Quarrie and Orla sat down. "Tea," said Orla. Orla smiled. "Yes," said Mrs. Quarrie.',
    );
    expect(byName(family, 'Orla')).toBe(byName(family, 'Orla Quarrie'));
  });

  it('ends a name where a title starts the next one ("Miss Ashby Miss Quill\'s")', () => {
    const text = [
      'Wenna Ashby was twenty. Miss Quill had been her governess for years.',
      "It was rather supposed that Miss Quill had formed Miss Ashby, than Miss Ashby Miss Quill's manners.",
      '"Tea?" said Miss Ashby. "Thank you," said Miss Quill. "Sugar?" said Wenna. "No," said Miss Quill.',
    ].join('\n\n');
    const list = characters(text);
    expect(byName(list, 'Miss Quill')).toBeDefined();
    expect(byName(list, 'Miss Quill')).not.toBe(byName(list, 'Miss Ashby'));
    expect(byName(list, 'Miss Ashby Miss Quill')).toBeUndefined();
  });

  it('takes "the Varangis" beside a "Varangi" met often for a people, and "Mr. Edmunds" for a man', () => {
    const text = [
      'Idris was a Varangi, and the Varangis were proud. A Varangi never bows; a Varangi waits.',
      '"The Varangis will come," said Idris. The Varangis came at dawn, and they sat down.',
      '"We are here," said the Varangis. The Varangis said nothing more. The Varangis slept.',
      'Mr. Edmunds came too. "Good day," said Mr. Edmunds. Edmund Tarrant was with him.',
      '"Good day," said Edmund. "Sit down, Edmunds," said Idris. Edmunds sat.',
    ].join('\n\n');
    const list = characters(text);
    expect(byName(list, 'Idris')).toBeDefined();
    expect(byName(list, 'Varangis')).toBeUndefined();
    expect(byName(list, 'The Varangis')).toBeUndefined();
    expect(byName(list, 'Edmunds')).toBeDefined();
    expect(byName(list, 'Edmunds')).not.toBe(byName(list, 'Edmund'));
  });

  it('takes number words for names when the story tags speech with them ("said Nine")', () => {
    const text = [
      'The guards stood at the gate. Nine and Four were quarrelling, and Orla listened.',
      '"Mind the lantern, Nine!" said Four. "It was not my fault," said Nine, and he scowled.',
      '"Never your fault, Nine!" said Four. Nine kicked the gravel and looked away.',
      '"Be quiet!" said Nine. Two of them looked up. "Why?" said Orla.',
    ].join('\n\n');
    const list = characters(text);
    expect(byName(list, 'Nine')).toBeDefined();
    expect(byName(list, 'Four')).toBeDefined();
    expect(byName(list, 'Nine')).not.toBe(byName(list, 'Four'));
    // Counting without a name: no character.
    const counted = characters('Two of them came in. "Hello," said Orla. Three more came. "Yes," said Orla.');
    expect(byName(counted, 'Two')).toBeUndefined();
    expect(byName(counted, 'Three')).toBeUndefined();
  });

  it('takes an ordinary word for a surname when the text gives it after a given name ("Bram Sharp")', () => {
    const text = [
      '"Open up," said Bram Sharp at the door. It was a sharp night. "Now," said Bram Sharp.',
      '"This is your doing, Sharp," said Orla. Sharp sat down; his face was sharp and his voice sharp.',
      'A sharp wind blew. Orla spoke again. "Well, Sharp?" Sharp looked at her with a sharp eye.',
      'The dog gave a sharp bark. Sharp laughed at the sharp sound. "Go," said Sharp.',
    ].join('\n\n');
    const list = characters(text);
    const bram = byName(list, 'Bram Sharp');
    expect(bram).toBeDefined();
    expect(byName(list, 'Sharp')).toBe(bram);
  });

  it('takes no run that only opens sentences for a full name unless its first word is a name', () => {
    const text = [
      'Dr. Idris came late. Unluckily Idris had lost the key. "Where is it?" said Dr. Idris.',
      'Unluckily Idris did not know. "Gone," said Idris. Bram Venning laughed.',
      'Bram Venning was his friend. "Here," said Bram. Idris took it.',
    ].join('\n\n');
    const list = characters(text);
    expect(byName(list, 'Idris')).toBeDefined();
    expect(byName(list, 'Unluckily Idris')).toBeUndefined();
    expect(byName(list, 'Bram Venning')).toBeDefined();
  });

  it('takes the byline of a title page for the author, not a character', () => {
    const text = [
      'THE MILL-RACE\n\nBy Wenna Treloar',
      'CHAPTER I',
      'Wenna came to the mill. "Is Bram here?" said Wenna. "He is out," said Orla. Wenna waited.',
    ].join('\n\n');
    const list = characters(text);
    expect(byName(list, 'Wenna')).toBeDefined();
    expect(list.map((c) => c.name)).not.toContain('Wenna Treloar');
    expect(byName(list, 'Wenna Treloar')).toBeUndefined();
    // Someone named after "by" inside the story is still found.
    const inStory = characters('He was met by Wenna Treloar at the gate. "Come in," said Wenna Treloar.');
    expect(byName(inStory, 'Wenna Treloar')).toBeDefined();
  });
});

describe('findCharacters: speakers known by a description', () => {
  it('makes a character of a role that tags speech twice, the noun before its verb or after', () => {
    const text = [
      'Thomas Ashby came into the hall. Thomas was tired.',
      '"Is the road open?" Thomas asked. The ferryman shouted: "Not tonight!"',
      '"Tomorrow, then?" "Perhaps," the ferryman muttered.',
      '"The ferryman is a fool," said Thomas. The ferryman was silent.',
    ].join('\n\n');
    const list = characters(text);
    const ferryman = list.find((c) => getProfile(c)?.noun === 'ferryman');
    expect(ferryman?.name).toBe('The ferryman');
  });

  it('needs the noun to tag speech twice, not to be named twice', () => {
    const text = [
      'Thomas Ashby came into the hall. Thomas was tired. The ferryman was asleep.',
      '"Is the road open?" Thomas asked. The ferryman shouted: "Not tonight!"',
      '"The ferryman is a fool," said Thomas. The ferryman was silent.',
    ].join('\n\n');
    expect(characters(text).find((c) => getProfile(c)?.noun === 'ferryman')).toBeUndefined();
  });

  it('counts only tags that stand beside a quotation, not narration that reads like one', () => {
    const text = [
      'Thomas Ashby came into the hall. Thomas was tired.',
      'The road went up the hill past the mill. The road went on to the ferry.',
      'He asked the porter to put the car in the barn, and at noon he called the car in from the yard.',
      '"Is the road open?" Thomas asked.',
    ].join('\n\n');
    const nouns = describedNouns(text);
    expect(nouns).not.toContain('road');
    expect(nouns).not.toContain('car');
  });

  it('takes no group for a voice: "the sailors cried", "the men shouted"', () => {
    const text = [
      'Thomas Ashby came down to the quay. Thomas was tired.',
      '"Ashore!" the sailors cried. "Ashore, then," said Thomas. "Now!" the sailors cried again.',
      '"Pull!" the men shouted. "Pull!" shouted the men.',
    ].join('\n\n');
    const nouns = describedNouns(text);
    expect(nouns).not.toContain('sailors');
    expect(nouns).not.toContain('men');
  });

  it('gives a described speaker the gender its noun says, and none when it says none', () => {
    const text = [
      'Thomas Ashby came into the inn. Thomas was tired.',
      '"A room?" asked the landlady. "Yes," said Thomas. "Up the stair," said the landlady.',
      '"Your horse, sir?" said the ostler. "Fed," said Thomas. "Fed it is," said the ostler.',
      '"Boots!" called the pot-boy. "Coming!" called the pot-boy.',
    ].join('\n\n');
    const list = characters(text);
    const genderOf = (noun: string) => getProfile(list.find((c) => getProfile(c)?.noun === noun)!)?.gender;
    expect(genderOf('landlady')).toBe('f');
    expect(genderOf('pot-boy')).toBe('m');
    expect(genderOf('ostler')).toBe('u');
  });
});

describe('findCharacters: a kinship word as a name', () => {
  it('knows Granny is a woman, whatever the pronouns near her say', () => {
    const text = [
      'Granny Pellow sat by the fire, and Thomas Ashby stood at the door; he was cold.',
      '"Come in," said Granny Pellow. Granny smiled at Thomas, and he came in.',
      '"Sit down," said Granny. Granny poured the tea, and he drank it. He thanked Granny.',
    ].join('\n\n');
    const granny = byName(characters(text), 'Granny Pellow');
    expect(granny).toBeDefined();
    expect(getProfile(granny!)?.gender).toBe('f');
  });
});
