// Issue 19's exports through the gateway with real signed-up users: each file is downloaded and
// opened (the .docx unzipped and its document.xml read, the PDF's text extracted with pdf.js, the
// CSVs compared whole), named after the book; owner only; bad names and character lists refused.
// Last, the PDNC dev set's longest novel whole (analysed in-process, saved through the API) is
// exported and timed.
import { analyze } from '@castbook/text-analysis';
import { stripMarkup } from '@castbook/text-analysis/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  newBook,
  pdncLongest,
  pdncText,
  signedUpClient,
  startWorkspaceStack,
  type WorkspaceStack,
} from '@castbook/test-kit';
import { docxDocumentXml, docxParagraphs as paragraphs, pdfText } from '@castbook/test-kit/files';

let stack: WorkspaceStack;
beforeAll(async () => {
  stack = await startWorkspaceStack();
});
afterAll(async () => stack?.stop());

/** A GET answering bytes, as the browser's download does it (bearer token, no cookie needed). */
async function download(client: ApiClient, path: string) {
  const res = await fetch(`${client.baseUrl}${path}`, {
    headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes };
}
const errorOf = (bytes: Buffer) => (JSON.parse(bytes.toString('utf8')) as { error: string }).error;

/** The .docx's document.xml, checking it is a zip first. */
function documentXml(bytes: Buffer): string {
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  return docxDocumentXml(new Uint8Array(bytes));
}

const CHAPTER_1 = 'CHAPTER I. The Lamp';
const CHAPTER_2 = 'CHAPTER II. The Storm';
/** The outline's titles of the two chapters, as detect-structure writes them. */
const TITLE_1 = 'Chapter I. The Lamp';
const TITLE_2 = 'Chapter II. The Storm';
const filler = 'The sea was grey and the lamp burned on through the long afternoon. '.repeat(5);
const lines = {
  orla1: 'Good morning, keeper.',
  tom1: 'Morning, Orla, and a cold one',
  orla2: 'Is the lamp lit?',
  tom2: 'It is, "always", I promise.',
  nobody: 'Who goes there?',
  orla3: '=SUM(A1) is not a line, is it?',
};
/** Two chapters: Orla and Tom talk in the first; an unattributed voice and Orla in the second. */
const BOOK =
  `${CHAPTER_1}\n\n${filler}\n\n"${lines.orla1}" said Orla.\n\n"${lines.tom1}," said Tom. "${lines.orla2}"\n\n` +
  `"${lines.tom2}"\n\n${CHAPTER_2}\n\n${filler}\n\n"${lines.nobody}"\n\n"${lines.orla3}" asked Orla.\n`;

const ORLA = {
  id: 'c-orla',
  name: 'Orla Penhallow',
  color: '#fd30d5',
  voiceNotes: { pronunciation: 'OR-la pen-HAL-oh', ipa: 'ˈɔːlə pɛnˈhæləʊ', accent: 'the Mendle Isles', pace: ' ' },
};
const TOM = { id: 'c-tom', name: 'Tom', color: '#006db0' };
const SILENT = { id: 'c-silent', name: 'Silent Sam', color: '#00a711' };

function quotesOf(speakers: Record<keyof typeof lines, string | null>) {
  let from = 0;
  return (Object.keys(lines) as (keyof typeof lines)[]).map((k, i) => {
    const start = BOOK.indexOf(lines[k], from);
    from = start + lines[k].length;
    return {
      id: `q${i + 1}`,
      text: lines[k],
      startOffset: start,
      endOffset: start + lines[k].length,
      speakerId: speakers[k],
      confidence: speakers[k] ? 0.9 : 0.2,
      attributionMethod: speakers[k] ? ('explicit' as const) : ('none' as const),
    };
  });
}
const QUOTES = quotesOf({ orla1: ORLA.id, tom1: TOM.id, orla2: TOM.id, tom2: TOM.id, nobody: null, orla3: ORLA.id });
// Tom's second quote of his paragraph is Orla's in truth: set by hand.
QUOTES[2] = { ...QUOTES[2]!, speakerId: ORLA.id, confidence: 1, attributionMethod: 'user' as 'explicit' };

async function bookProject(client: ApiClient, title: string, content = BOOK): Promise<string> {
  const { id } = await newBook(client, { title, content });
  expect((await client.post(`/api/projects/${id}/detect-structure`, {})).status).toBe(200);
  return id;
}

async function lighthouse(client: ApiClient, title = 'The Lighthouse'): Promise<string> {
  const id = await bookProject(client, title);
  const characters = [ORLA, TOM, SILENT];
  expect((await client.call('PATCH', `/api/projects/${id}/characters`, { characters })).status).toBe(200);
  expect((await client.call('PATCH', `/api/projects/${id}/quotes`, { quotes: QUOTES })).status).toBe(200);
  return id;
}

describe('exports', () => {
  let owner: ApiClient;
  let id: string;
  beforeAll(async () => {
    // Pro: more than one project.
    owner = (await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' })).client;
    id = await lighthouse(owner);
  });

  it('script.docx: the cast with line counts, then the whole book with each line in its speaker colour', async () => {
    const res = await download(owner, `/api/projects/${id}/export/script.docx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="The Lighthouse-script.docx"');
    const xml = documentXml(res.bytes);
    const text = paragraphs(xml);
    // The cast table: name, lines, words, most lines first; Silent Sam has none; the unattributed last.
    const cast = text.slice(text.indexOf('Character'), text.indexOf('Character') + 19);
    expect(cast).toEqual([
      'Character', 'Lines', 'Words', '',
      'Orla Penhallow', '3', '14', '',
      'Tom', '2', '11', '',
      'Silent Sam', '0', '0', '',
      'Unattributed', '1', '3',
    ]); // prettier-ignore
    // The book: both chapter headings, narration, and each quote in its speaker's colour.
    expect(text).toContain(CHAPTER_1);
    expect(text).toContain(CHAPTER_2);
    expect(text.join('\n')).toContain(filler.trim());
    const colourOf = (quote: string) =>
      new RegExp(
        `<w:r><w:rPr><w:color w:val="([0-9A-F]{6})"/><w:u w:val="single" w:color="\\1"/></w:rPr><w:t[^>]*>${quote}`,
      ).exec(xml)?.[1];
    expect(colourOf(lines.orla1)).toBe('FD30D5');
    expect(colourOf(lines.tom1)).toBe('006DB0');
    expect(colourOf(lines.orla2)).toBe('FD30D5');
    // Nobody's line: a dashed grey underline, the text's own colour.
    expect(xml).toMatch(new RegExp(`<w:u w:val="dash" w:color="5B6078"/></w:rPr><w:t[^>]*>${lines.nobody}`));
  });

  it('script.pdf: the same book and cast, as text a PDF reader extracts', async () => {
    const res = await download(owner, `/api/projects/${id}/export/script.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="The Lighthouse-script.pdf"');
    const { pages, text } = await pdfText(res.bytes);
    expect(pages).toBe(2); // the cast, then the book from its first chapter
    expect(text).toMatch(/Orla Penhallow\s*3\s*14/);
    expect(text).toMatch(/Tom\s*2\s*11/);
    expect(text).toMatch(/Silent Sam\s*0\s*0/);
    for (const line of [CHAPTER_1, CHAPTER_2, lines.orla1, lines.tom2, lines.nobody]) expect(text).toContain(line);
  });

  it('sides.docx of one character: every line with its cue, chapter and position', async () => {
    const res = await download(owner, `/api/projects/${id}/export/sides.docx?characters=${ORLA.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="The Lighthouse-sides.docx"');
    const text = paragraphs(documentXml(res.bytes));
    const from = text.indexOf('Orla Penhallow');
    expect(text.slice(from)).toEqual([
      'Orla Penhallow',
      'Pronunciation: OR-la pen-HAL-oh, /ˈɔːlə pɛnˈhæləʊ/',
      'Accent: the Mendle Isles',
      '3 lines',
      `${TITLE_1} · line 1 of 4`,
      'Cue: none (first line of dialogue in the chapter)',
      `Orla Penhallow: ${lines.orla1}`,
      `${TITLE_1} · line 3 of 4`,
      `Cue (Tom): ${lines.tom1}`,
      `Orla Penhallow: ${lines.orla2}`,
      `${TITLE_2} · line 2 of 2`,
      `Cue (Unattributed): ${lines.nobody}`,
      `Orla Penhallow: ${lines.orla3}`,
    ]);
    expect(text).not.toContain('Tom');
  });

  it('sides.pdf without characters: every character with lines, most lines first', async () => {
    const res = await download(owner, `/api/projects/${id}/export/sides.pdf`);
    expect(res.status).toBe(200);
    const { text } = await pdfText(res.bytes);
    expect(text.indexOf('Orla Penhallow')).toBeGreaterThan(-1);
    expect(text.indexOf('Orla Penhallow')).toBeLessThan(text.indexOf('\nTom\n'));
    expect(text).not.toContain('Silent Sam');
    expect(text).toContain(`Cue (Orla Penhallow): ${lines.orla2}`);
    expect(text).toContain(`Tom: ${lines.tom2}`);
    // The IPA is beyond the standard fonts' WinAnsi: set in the fallback font, still text.
    expect(text).toContain('Pronunciation: OR-la pen-HAL-oh, /ˈɔːlə pɛnˈhæləʊ/');
  });

  it('quotes.csv: UTF-8 with BOM, RFC 4180 quoting, one row per quote in reading order', async () => {
    const res = await download(owner, `/api/projects/${id}/export/quotes.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="The Lighthouse-quotes.csv"');
    const q = (k: number) => `${QUOTES[k]!.startOffset},${QUOTES[k]!.endOffset}`;
    expect(res.bytes.toString('utf8')).toBe(
      '\uFEFFchapter,start,end,speaker,confidence,method,text\r\n' +
        `${TITLE_1},${q(0)},Orla Penhallow,0.9,explicit,"${lines.orla1}"\r\n` +
        `${TITLE_1},${q(1)},Tom,0.9,explicit,"${lines.tom1}"\r\n` +
        `${TITLE_1},${q(2)},Orla Penhallow,1,user,${lines.orla2}\r\n` +
        `${TITLE_1},${q(3)},Tom,0.9,explicit,"It is, ""always"", I promise."\r\n` +
        `${TITLE_2},${q(4)},,0.2,none,${lines.nobody}\r\n` +
        `${TITLE_2},${q(5)},Orla Penhallow,0.9,explicit,"'=SUM(A1) is not a line, is it?"\r\n`,
    );
  });

  it('breakdown.csv: lines and words per character per chapter', async () => {
    const res = await download(owner, `/api/projects/${id}/export/breakdown.csv`);
    expect(res.status).toBe(200);
    expect(res.bytes.toString('utf8')).toBe(
      '\uFEFFcharacter,chapter number,chapter,lines,words\r\n' +
        `Orla Penhallow,1,${TITLE_1},2,7\r\n` +
        `Orla Penhallow,2,${TITLE_2},1,7\r\n` +
        `Tom,1,${TITLE_1},2,11\r\n` +
        `Unattributed,2,${TITLE_2},1,3\r\n`,
    );
  });

  it('names the file after a non-ASCII title with an ASCII fallback and RFC 5987 filename*', async () => {
    const other = await lighthouse(owner, 'Ça "va"/Ōkami: 灯台');
    const res = await download(owner, `/api/projects/${other}/export/quotes.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="?a va ?kami ??-quotes.csv"; filename*=UTF-8''%C3%87a%20va%20%C5%8Ckami%20%E7%81%AF%E5%8F%B0-quotes.csv`,
    );
  });

  it("is the owner's only: another user, a made-up project and no token are refused", async () => {
    const stranger = (await signedUpClient(stack.gatewayUrl)).client;
    const theirs = await download(stranger, `/api/projects/${id}/export/script.pdf`);
    expect(theirs.status).toBe(404);
    expect(errorOf(theirs.bytes)).toBe('Project not found');
    const unknown = await download(owner, `/api/projects/00000000-0000-4000-8000-000000000000/export/script.pdf`);
    expect(unknown.status).toBe(404);
    const anonymous = await download(new ApiClient(stack.gatewayUrl), `/api/projects/${id}/export/script.pdf`);
    expect(anonymous.status).toBe(401);
  });

  it('an unknown export is a 404 naming the ones there are; a bad characters list a 400', async () => {
    const unknown = await download(owner, `/api/projects/${id}/export/script.odt`);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.bytes)).toBe(
      "Unknown export 'script.odt': use one of sides.docx, sides.pdf, script.docx, script.pdf, quotes.csv, breakdown.csv",
    );
    const notOurs = await download(owner, `/api/projects/${id}/export/sides.docx?characters=${ORLA.id},c-nobody`);
    expect(notOurs.status).toBe(400);
    expect(errorOf(notOurs.bytes)).toBe("'c-nobody' is not a character of this project");
    const empty = await download(owner, `/api/projects/${id}/export/sides.pdf?characters=,%20,`);
    expect(empty.status).toBe(400);
    expect(errorOf(empty.bytes)).toBe('characters must list one or more character ids separated by commas');
  });
});

describe("exporting the dev set's longest novel's script (timed)", () => {
  it('exports the whole analysed book and reports how long each file takes', { timeout: 240_000 }, async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    // As stored (light markup removed), so the engine's offsets point into the saved text.
    const content = stripMarkup(pdncText(pdncLongest()).replace(/\r\n?/g, '\n'));
    const id = await bookProject(client, 'The Mendle Isles', content);
    const saved = (await client.get<{ outline: never[] }>(`/api/projects/${id}`)).body.data!;
    const result = analyze(content, { outline: saved.outline });
    expect(
      (await client.call('PATCH', `/api/projects/${id}/characters`, { characters: result.characters })).status,
    ).toBe(200);
    expect((await client.call('PATCH', `/api/projects/${id}/quotes`, { quotes: result.quotes })).status).toBe(200);
    // The character the engine gives the most lines, and the first of its lines in plain words (no
    // line break, quotation mark or other character a PDF font might draw differently).
    const lines = new Map<string, number>();
    for (const q of result.quotes) if (q.speakerId) lines.set(q.speakerId, (lines.get(q.speakerId) ?? 0) + 1);
    const mainId = [...lines].sort((a, b) => b[1] - a[1])[0]![0];
    const main = result.characters.find((c) => c.id === mainId)!;
    expect(main.name).toMatch(/^[\w .]+$/);
    const line = result.quotes.find((q) => q.speakerId === mainId && /^[A-Za-z][A-Za-z ,.!?]{20,60}$/.test(q.text))!;
    expect(line).toBeDefined();

    const timings: string[] = [];
    // The services run in this process: a 10 ms ticker sees how long the export holds the event loop.
    const timed = async (name: string) => {
      let last = performance.now();
      let longest = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 10);
      const started = performance.now();
      const res = await download(client, `/api/projects/${id}/export/${name}`);
      clearInterval(ticker);
      timings.push(
        `${name}: ${Math.round(performance.now() - started)} ms, ${(res.bytes.length / 1024).toFixed(0)} KiB, ` +
          `longest event-loop block ${Math.round(longest)} ms`,
      );
      expect(res.status).toBe(200);
      return res.bytes;
    };
    const pdf = await pdfText(await timed('script.pdf'));
    expect(pdf.pages).toBeGreaterThan(100);
    // (A line the PDF wraps is broken by a line end: compared with white space as one space.)
    expect(pdf.text.replace(/\s+/g, ' ')).toContain(line.text);
    const docx = documentXml(await timed('script.docx'));
    expect(docx).toContain(line.text);
    expect(documentXml(await timed(`sides.docx?characters=${main.id}`))).toContain(main.name);
    await timed(`sides.pdf?characters=${main.id}`);
    const csv = (await timed('quotes.csv')).toString('utf8');
    // One record per quote: the text's line breaks are LF (stored so), records end in CRLF.
    expect(csv.split('\r\n').length - 2).toBe(result.quotes.length);
    await timed('breakdown.csv');
    console.log(
      `The longest dev-set novel (${content.length} characters, ${result.quotes.length} quotes):\n  ${timings.join('\n  ')}`,
    );
  });
});
