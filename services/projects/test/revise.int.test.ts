// Issue 19's revised manuscript through the gateway: a new text replaces the old one (PATCH content
// with the SHA-256 of the text it replaces), the quotes whose speaker the user fixed in paragraphs the
// revision left alone keep that speaker at their new place, however far they moved, and keep it
// through the re-analysis, and so do a quote they marked "not dialog" and a chapter they retitled;
// a stale SHA-256 is a 409 that changes nothing.
import { createHash } from 'node:crypto';
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import { stripMarkup } from '@castbook/text-analysis/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysedProject,
  type ApiClient,
  chapterHeadings,
  firstChapters,
  newBook,
  pdncLongest,
  pdncText,
  signedUpClient,
  startWorkspaceStack,
  type WorkspaceStack,
} from '@castbook/test-kit';

// The PDNC dev set's longest novel (chosen by that property: no test names a book of the corpus),
// as stored: line ends LF, light markup (`_italics_`) removed.
const NOVEL = stripMarkup(pdncText(pdncLongest()).replace(/\r\n?/g, '\n'));
/** Where each chapter heading stands: its "CHAPTER". */
const HEADINGS = chapterHeadings(NOVEL);
/** Its first three chapters. */
const BOOK = firstChapters(NOVEL, 3);

interface ProjectView {
  analysisStatus: string;
  characters: Character[];
  quotes: Quote[];
  content: string;
  outline: OutlineItem[];
}

let stack: WorkspaceStack;
beforeAll(async () => {
  stack = await startWorkspaceStack({ analysis: true });
});
afterAll(async () => stack?.stop());

