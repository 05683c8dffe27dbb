import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';
import { findQuotes } from '../quotes/findQuotes.js';
import { findCharacters } from './findCharacters.js';

function characters(text: string) {
  return findCharacters(text, findQuotes(text));
}

function byName(list: ReturnType<typeof characters>, name: string) {
  return list.find((c) => c.name === name || c.alternativeNames.includes(name));
}

describe('merging the names of one character', () => {
  it('takes a bare "Miss SURNAME" for the eldest daughter, not the sisters called "Miss FIRST"', () => {
    const text = [
      'Rosamund Thorne and her sisters Miss Orla Thorne and Miss Lucy Thorne lived with Mrs. Thorne.',
      '"Hush," said Lucy, and she ran off. Lucy came back, and she sat down.',
      '"Come in," said Rosamund, and she smiled. "Not yet," said Orla, and she laughed.',
      '"It is late," said Miss Thorne. Miss Thorne went in, and she sat by the fire.',
      '"Good night," said Rosamund. Orla stayed out, and she sang. "Wait," said Orla.',
      'Miss Thorne was tired. "Come," said Mrs. Thorne, and she closed the door.',
    ].join('\n\n');
    const list = characters(text);
    const rosamund = byName(list, 'Rosamund');
    expect(rosamund).toBeDefined();
    expect(byName(list, 'Miss Thorne')).toBe(rosamund);
    expect(byName(list, 'Orla')).not.toBe(rosamund);
    expect(byName(list, 'Lucy')).not.toBe(rosamund);
    expect(byName(list, 'Mrs. Thorne')).not.toBe(rosamund);
  });

  it('gives "Mr. SURNAME" to the man of that surname named far more often than the others', () => {
    const text = [
      'Oswin Pell walked in. "Morning," said Oswin Pell. Oswin Pell sat down, and he smiled.',
      '"Tea?" said Oswin Pell, and he poured it. Oswin Pell drank, and he sighed.',
      'A letter came from Bertram Pell, a cousin.',
      '"Well," said Mr. Pell, and he folded it. Mr. Pell went out.',
    ].join('\n\n');
    const list = characters(text);
    const oswin = byName(list, 'Oswin Pell');
    expect(oswin).toBeDefined();
    expect(byName(list, 'Mr. Pell')).toBe(oswin);
    expect(byName(list, 'Bertram Pell')).not.toBe(oswin);
  });

  it('keeps "Mr. Edmund Dacre" apart from a far commoner "Mr. Dacre" (the first name tells the brothers apart)', () => {
    const mr = Array.from({ length: 48 }, (_, i) =>
      i % 2 ? '"Indeed," said Mr. Dacre, and he smiled.' : 'Mr. Dacre walked to the window, and he looked out.',
    );
    // The younger brother is called so again and again, and speaks under that name.
    const edmund = Array.from({ length: 12 }, (_, i) =>
      i % 3 ? 'Mr. Edmund Dacre came in from the garden.' : '"Brother!" said Mr. Edmund Dacre, and he bowed.',
    );
    const text = [...mr.slice(0, 24), ...edmund, ...mr.slice(24)].join('\n\n');
    const list = characters(text);
    const elder = byName(list, 'Mr. Dacre');
    const younger = byName(list, 'Mr. Edmund Dacre');
    expect(elder).toBeDefined();
    expect(younger).toBeDefined();
    expect(younger).not.toBe(elder);
  });

  it('takes a full name met a few times for the formal name of the one man of that surname', () => {
    const mr = Array.from({ length: 16 }, (_, i) =>
      i % 2 ? '"Get out," said Mr. Pell, and he spat.' : 'Mr. Pell walked to the window, and he looked out.',
    );
    const text = [
      ...mr,
      'The clerk read out the warrant for Mr. William Pell. Mr. William Pell, it said, was wanted.',
      'Everybody knew Mr. William Pell by sight.',
    ].join('\n\n');
    const list = characters(text);
    const pell = byName(list, 'Mr. Pell');
    expect(pell).toBeDefined();
    expect(byName(list, 'Mr. William Pell')).toBe(pell);
  });

  it('keeps "Mrs. Wystan Pell", named by her husband, apart from the elder "Mrs. Pell"', () => {
    const mrs = Array.from({ length: 16 }, (_, i) =>
      i % 2 ? '"Tea," said Mrs. Pell, and she poured it.' : 'Mrs. Pell sat by the fire, and she knitted.',
    );
    const text = [
      'Wystan Pell came home, and he kissed his mother. "Mother," said Wystan Pell, and he smiled.',
      'Wystan Pell was tired, and he sat down. Wystan Pell took off his boots, and he yawned.',
      ...mrs,
      'The wedding was in June, and the bride became Mrs. Wystan Pell. Mrs. Wystan Pell wore white.',
    ].join('\n\n');
    const list = characters(text);
    const elder = byName(list, 'Mrs. Pell');
    expect(elder).toBeDefined();
    expect(byName(list, 'Mrs. Wystan Pell')).toBeDefined();
    expect(byName(list, 'Mrs. Wystan Pell')).not.toBe(elder);
  });

  it('takes "Miss Elspeth" and the bare "Elspeth" for one woman', () => {
    const text = [
      'Elspeth came down the stairs. "Good morning," said Elspeth, and she smiled.',
      '"Good morning, Miss Elspeth," said the cook. Miss Elspeth laughed.',
      '"Is it raining?" asked Elspeth. Elspeth looked out, and she sighed.',
    ].join('\n\n');
    const list = characters(text);
    const elspeth = byName(list, 'Elspeth');
    expect(elspeth).toBeDefined();
    expect(byName(list, 'Miss Elspeth')).toBe(elspeth);
  });

  it('reads a particle capitalised at a sentence start as the same name ("De Vere", "Mr. de Vere")', () => {
    const text = [
      'Mr. de Vere came in. "Late again," said Mr. de Vere, and he sat down.',
      'De Vere was always late. "Sorry," said De Vere, and he laughed.',
      '"Never mind," said Orla. De Vere smiled, and he poured the wine.',
    ].join('\n\n');
    const list = characters(text);
    const deVere = byName(list, 'Mr. de Vere');
    expect(deVere).toBeDefined();
    expect(list.filter((c) => /vere/i.test([c.name, ...c.alternativeNames].join(' ')))).toEqual([deVere]);
  });

  it('reads a lisped name heard only in speech as the name ("Thelwood" is Selwood)', () => {
    const selwood = Array.from({ length: 8 }, (_, i) =>
      i % 2 ? '"Hold hard," said Selwood, and he wheezed.' : 'Selwood led the horse round the ring, and he bowed.',
    );
    const text = [...selwood, '"Thank you, Thelwood," said the clown. "Goodbye, Thelwood," said the girl.'].join(
      '\n\n',
    );
    const list = characters(text);
    const found = byName(list, 'Selwood');
    expect(found).toBeDefined();
    expect(found!.alternativeNames).toContain('Thelwood');
  });

  it('reads a diminutive ("Sammy" of "Sam") as the same first name', () => {
    const text = [
      'Sam Hollis came to the inn. "Ale," said Sam Hollis, and he sat down.',
      '"Here, Sammy Hollis," said the maid. Sammy Hollis laughed, and he drank.',
      '"Thanks," said Mr. Hollis, and he paid. Mr. Hollis left.',
    ].join('\n\n');
    const list = characters(text);
    const sam = byName(list, 'Sam Hollis');
    expect(sam).toBeDefined();
    expect(byName(list, 'Sammy Hollis')).toBe(sam);
    expect(byName(list, 'Mr. Hollis')).toBe(sam);
  });

  it('gives a bare first name to whoever is called by it with a surname', () => {
    const text = [
      'Master Archibald Marsh, called Archie Marsh by all, came in. "Hullo," said Archie Marsh.',
      '"Where now?" said Master Archibald Marsh, and he grinned.',
      '"Off," said Archie, and he ran. Archie laughed, and he was gone.',
    ].join('\n\n');
    const list = characters(text);
    const archie = byName(list, 'Archie Marsh');
    expect(archie).toBeDefined();
    expect(byName(list, 'Archie')).toBe(archie);
  });

  it('joins two descriptors that the text also uses together ("the Sly" and "the Fox": "the Sly Fox")', () => {
    const text = [
      'The Sly Fox was the leader of the gang.',
      '"Come here," said the Fox. The Fox went out, and he whistled.',
      '"Now then," said the Sly, and he grinned. The Sly sat down.',
      '"Quick," said the Fox, and the Sly nodded.',
    ].join('\n\n');
    const list = characters(text);
    const fox = byName(list, 'The Fox');
    expect(fox).toBeDefined();
    expect(byName(list, 'the Sly')).toBe(fox);
  });

  it("joins a woman called by two wives' titles and her surname, and keeps her daughter apart", () => {
    const text = [
      'Madame Quarrie came in, and she sat down. "Good evening," said Madame Quarrie.',
      '"Good evening," said Idris. Madame Quarrie smiled, and she poured the tea.',
      'The Countess Quarrie was tired. "Sit by me," said Countess Quarrie, and she sighed.',
      'Miss Quarrie ran in, and she laughed. "Mamma!" said Miss Quarrie. Miss Quarrie sat down.',
    ].join('\n\n');
    const list = characters(text);
    const madame = byName(list, 'Madame Quarrie');
    expect(madame).toBeDefined();
    expect(byName(list, 'Countess Quarrie')).toBe(madame);
    expect(byName(list, 'Miss Quarrie')).not.toBe(madame);
  });

  it('joins two titles before one given name ("Lady Hester", "Aunt Hester")', () => {
    const text = [
      'Lady Hester came in, and she sat down. "Good evening," said Lady Hester.',
      '"Good evening," said Idris. Lady Hester smiled, and she poured the tea.',
      'Aunt Hester was tired. "Sit by me," said Aunt Hester, and she sighed.',
    ].join('\n\n');
    const list = characters(text);
    const lady = byName(list, 'Lady Hester');
    expect(lady).toBeDefined();
    expect(byName(list, 'Aunt Hester')).toBe(lady);
  });

  it('gives a bare "Miss SURNAME" to the family\'s aunt before her niece', () => {
    const text = [
      'Mabel Quill lived with her aunt, Miss Hester Quill, and Mrs. Quill.',
      '"Come in," said Mabel, and she smiled. Mabel sat down, and she laughed.',
      '"Not yet," said Aunt Hester, and she frowned. Aunt Hester was old.',
      '"It is late," said Miss Quill. Miss Quill went in, and she sat by the fire.',
      '"Good night," said Mabel. "Wait," said Miss Quill. Mabel went out. Miss Quill slept.',
    ].join('\n\n');
    const list = characters(text);
    const aunt = byName(list, 'Aunt Hester');
    expect(aunt).toBeDefined();
    expect(byName(list, 'Miss Quill')).toBe(aunt);
    expect(byName(list, 'Mabel')).not.toBe(aunt);
  });

  it('leaves the husband\'s given name of "Mrs. Bram Quill" to the man of that name', () => {
    const text = [
      'Mrs. Bram Quill came up the lane. "Good day," said Mrs. Bram Quill, and she smiled.',
      '"Good day," said Mrs. Bram. Bram Tamsin was in the field, and he waved.',
      '"Hello," said Bram, and he laughed. Bram went home. "Come," said Bram.',
    ].join('\n\n');
    const list = characters(text);
    const wife = byName(list, 'Mrs. Bram Quill');
    expect(wife).toBeDefined();
    expect(byName(list, 'Mrs. Bram')).toBe(wife);
    expect(byName(list, 'Bram')).not.toBe(wife);
    expect(byName(list, 'Bram')).toBe(byName(list, 'Bram Tamsin'));
  });

  it('reads an abbreviated title as the title ("Mlle. Wenna" is "Mademoiselle Wenna de Caddow")', () => {
    const text = [
      'Mademoiselle Wenna de Caddow came in. Mademoiselle Wenna de Caddow sat down.',
      'Some called her Mademoiselle Wenna du Rusk. "Good evening," said Mlle. Wenna.',
      '"Good evening," said Idris. Mlle. Wenna smiled, and she poured the tea.',
      '"Sit by me," said Mlle. Wenna, and she sighed. Mlle. Wenna was tired.',
    ].join('\n\n');
    const list = characters(text);
    const wenna = byName(list, 'Mademoiselle Wenna de Caddow');
    expect(wenna).toBeDefined();
    expect(byName(list, 'Mlle. Wenna')).toBe(wenna);
  });

  it('gives a surname spoken to someone to the woman known only as "Mrs. SURNAME" when no man has it', () => {
    const text = [
      'Mr. Ashby rang, and Mrs. Treloar came in with the tray. Tam sat by the fire.',
      '"Is the boy better, Treloar?" said Mr. Ashby. "Much better, sir," said Mrs. Treloar.',
      '"Good," said Tam. "Treloar, bring the lamp," said Mr. Ashby. Mrs. Treloar went out.',
      '"Thank you, Treloar," said Mr. Ashby, when Mrs. Treloar came back.',
    ].join('\n\n');
    const list = characters(text);
    const housekeeper = byName(list, 'Mrs. Treloar');
    expect(housekeeper).toBeDefined();
    expect(byName(list, 'Treloar')).toBe(housekeeper);
  });

  it('takes the gender of a full name from its given name, not from the pronouns of a woman nearby', () => {
    const text = [
      'Wenna Ashby thought of Bram Marsh, and she smiled. Bram Marsh came, and she rose.',
      'Wenna met Bram Marsh at the gate; she was glad. "Good day," said Bram Marsh.',
      'Mr. Marsh bowed. "Good day, Mr. Marsh," said Wenna. "Come in," said Mr. Marsh.',
    ].join('\n\n');
    const list = characters(text);
    const bram = byName(list, 'Bram Marsh');
    expect(bram).toBeDefined();
    expect(byName(list, 'Mr. Marsh')).toBe(bram);
  });

  it('takes a hyphenated name ending in a name for the holder of that name ("Tam-the-Pellow")', () => {
    const text = [
      'Pellow came down the hill, and he sat by the river. "Hello," said Pellow.',
      '"Hello," said Idris. Pellow smiled, and he ate his honey. Pellow was happy.',
      'This is Tam-the-Pellow. When Tam-the-Pellow woke, he went out. Tam-the-Pellow sang, and he slept.',
    ].join('\n\n');
    const list = characters(text);
    const pellow = byName(list, 'Pellow');
    expect(pellow).toBeDefined();
    expect(byName(list, 'Tam-the-Pellow')).toBe(pellow);
  });

  it('takes "the Major" for the only major the text names', () => {
    const text = [
      'Major Tregaskis came up the drive, and Idris went to meet him.',
      '"Good morning," said the Major. The Major was tall, and he smiled.',
      '"Good morning," said Idris. Major Tregaskis sat down.',
      '"Tea?" asked the Major, and Idris nodded.',
    ].join('\n\n');
    const list = characters(text);
    const major = byName(list, 'Major Tregaskis');
    expect(major).toBeDefined();
    expect(byName(list, 'Major')).toBe(major);
  });

  it('takes "the Major" for a major named far more often than the other one', () => {
    const text = [
      'Major Tregaskis came up the drive, and Idris went to meet him. Major Tregaskis was tall.',
      '"Good morning," said Major Tregaskis. Major Tregaskis smiled. Major Pollard was away.',
      'Major Tregaskis had a letter from Major Pollard, and Major Tregaskis read it twice.',
      '"Good morning," said the Major. The Major sat down, and he lit his pipe.',
      '"Tea?" asked the Major, and Idris nodded. Major Tregaskis drank it.',
    ].join('\n\n');
    const list = characters(text);
    const major = byName(list, 'Major Tregaskis');
    expect(major).toBeDefined();
    expect(byName(list, 'Major Pollard')).toBeDefined();
    expect(byName(list, 'Major Pollard')).not.toBe(major);
    expect(byName(list, 'Major')).toBe(major);
    expect(byName(list, 'The Major')).toBeUndefined();
  });

  it('keeps "the Major" apart when the text names two majors', () => {
    const text = [
      'Major Tregaskis and Major Pollard came up the drive, and Idris went to meet them.',
      '"Good morning," said the Major. The Major was tall, and he smiled.',
      '"Good morning," said Idris. Major Tregaskis sat down, and Major Pollard stood.',
      '"Tea?" asked the Major, and Idris nodded.',
    ].join('\n\n');
    const list = characters(text);
    const major = byName(list, 'The Major');
    expect(major).toBeDefined();
    expect(major).not.toBe(byName(list, 'Major Tregaskis'));
    expect(major).not.toBe(byName(list, 'Major Pollard'));
  });

  it('merges a role tagged in the turns of a named speaker, with the same partner in between', () => {
    const text = [
      'Gorse the Miser sat by the fire with young Tobias. Gorse was old.',
      '"Come here," said Gorse.',
      '"Yes, sir," said Tobias.',
      '"Closer," said the Miser.',
      '"Here I am," said Tobias.',
      '"Good," said Gorse.',
      '"What now?" said Tobias.',
      '"Sit," said the Miser.',
      '"I will," said Tobias.',
      '"Listen," said Gorse.',
      '"I am listening," said Tobias.',
      '"Well," said the Miser.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    const gorse = r.characters.find((c) => c.name === 'Gorse');
    expect(gorse).toBeDefined();
    expect(gorse!.alternativeNames).toContain('The Miser');
    const speakers = new Set(r.quotes.filter((q) => /Closer|Sit|Well/.test(q.text)).map((q) => q.speakerId));
    expect([...speakers]).toEqual([gorse!.id]);
  });

  it('keeps a role apart from a name it answers', () => {
    const text = [
      'Gorse met the Miser in the street.',
      '"Come here," said Gorse.',
      '"Why?" said the Miser.',
      '"Closer," said Gorse.',
      '"No," said the Miser.',
      '"Please," said Gorse.',
      '"Never," said the Miser.',
      '"Then go," said Gorse.',
      '"I will," said the Miser.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    const gorse = r.characters.find((c) => c.name === 'Gorse');
    expect(gorse).toBeDefined();
    expect(gorse!.alternativeNames).not.toContain('The Miser');
  });
});
