import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { strToU8, zipSync } from 'fflate';
import { decodeText, detectEncoding, docxToText, readZip, ZipLimitError } from './index.js';

const sample = '“Hello,” said Zoë. It’s a café — naïve, but fine.\nCHAPTER II.\n';

describe('decodeText', () => {
  it('returns UTF-8 exactly as the file reads, BOM and CRLF included', () => {
    const bytes = new TextEncoder().encode(sample.replace(/\n/g, '\r\n'));
    expect(decodeText(bytes)).toBe(sample.replace(/\n/g, '\r\n'));
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample, 'utf8')]);
    expect(decodeText(withBom)).toBe(withBom.toString('utf8'));
    expect(decodeText(withBom)).toBe(`\ufeff${sample}`);
  });

  it('reads UTF-16 with a BOM, little and big endian, without the BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sample, 'utf16le')]);
    expect(decodeText(le)).toBe(sample);
    const be = Buffer.from(le);
    be.swap16();
    expect(detectEncoding(be)).toBe('utf-16be');
    expect(decodeText(be)).toBe(sample);
  });

  it('reads UTF-16 without a BOM', () => {
    const le = Buffer.from(sample.repeat(3), 'utf16le');
    expect(detectEncoding(le)).toBe('utf-16le');
    expect(decodeText(le)).toBe(sample.repeat(3));
    const be = Buffer.from(le).swap16();
    expect(detectEncoding(be)).toBe('utf-16be');
    expect(decodeText(be)).toBe(sample.repeat(3));
  });

  it('reads Windows-1252, curly quotes and accents included', () => {
    const bytes = iconv.encode(sample, 'windows-1252');
    expect(bytes.includes(0x93)).toBe(true); // “ is 0x93 in Windows-1252
    expect(decodeText(bytes)).toBe(sample);
  });

  it('reads short Latin-1 text as Windows-1252', () => {
    expect(decodeText(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });
});

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const paragraph = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** A minimal .docx: content types, package relationships and the main document part. */
function docx(paragraphs: string[]): Uint8Array {
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.join('')}</w:body></w:document>`;
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(RELS),
    'word/document.xml': strToU8(document),
  });
}

/** Sets the uncompressed size every header of a one-entry zip declares. */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const out = Uint8Array.from(zip);
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, size, true); // local file header
    if (sig === 0x02014b50) view.setUint32(i + 24, size, true); // central directory header
  }
  return out;
}

describe('docxToText', () => {
  it('reads paragraphs with headings as their own blocks', async () => {
    const bytes = docx([
      paragraph('Chapter 1', 'Heading1'),
      paragraph('It was a dark night. “Hello,” said Zoë.'),
      paragraph('Chapter 2', 'Heading1'),
      paragraph('The end.'),
    ]);
    expect(await docxToText(bytes)).toBe(
      'Chapter 1\n\nIt was a dark night. “Hello,” said Zoë.\n\nChapter 2\n\nThe end.\n',
    );
  });

  // Invented dialogue, one <w:p> per visual line as poor exports write it.
  const visualLines = [
    'The kettle had boiled dry twice before the letter came, and when it',
    'did Maud Arden read it standing at the window with her coat still on.',
    '“They are coming on Thursday,” she said at last, folding it into a',
    'small square, “all four of them, and the dog, and they expect to be fed.”',
    '“Then we shall feed them,” said her brother from behind his paper. He',
    'did not look up. The clock on the mantel struck the half hour and',
    'somewhere below a door banged in the wind.',
    '“With what, Hal? With the chairs?”',
  ];
  const paragraphsOfLines = [
    'The kettle had boiled dry twice before the letter came, and when it did Maud Arden read it standing at the window with her coat still on.',
    '“They are coming on Thursday,” she said at last, folding it into a small square, “all four of them, and the dog, and they expect to be fed.”',
    '“Then we shall feed them,” said her brother from behind his paper. He did not look up. The clock on the mantel struck the half hour and somewhere below a door banged in the wind.',
    '“With what, Hal? With the chairs?”',
  ];

  it('joins paragraphs that are the visual lines of wrapped text back into paragraphs', async () => {
    const bytes = docx([paragraph('CHAPTER 1'), ...[1, 2, 3].flatMap(() => visualLines.map((l) => paragraph(l)))]);
    const expected = ['CHAPTER 1', ...[1, 2, 3].flatMap(() => paragraphsOfLines)].join('\n\n');
    expect(await docxToText(bytes)).toBe(`${expected}\n`);
  });

  it('takes empty paragraphs between blocks of visual lines as the paragraph breaks', async () => {
    const block = (lines: string[]) => [...lines.map((l) => paragraph(l)), '<w:p/>'];
    const bytes = docx([1, 2].flatMap(() => [...block(visualLines.slice(0, 2)), ...block(visualLines.slice(2, 4))]));
    const a = visualLines.slice(0, 2).join('\n');
    const b = visualLines.slice(2, 4).join('\n');
    expect(await docxToText(bytes)).toBe(`${[a, b, a, b].join('\n\n')}\n`);
  });

  it('keeps a paragraph per line when lines are whole paragraphs', async () => {
    const bytes = docx([1, 2, 3].flatMap(() => paragraphsOfLines.map((l) => paragraph(l))));
    expect(await docxToText(bytes)).toBe(`${[1, 2, 3].flatMap(() => paragraphsOfLines).join('\n\n')}\n`);
  });

  it('refuses what is not a docx', async () => {
    await expect(docxToText(strToU8('plain text'))).rejects.toThrow(/not a \.docx/);
    await expect(docxToText(zipSync({ 'a.txt': strToU8('hi') }))).rejects.toThrow(/word\/document\.xml/);
  });

  // Deflating the 60 MB takes about 2 s of one core, more than vitest's 5 s when the suite's other
  // worker and the machine's other work share it: hence the longer timeout.
  it('refuses a zip bomb by its declared size before inflating it', { timeout: 30_000 }, async () => {
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    await expect(docxToText(bomb)).rejects.toThrow(ZipLimitError);
  });

  it('refuses a zip whose compression ratio is over 100:1', () => {
    const dense = zipSync({ 'word/document.xml': new Uint8Array(5 * 1024 * 1024) }, { level: 9 });
    expect(() => readZip(dense)).toThrow(/ratio/);
  });

  it('refuses a zip that declares less than it inflates to', () => {
    const real = zipSync({ 'word/document.xml': new Uint8Array(8 * 1024 * 1024) }, { level: 9 });
    const lying = declareSize(real, 1000);
    expect(() => readZip(lying)).toThrow(/larger than it declares/);
  });
});