const send = async (client: ApiClient, method: string, path: string, fields: Record<string, string>) =>
  (await client.form<{ id: string }>(method, path, fields)) as {
    status: number;
    body: { data: { id: string }; error?: string };
  };

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('revised manuscript', () => {
  let client: ApiClient;
  let id: string;
  const project = async () => (await client.get<ProjectView>(`/api/projects/${id}`)).body.data!;
  async function analysed(): Promise<ProjectView> {
    const p = await analysedProject<ProjectView>(client, id, 90_000);
    expect(p.analysisStatus).toBe('completed');
    return p;
  }

  beforeAll(async () => {
    client = (await signedUpClient(stack.gatewayUrl)).client;
    ({ id } = await newBook(client, { title: 'The Revision', content: BOOK }));
    expect((await client.post(`/api/projects/${id}/detect-structure`, {})).status).toBe(200);
  });

  it('keeps the speakers the user fixed on unchanged paragraphs, through the new text and its analysis', async () => {
    const first = await analysed();
    const [, chapter2, chapter3] = HEADINGS as [number, number, number];
    // Two quotes of chapter III the user fixes (to a speaker the engine did not give them), and one of
    // chapter II whose paragraph the revision rewrites (its text then appears nowhere).
    const late = first.quotes.filter((q) => q.startOffset > chapter3 && q.text.length > 20).slice(0, 2);
    const early = first.quotes.find((q) => q.startOffset > chapter2 && q.startOffset < chapter3 && q.text.length > 20)!;
    expect(late).toHaveLength(2);
    const speakerFor = (q: Quote) => first.characters.find((c) => c.id !== q.speakerId)!.id;
    const fixed = new Map([...late, early].map((q) => [q.id, speakerFor(q)]));
    // And one more of chapter III the user marks "not dialog" (left out of the list).
    const notDialog = first.quotes.filter((q) => q.startOffset > chapter3 && !late.includes(q)).at(-1)!;
    const quotes = first.quotes
      .filter((q) => q.id !== notDialog.id)
      .map((q) =>
        fixed.has(q.id) ? { ...q, speakerId: fixed.get(q.id)!, attributionMethod: 'user' as const, confidence: 1 } : q,
      );
    expect((await client.call('PATCH', `/api/projects/${id}/quotes`, { quotes })).status).toBe(200);
    // Chapter III retitled by the user.
    const retitle = (items: OutlineItem[]): OutlineItem[] =>
      items.map((i) => ({
        ...i,
        title: /^chapter iii\./i.test(i.title) ? 'Bram on the quay' : i.title,
        children: retitle(i.children),
      }));
    const outline = retitle(first.outline);
    expect(outline).not.toEqual(first.outline);
    expect((await client.call('PATCH', `/api/projects/${id}/outline`, { outline })).status).toBe(200);

    // The revision: a new chapter of over 20,000 characters after chapter I (moving chapter III further
    // than the 10,000-character search window), and the paragraph of the early quote rewritten.
    const paragraphStart = BOOK.lastIndexOf('\n\n', early.startOffset) + 2;
    const paragraphEnd = BOOK.indexOf('\n\n', early.endOffset);
    const added = `CHAPTER I-A. AN INTERLUDE\n\n${'The rain fell on the harbour all that week, and nobody spoke of it. '.repeat(320)}\n\n`;
    const revised =
      BOOK.slice(0, chapter2) +
      added +
      BOOK.slice(chapter2, paragraphStart) +
      'This paragraph was rewritten by the author, and its dialog is gone.' +
      BOOK.slice(paragraphEnd);
    expect(added.length).toBeGreaterThan(20_000);
    expect(revised.split(early.text)).toHaveLength(1);

    // A text compared against another version is refused, and nothing changes.
    const stale = await send(client, 'PATCH', `/api/projects/${id}`, {
      content: revised,
      replacesSha256: sha256('old'),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      success: false,
      error: 'The text changed since you compared it; reload the project and compare again',
    });
    const bad = await send(client, 'PATCH', `/api/projects/${id}`, { content: revised, replacesSha256: 'abc' });
    expect(bad.status).toBe(400);
    expect((await project()).content).toBe(BOOK);

    const saved = await send(client, 'PATCH', `/api/projects/${id}`, {
      content: revised,
      replacesSha256: sha256(BOOK),
    });
    expect(saved.status).toBe(200);
    const check = (p: ProjectView) => {
      for (const q of late) {
        const now = p.quotes.find((x) => x.text === q.text && x.attributionMethod === 'user');
        expect(now, q.text).toBeDefined();
        expect(now!.speakerId).toBe(fixed.get(q.id));
        expect(now!.startOffset).toBe(revised.indexOf(q.text, q.startOffset));
        expect(p.content.slice(now!.startOffset, now!.endOffset)).toBe(q.text);
      }
      // The rewritten paragraph's quote is gone with its text.
      expect(p.quotes.some((x) => x.text === early.text)).toBe(false);
      // The quote marked "not dialog" stays out, though it moved further than the search window.
      const at = revised.indexOf(notDialog.text, notDialog.startOffset);
      expect(at - notDialog.startOffset).toBeGreaterThan(10_000);
      expect(p.quotes.filter((q) => q.startOffset < at + notDialog.text.length && at < q.endOffset)).toEqual([]);
      // The outline is the new text's: the new chapter in it, chapter III with the user's title.
      const titles = (items: OutlineItem[]): string[] => items.flatMap((i) => [i.title, ...titles(i.children)]);
      expect(titles(p.outline).filter((t) => /interlude/i.test(t))).toHaveLength(1);
      expect(titles(p.outline)).toContain('Bram on the quay');
      expect(titles(p.outline).filter((t) => /^chapter iii\./i.test(t))).toEqual([]);
    };
    const after = await project();
    expect(after.content).toBe(revised);
    check(after);
    // The workspace detects the structure again after a new text: the user's title stays.
    expect((await client.post(`/api/projects/${id}/detect-structure`, {})).status).toBe(200);
    check(await project());

    const reanalysed = await analysed();
    check(reanalysed);
    expect(reanalysed.quotes.length).toBeGreaterThan(first.quotes.length / 2);
  });
});
