// GET /api/projects through the gateway: summaries only (no text, outline, characters or quotes),
// keyset pages of `limit` with an opaque `nextCursor` beside `data`, a 400 for a bad limit or cursor,
// and only the caller's projects. The chapter count the database keeps (migrations/003) matches the
// one the service computes, for every outline type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTLINE_LEVELS, type OutlineItem, type OutlineType } from '@castbook/contracts';
import { createLogger, Database } from '@castbook/platform';
import {
  type Answer,
  type ApiClient,
  signedUpClient,
  startWorkspaceStack,
  type WorkspaceStack,
} from '@castbook/test-kit';
import { chapterCount, INVALID_CURSOR } from '../src/domain/projects.js';

type Json = Record<string, unknown>;
type Page = Answer<Json[]> & { body: { nextCursor?: string | null } };

const BOOK = ['CHAPTER I. The Start', 'CHAPTER II. The Middle', 'CHAPTER III. The End']
  .map((h) => `${h}\n\n${'It went on and on through the long grey afternoon. '.repeat(6)}\n\n`)
  .join('');

const SUMMARY_KEYS = [
  'analysisStatus',
  'author',
  'authorId',
  'chapterCount',
  'createdAt',
  'id',
  'readOnly',
  'thumbnail',
  'title',
  'updatedAt',
  'wordCount',
];

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const send = (client: ApiClient, method: string, path: string, fields: Record<string, string | Blob>) =>
  client.form<Json>(method, path, fields);

const list = (client: ApiClient, query = '') => client.get<Json[]>(`/api/projects${query}`) as Promise<Page>;

