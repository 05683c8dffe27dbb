import { describe, expect, it } from 'vitest';
import type { OutlineItem } from '@castbook/contracts';
import { detectStructure } from './index.js';

const para = (words = 60) =>
  Array.from({ length: words }, (_, i) => (i % 12 === 11 ? 'end.' : 'word')).join(' ') + '\n';
const body = (n = 3) => Array.from({ length: n }, () => para()).join('\n');

function flat(items: OutlineItem[]): OutlineItem[] {
  return items.flatMap((i) => [i, ...flat(i.children)]);
}
const titles = (text: string) => flat(detectStructure(text)).map((i) => `${i.type}:${i.title}`);

describe('detectStructure heading forms', () => {
  it.each([
    ['CHAPTER I.\nDown the Mill-Race\n\n\n', 'chapter:Chapter I. Down the Mill-Race'],
    ['Chapter 1\n\n', 'chapter:Chapter 1'],
    ['Chapter One\n\n', 'chapter:Chapter One'],
    ['CHAPTER THE FIRST\n\n', 'chapter:Chapter the First'],
    ['CHAPTER XIV. Hester’s Confession\n\n', 'chapter:Chapter XIV. Hester’s Confession'],
    ['Chapter 3: The Storm\n\n', 'chapter:Chapter 3. The Storm'],
    [
      ' CHAPTER II.\nTREATS OF TAM PELLOW’S GROWTH, SCHOOLING, AND BOARD\n\n\n',
      'chapter:Chapter II. Treats of Tam Pellow’s Growth, Schooling, and Board',
    ],
    ['                                CHAPTER\n                                   10\n\n\n', 'chapter:Chapter 10'],
    ['PROLOGUE\n\n', 'prologue:Prologue'],
    ['THE PREFACE\n\n\n', 'preface:The Preface'],
    ['EPILOGUE\n\n', 'epilogue:Epilogue'],
    ['Introduction\n\n', 'introduction:Introduction'],
    ['FOREWORD\n\n', 'foreword:Foreword'],
    ['Afterword\n\n', 'afterword:Afterword'],
    ['APPENDIX A\n\n', 'appendix:Appendix A'],
    ['GLOSSARY\n\n', 'glossary:Glossary'],
    ['INDEX\n\n', 'index:Index'],
    ['Conclusion\n\n', 'conclusion:Conclusion'],
    ['Episode 4\n\n', 'episode:Episode 4'],
    ['Section 2. Methods\n\n', 'section:Section 2. Methods'],
    ['Series 1\n\n', 'series:Series 1'],
    ['SAGA ONE\n\n', 'saga:Saga One'],
    ['Collection 2\n\n', 'collection:Collection 2'],
    ['Anthology 1\n\n', 'anthology:Anthology 1'],
    ['Omnibus 1\n\n', 'omnibus:Omnibus 1'],
    ['Subsection 2.1\n\n', 'subsection:Subsection 2.1'],
    ['## Chapter 7\n\n', 'chapter:Chapter 7'],
  ])('reads %j', (heading, expected) => {
    const text = `${heading}${body()}`;
    expect(titles(text)).toEqual([expected]);
  });

  it('takes a title from a single title-like line after a blank line', () => {
    expect(titles(`CHAPTER I.\n\nThe Science of Deduction\n\n${body()}`)).toEqual([
      'chapter:Chapter I. The Science of Deduction',
    ]);
  });

  it('takes a subtitle on the lines below a heading, or after a blank line, into its title', () => {
    expect(titles(`CHAPTER I.\nIN WHICH THE FERRY IS LATE AND THE\nHARBOUR MASTER WAITS\n\n\n${body()}`)).toEqual([
      'chapter:Chapter I. In Which the Ferry Is Late and the Harbour Master Waits',
    ]);
    expect(titles(`Chapter 3\n\nThe Return\n\n${body()}`)).toEqual(['chapter:Chapter 3. The Return']);
    expect(
      titles(`        CHAPTER IV\n\n   IN WHICH THE LANTERN GOES OUT\n      AND NOBODY MINDS\n\n\n${body()}`),
    ).toEqual(['chapter:Chapter IV. In Which the Lantern Goes Out and Nobody Minds']);
  });

  it('takes a subtitle in capitals over two lines in a text without blank lines', () => {
    const prose = Array.from({ length: 30 }, () => 'The tide came in over the stones and went out again.').join('\n');
    const text = `CHAPTER I.\nIN WHICH THE FERRY IS LATE AND THE\nHARBOUR MASTER WAITS\n${prose}\nCHAPTER II.\nTHE SHIP\n${prose}\n`;
    expect(titles(text)).toEqual([
      'chapter:Chapter I. In Which the Ferry Is Late and the Harbour Master Waits',
      'chapter:Chapter II. The Ship',
    ]);
  });

  it('does not take the first paragraph as a title', () => {
    expect(titles(`Chapter 1\n\n"Yes," said he.\n\n${body()}`)).toEqual(['chapter:Chapter 1']);
  });

  it('ignores keywords in prose', () => {
    const text = `Chapter 1\n\n${body()}\nPart of the plan was simple, and\nbook after book was read.\n\n${body()}\nChapter two was dull, she\nthought, and the rest worse.\n\n${body()}`;
    expect(titles(text)).toEqual(['chapter:Chapter 1']);
  });

  it('reads acts and scenes of a script', () => {
    const text = `ACT I\n\nSCENE 1. A room in the castle.\n\n${body()}\nSCENE 2. The garden.\n\n${body()}\nACT II\n\nSCENE 1. A heath.\n\n${body()}`;
    const outline = detectStructure(text);
    expect(outline.map((i) => i.title)).toEqual(['Act I', 'Act II']);
    expect(outline[0]!.children.map((i) => i.title)).toEqual([
      'Scene 1. A room in the castle.',
      'Scene 2. The garden.',
    ]);
    expect(outline[1]!.children.map((i) => i.id)).toEqual(['act-2/scene-1']);
  });

  it('reads the scene headings of a screenplay, whole on their line', () => {
    const text = `FADE IN:\n\nINT. LIGHTHOUSE KITCHEN - NIGHT\n\nRain on the window.\n\n${body()}\nEXT./INT. GALLERY - DAWN\n\nThe lamp burns.\n\n${body()}\nInt. the rest of the evening was quiet.\n`;
    expect(titles(text)).toEqual(['scene:INT. LIGHTHOUSE KITCHEN - NIGHT', 'scene:EXT./INT. GALLERY - DAWN']);
  });

  it('reads markdown headings, typing plain ones by depth', () => {
    const text = `# The Novel\n\n## The Beginning\n\n${body()}\n## The Middle\n\n${body()}`;
    const outline = detectStructure(text);
    expect(outline.map((i) => `${i.type}:${i.title}`)).toEqual(['part:The Novel']);
    expect(outline[0]!.children.map((i) => `${i.type}:${i.title}`)).toEqual([
      'chapter:The Beginning',
      'chapter:The Middle',
    ]);
  });

  it('reads numbers alone on a line as chapters when they count up', () => {
    const text = `1.\n\n${body()}\n2.\n\n${body()}\n3\n\n${body()}\n12\n\n${body()}`;
    expect(titles(text)).toEqual(['chapter:Chapter 1', 'chapter:Chapter 2', 'chapter:Chapter 3']);
  });

  it('ignores a stray number alone on a line', () => {
    expect(titles(`Chapter 1\n\n${body()}\n7\n\n${body()}`)).toEqual(['chapter:Chapter 1']);
  });
});

