// Issue 19's review queue through the gateway: the caller's unconfirmed quotes least confident first,
// paged; a quote the user confirms leaves the queue and counts as confirmed; owner only; bad limits
// and cursors are 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, newBook, signedUpClient, startWorkspaceStack, type WorkspaceStack } from '@castbook/test-kit';

let stack: WorkspaceStack;
beforeAll(async () => {
  stack = await startWorkspaceStack();
});
afterAll(async () => stack?.stop());

const BOOK = `CHAPTER I. The Quay\n\n${'Gulls wheeled over the grey water all morning. '.repeat(8)}\n\n"Ahoy," said Meg. "Ahoy yourself," said Ned. "Tide's turning." "So it is."\n`;
interface ReviewPage {
  quotes: { id: string; chapter: string; speakerName: string | null; context: { before: string; after: string } }[];
  nextCursor: string | null;
  confirmed: number;
  total: number;
}

describe('review queue', () => {
  let owner: ApiClient;
  let id: string;
  const quotes = ['Ahoy,', 'Ahoy yourself,', "Tide's turning.", 'So it is.'].map((text, i) => {
    const start = BOOK.indexOf(`"${text}`) + 1;
    return {
      id: `q${i}`,
      text,
      startOffset: start,
      endOffset: start + text.length,
      speakerId: i === 3 ? null : i % 2 ? 'ned' : 'meg',
      confidence: [0.9, 0.3, 0.6, 0][i]!,
      attributionMethod: i === 3 ? 'none' : 'explicit',
      candidates: i === 3 ? undefined : [{ speakerId: i % 2 ? 'ned' : 'meg', probability: [0.9, 0.3, 0.6][i]! }],
    };
  });
  beforeAll(async () => {
    owner = (await signedUpClient(stack.gatewayUrl)).client;
    ({ id } = await newBook(owner, { title: 'The Quay', content: BOOK }));
    expect((await owner.post(`/api/projects/${id}/detect-structure`, {})).status).toBe(200);
    const characters = [
      { id: 'meg', name: 'Meg', color: '#fd30d5' },
      { id: 'ned', name: 'Ned', color: '#006db0' },
    ];
    expect((await owner.call('PATCH', `/api/projects/${id}/characters`, { characters })).status).toBe(200);
    expect((await owner.call('PATCH', `/api/projects/${id}/quotes`, { quotes })).status).toBe(200);
  });

  it('lists unconfirmed quotes least confident first, a page at a time, with their chapter and context', async () => {
    const first = await owner.get<ReviewPage>(`/api/projects/${id}/review?limit=2`);
    expect(first.status).toBe(200);
    const page = first.body.data!;
    expect(page.quotes.map((q) => q.id)).toEqual(['q3', 'q1']);
    expect(page).toMatchObject({ confirmed: 0, total: 4 });
    expect(page.quotes[1]).toMatchObject({ chapter: 'Chapter I. The Quay', speakerName: 'Ned' });
    expect(page.quotes[1]!.context.before.endsWith('"Ahoy," said Meg. "')).toBe(true);
    const second = await owner.get<ReviewPage>(`/api/projects/${id}/review?limit=2&cursor=${page.nextCursor}`);
    expect(second.body.data!.quotes.map((q) => q.id)).toEqual(['q2', 'q0']);
    expect(second.body.data!.nextCursor).toBeNull();
  });

  it('drops a quote the user confirmed and counts it', async () => {
    const confirmed = quotes.map((q) => (q.id === 'q1' ? { ...q, attributionMethod: 'user', confidence: 1 } : q));
    expect((await owner.call('PATCH', `/api/projects/${id}/quotes`, { quotes: confirmed })).status).toBe(200);
    const page = (await owner.get<ReviewPage>(`/api/projects/${id}/review`)).body.data!;
    expect(page.quotes.map((q) => q.id)).toEqual(['q3', 'q2', 'q0']);
    expect(page).toMatchObject({ confirmed: 1, total: 4 });
  });

  it('answers only the owner, and refuses bad limits and cursors', async () => {
    const stranger = (await signedUpClient(stack.gatewayUrl)).client;
    expect((await stranger.get(`/api/projects/${id}/review`)).status).toBe(404);
    for (const limit of ['0', '201', 'abc', '1.5']) {
      const res = await owner.get(`/api/projects/${id}/review?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('must be a whole number from 1 to 200');
    }
    const bad = await owner.get(`/api/projects/${id}/review?cursor=nonsense!`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid cursor: pass the nextCursor of the previous page, or none for the first page');
  });
});