/** Every page of `limit`, following nextCursor; the ids in the order they came. */
async function pageThrough(client: ApiClient, limit: number) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null | undefined;
  do {
    const page = await list(client, `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.status).toBe(200);
    ids.push(...page.body.data!.map((p) => p.id as string));
    sizes.push(page.body.data!.length);
    cursor = page.body.nextCursor;
    expect(sizes.length).toBeLessThan(20);
  } while (cursor);
  return { ids, sizes };
}

let stack: WorkspaceStack;
let db: Database;
beforeAll(async () => {
  stack = await startWorkspaceStack();
  db = new Database({ url: stack.databases.projects, logger: createLogger('test', 'warn') });
});
afterAll(async () => {
  await db?.close();
  await stack?.stop();
});

async function newAuthor(client: ApiClient, first = 'Idris', last = 'Quell') {
  const res = await send(client, 'POST', '/api/authors', { firstName: first, lastName: last });
  expect(res.status).toBe(201);
  return res.body.data!.id as string;
}

async function newProjects(client: ApiClient, authorId: string, titles: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const title of titles) {
    const res = await send(client, 'POST', '/api/projects', { title, content: BOOK, authorId });
    expect(res.status).toBe(201);
    ids.push(res.body.data!.id as string);
  }
  return ids;
}

describe('GET /api/projects', () => {
  it('lists summaries: no content, outline, characters or quotes, with the counts and the author', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const authorId = await newAuthor(client);
    const [id] = await newProjects(client, authorId, ['A Tale']);
    expect((await client.post(`/api/projects/${id}/detect-structure`, {})).status).toBe(200);
    const characters = [{ id: 'c1', name: 'Pip', color: '#3366cc' }];
    expect((await client.call('PATCH', `/api/projects/${id}/characters`, { characters })).status).toBe(200);
    const quotes = [
      {
        id: 'q1',
        text: 'It',
        startOffset: 22,
        endOffset: 24,
        speakerId: 'c1',
        confidence: 1,
        attributionMethod: 'user',
      },
    ];
    expect((await client.call('PATCH', `/api/projects/${id}/quotes`, { quotes })).status).toBe(200);

    // A second one with an uploaded picture: its thumbnail URL carries the last change's time.
    const pictured = await send(client, 'POST', '/api/projects', {
      title: 'Pictured',
      content: BOOK,
      authorId,
      thumbnail: new Blob([new Uint8Array(PNG)]),
    });
    expect(pictured.status).toBe(201);

    const page = await list(client);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ success: true, nextCursor: null });
    expect(page.body.data!.map((p) => p.id)).toEqual([pictured.body.data!.id, id]);
    const withPicture = page.body.data![0]!;
    expect(withPicture.thumbnail).toBe(pictured.body.data!.thumbnail);
    expect(withPicture.thumbnail).toBe(
      `/api/projects/${withPicture.id}/thumbnail?v=${Date.parse(withPicture.updatedAt as string)}`,
    );
    const [, summary] = page.body.data!;
    expect(Object.keys(summary!).sort()).toEqual(SUMMARY_KEYS);
    expect(summary).toMatchObject({
      id,
      title: 'A Tale',
      authorId,
      author: { id: authorId, firstName: 'Idris', lastName: 'Quell' },
      analysisStatus: 'pending',
      chapterCount: 3,
      wordCount: BOOK.split(/\s+/).filter(Boolean).length,
    });
    expect(summary!.thumbnail).toMatch(new RegExp(`^/api/projects/${id}/thumbnail\\?v=`));

    // The project itself still has everything, and the same fields agree.
    const full = (await client.get<Json>(`/api/projects/${id}`)).body.data!;
    expect(full).toMatchObject({ characters: [{ id: 'c1' }], quotes: [{ id: 'q1' }], content: BOOK });
    for (const key of SUMMARY_KEYS) expect(summary![key], key).toEqual(full[key]);
  });

  it('pages through 7 projects with limit=3: every project exactly once, newest first, ties by id', async () => {
    const { client, user } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const authorId = await newAuthor(client);
    const ids = await newProjects(
      client,
      authorId,
      Array.from({ length: 7 }, (_, i) => `Book ${i + 1}`),
    );
    // Four share one instant (to the microsecond), so pages must break ties by id across a boundary.
    await db.query(
      "UPDATE projects SET created_at = '2025-03-04T05:06:07.123456Z' WHERE user_id = $1 AND id = ANY($2::uuid[])",
      [user.id, ids.slice(1, 5)],
    );
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM projects WHERE user_id = $1 ORDER BY created_at DESC, id',
      [user.id],
    );
    const expected = rows.map((r) => r.id);
    expect([...expected].sort()).toEqual([...ids].sort());

    const paged = await pageThrough(client, 3);
    expect(paged.sizes).toEqual([3, 3, 1]);
    expect(paged.ids).toEqual(expected);
    expect(new Set(paged.ids).size).toBe(7);

    for (const limit of [1, 2, 6, 7, 100]) expect((await pageThrough(client, limit)).ids).toEqual(expected);
    // Without a limit: one page of up to 50, no next cursor.
    const all = await list(client);
    expect(all.body.data!.map((p) => p.id)).toEqual(expected);
    expect(all.body.nextCursor).toBeNull();

    // A cursor keeps working when the project it names is deleted meanwhile.
    const first = await list(client, '?limit=3');
    expect((await client.call('DELETE', `/api/projects/${expected[2]}`)).status).toBe(200);
    const next = await list(client, `?limit=3&cursor=${first.body.nextCursor}`);
    expect(next.body.data!.map((p) => p.id)).toEqual(expected.slice(3, 6));
  });

  it('answers 400 with a clear error for a bad limit or cursor', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const authorId = await newAuthor(client);
    await newProjects(client, authorId, ['One', 'Two']);
    for (const limit of ['0', '101', '-1', 'abc', '1.5', '', '1e9']) {
      const res = await list(client, `?limit=${limit}`);
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'Invalid querystring.limit: must be a whole number from 1 to 100',
      });
    }
    const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
    const good = (await list(client, '?limit=1')).body.nextCursor!;
    const badCursors = [
      '',
      'not a cursor!',
      b64('garbage'),
      b64({ t: '2025-03-04T05:06:07.123456Z', i: 'not-a-uuid' }),
      b64({ t: '2025-02-30T05:06:07.123456Z', i: '00000000-0000-0000-0000-000000000000' }),
      b64({ t: '0000-01-01T00:00:00.000000Z', i: '00000000-0000-0000-0000-000000000000' }),
      b64({ t: 'yesterday', i: '00000000-0000-0000-0000-000000000000' }),
      b64([1, 2]),
      `${good}!`,
      'x'.repeat(500),
    ];
    for (const cursor of badCursors) {
      const res = await list(client, `?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, `cursor=${cursor}`).toBe(400);
      expect(res.body).toEqual({ success: false, error: INVALID_CURSOR });
    }
    expect((await list(client, `?limit=1&cursor=${good}`)).status).toBe(200);
    // Unknown parameters are ignored; no token is 401 whatever the query.
    expect((await list(client, '?page=2')).body.data).toHaveLength(2);
    const anonymous = await fetch(`${stack.gatewayUrl}/api/projects?limit=0`);
    expect(anonymous.status).toBe(401);
  });

  it("never shows another user's projects, whatever the cursor", async () => {
    const a = (await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' })).client;
    const b = (await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' })).client;
    const mine = await newProjects(a, await newAuthor(a), ['A1', 'A2', 'A3', 'A4']);
    const theirs = await newProjects(b, await newAuthor(b), ['B1', 'B2', 'B3']);

    const aIds = (await pageThrough(a, 2)).ids;
    expect([...aIds].sort()).toEqual([...mine].sort());
    const bIds = (await pageThrough(b, 2)).ids;
    expect([...bIds].sort()).toEqual([...theirs].sort());

    // A's cursor in B's hands pages B's projects, never A's.
    const aCursor = (await list(a, '?limit=1')).body.nextCursor!;
    const withIt = await list(b, `?limit=100&cursor=${aCursor}`);
    expect(withIt.status).toBe(200);
    for (const p of withIt.body.data!) expect(theirs).toContain(p.id);
  });

  it('documents limit, cursor and nextCursor in the OpenAPI document', async () => {
    const res = await fetch(`${stack.gatewayUrl}/api/docs/services/projects.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, Json>> };
    const get = doc.paths['/api/projects']!.get!;
    const params = get.parameters as Array<{ name: string; in: string; schema: Json }>;
    expect(params.map((p) => [p.name, p.in])).toEqual([
      ['limit', 'query'],
      ['cursor', 'query'],
    ]);
    expect(params[0]!.schema).toMatchObject({ minimum: 1, maximum: 100, default: 50 });
    const ok = (get.responses as Record<string, { content: Record<string, { schema: Json }> }>)['200']!;
    const schema = ok.content['application/json']!.schema as { properties: Record<string, Json> };
    expect(Object.keys(schema.properties).sort()).toEqual(['data', 'nextCursor', 'success']);
    const item = (schema.properties.data as { items: { properties: Json } }).items.properties;
    // readOnlyReason is documented, and present only on a read-only project.
    expect(Object.keys(item).sort()).toEqual([...SUMMARY_KEYS, 'readOnlyReason'].sort());
    expect(Object.keys(get.responses as Json)).toEqual(['200', '400', '401', 'default']);
  });

  it('keeps the chapter count of every outline type, nested, as the service counts it', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const [id] = await newProjects(client, await newAuthor(client), ['Outline']);
    const types = Object.keys(OUTLINE_LEVELS) as OutlineType[];
    const item = (type: OutlineType, n: number, children: OutlineItem[] = []): OutlineItem => ({
      id: `${type}-${n}`,
      parentId: null,
      type,
      title: type === 'book' ? 'chapter' : `${type} ${n}`,
      startOffset: 0,
      endOffset: 10,
      children,
    });
    // Each type at the top, and again nested three deep under a part under a book.
    const outline = [
      ...types.map((t) => item(t, 1)),
      item('book', 2, [
        item(
          'part',
          2,
          types.map((t) => item(t, 3, [item('scene', 4)])),
        ),
      ]),
    ];
    const patched = await client.call('PATCH', `/api/projects/${id}/outline`, { outline });
    expect(patched.status).toBe(200);
    const expected = chapterCount(outline);
    expect(expected).toBe(14 + 14 + types.length);

    const listed = (await list(client)).body.data!.find((p) => p.id === id)!;
    expect(listed.chapterCount).toBe(expected);
    expect((await client.get<Json>(`/api/projects/${id}`)).body.data!.chapterCount).toBe(expected);

    // Type by type: one of each alone.
    for (const t of types) {
      await client.call('PATCH', `/api/projects/${id}/outline`, { outline: [item(t, 9)] });
      const p = (await list(client)).body.data!.find((x) => x.id === id)!;
      expect(p.chapterCount, t).toBe(chapterCount([item(t, 9)]));
    }
  });
});