describe('detectStructure nesting and offsets', () => {
  const text = [
    'VOLUME I\n\n',
    'BOOK ONE\n\n',
    'PART 1\n\n',
    'CHAPTER I.\nThe Start\n\n',
    body(),
    '\nCHAPTER II.\n\n',
    body(),
    '\nPART 2\n\n',
    'CHAPTER I.\n\n',
    body(),
    '\nVOLUME II\n\n',
    'CHAPTER I.\n\n',
    body(),
    '\nEPILOGUE\n\n',
    body(),
  ].join('');
  const outline = detectStructure(text);

  it('nests chapters in parts in books in volumes, chapters restarting', () => {
    expect(flat(outline).map((i) => i.id)).toEqual([
      'volume-1',
      'volume-1/book-1',
      'volume-1/book-1/part-1',
      'volume-1/book-1/part-1/chapter-1',
      'volume-1/book-1/part-1/chapter-2',
      'volume-1/book-1/part-2',
      'volume-1/book-1/part-2/chapter-1',
      'volume-2',
      'volume-2/chapter-1',
      'volume-2/epilogue-1',
    ]);
    const chapter = outline[0]!.children[0]!.children[0]!.children[0]!;
    expect(chapter.parentId).toBe('volume-1/book-1/part-1');
    expect(chapter.title).toBe('Chapter I. The Start');
  });

  it('spans each item from its heading to the next item of the same or higher level', () => {
    const all = flat(outline);
    const byId = new Map(all.map((i) => [i.id, i]));
    expect(text.slice(byId.get('volume-1')!.startOffset).startsWith('VOLUME I')).toBe(true);
    expect(byId.get('volume-1')!.endOffset).toBe(text.indexOf('VOLUME II'));
    expect(byId.get('volume-1/book-1/part-1/chapter-2')!.endOffset).toBe(text.indexOf('PART 2'));
    expect(byId.get('volume-2')!.endOffset).toBe(text.length);
    for (const item of all) {
      for (const child of item.children) {
        expect(child.startOffset).toBeGreaterThanOrEqual(item.startOffset);
        expect(child.endOffset).toBeLessThanOrEqual(item.endOffset);
      }
    }
  });

  it('is deterministic', () => {
    expect(detectStructure(text)).toEqual(outline);
  });

  it('keeps a preface a sibling of the chapters after it', () => {
    const o = detectStructure(`PREFACE\n\n${body()}\nCHAPTER I.\n\n${body()}`);
    expect(o.map((i) => i.type)).toEqual(['preface', 'chapter']);
  });

  it('handles CRLF line ends with offsets into the original text', () => {
    const crlf = `CHAPTER I.\r\nDown the Hole\r\n\r\n${body().replace(/\n/g, '\r\n')}\r\nCHAPTER II.\r\n\r\n${body().replace(/\n/g, '\r\n')}`;
    const o = detectStructure(crlf);
    expect(o.map((i) => i.title)).toEqual(['Chapter I. Down the Hole', 'Chapter II']);
    expect(o[1]!.startOffset).toBe(crlf.indexOf('CHAPTER II.'));
  });

  it('returns no outline for a text without headings', () => {
    expect(detectStructure(body())).toEqual([]);
    expect(detectStructure('')).toEqual([]);
  });
});

describe('detectStructure tables of contents', () => {
  const chapters = (ids: string[]) => ids.map((n) => `CHAPTER ${n}.\n\n${body()}\n`).join('');

  it('drops a contents block of heading lines', () => {
    const toc =
      'CONTENTS\n\nCHAPTER I. Down the Mill-Race\nCHAPTER II. The Well of Echoes\nCHAPTER III. A Harvest-Supper\n\n\n';
    const text = `${toc}${chapters(['I', 'II', 'III'])}`;
    const o = detectStructure(text);
    expect(o.map((i) => i.title)).toEqual(['Chapter I', 'Chapter II', 'Chapter III']);
    expect(o[0]!.startOffset).toBe(text.indexOf('CHAPTER I.\n'));
  });

  it('drops a contents block with no "Contents" line and blank lines between entries', () => {
    const toc = 'Chapter 1 .......... 1\n\nChapter 2 .......... 9\n\nChapter 3 .......... 17\n\n\n';
    const text = `${toc}${['1', '2', '3'].map((n) => `Chapter ${n}\n\n${body()}\n`).join('')}`;
    expect(detectStructure(text).map((i) => i.startOffset)).toEqual([
      text.indexOf('Chapter 1\n'),
      text.indexOf('Chapter 2\n'),
      text.indexOf('Chapter 3\n'),
    ]);
  });

  it('drops contents entries repeated later even when they are few', () => {
    const text = `CHAPTER I. Start\nCHAPTER II. End\n\n${chapters(['I', 'II'])}`;
    expect(detectStructure(text).map((i) => i.startOffset)).toEqual([
      text.indexOf('CHAPTER I.\n'),
      text.indexOf('CHAPTER II.\n'),
    ]);
  });

  it('keeps a part heading followed at once by its first chapter', () => {
    const text = `PART ONE\n\nCHAPTER 1\n\n${body()}\nCHAPTER 2\n\n${body()}\nPART TWO\n\nCHAPTER 3\n\n${body()}`;
    const o = detectStructure(text);
    expect(o.map((i) => i.title)).toEqual(['Part One', 'Part Two']);
    expect(o[0]!.children).toHaveLength(2);
  });

  it('keeps a short first chapter when later books restart the count without a heading of their own', () => {
    const text =
      `BOOK THE FIRST\n\n\nCHAPTER I\n\n${body(2)}\nCHAPTER II\n\n${body()}\nEND OF THE FIRST BOOK\n\n\n` +
      `CHAPTER I\n\n${body(30)}\nCHAPTER II\n\n${body(8)}`;
    expect(flat(detectStructure(text)).map((i) => i.title)).toEqual([
      'Book the First',
      'Chapter I',
      'Chapter II',
      'Chapter I',
      'Chapter II',
    ]);
  });

  it('keeps chapters that restart in each volume', () => {
    const text = `VOL. I.\n\n${chapters(['I', 'II'])}VOL. II.\n\n${chapters(['I', 'II'])}`;
    expect(flat(detectStructure(text)).map((i) => i.id)).toEqual([
      'volume-1',
      'volume-1/chapter-1',
      'volume-1/chapter-2',
      'volume-2',
      'volume-2/chapter-1',
      'volume-2/chapter-2',
    ]);
  });
});

describe('detectStructure Project Gutenberg files', () => {
  const header =
    'The Project Gutenberg eBook of A Tale\n\nThis eBook is for the use of anyone anywhere.\n\nTitle: A Tale\n\nCONTENTS\n\n' +
    '*** START OF THE PROJECT GUTENBERG EBOOK A TALE ***\n\n';
  const licence =
    '\n*** END OF THE PROJECT GUTENBERG EBOOK A TALE ***\n\nSection 1. General Terms of Use\n\n' +
    body(2) +
    '\nSection 2.\n\n' +
    body(1);

  it('leaves the header and licence outside the outline', () => {
    const book = `CHAPTER I.\n\n${body()}\nCHAPTER II.\n\n${body()}`;
    const text = header + book + licence;
    const o = detectStructure(text);
    expect(o.map((i) => i.title)).toEqual(['Chapter I', 'Chapter II']);
    expect(o[0]!.startOffset).toBe(text.indexOf('CHAPTER I.'));
    expect(o[1]!.endOffset).toBeLessThanOrEqual(text.indexOf('*** END OF'));
  });
});
