// Issue 5's backend through the gateway with real signed-up users: authors and projects CRUD,
// project counts kept from events, plan limits, uploads, and every item of the "Bad input"
// list (a clear 4xx and nothing changed). The catalogue goes on in bad-input.int.test.ts (Hardening).
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signedUpClient, startWorkspaceStack, waitFor, type WorkspaceStack } from '@castbook/test-kit';
import { wav as realWav } from './audio-fixtures.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);

type Json = Record<string, unknown>;

/** A multipart call through the gateway with the client's csrf and bearer token. */
const send = (client: ApiClient, method: string, path: string, fields: Record<string, string | Blob>) =>
  client.form<Json>(method, path, fields);

const blob = (b: Buffer | string) => new Blob([typeof b === 'string' ? b : new Uint8Array(b)]);

function docx(paragraphs: string[]): Buffer {
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    paragraphs.map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`).join('') +
    '</w:body></w:document>';
  const files = {
    '[Content_Types].xml': new TextEncoder().encode(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': new TextEncoder().encode(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': new TextEncoder().encode(xml),
  };
  return Buffer.from(zipSync(files));
}

// Each chapter holds enough text not to read as a table of contents.
const BOOK = ['CHAPTER I. The Start', 'CHAPTER II. The Middle', 'CHAPTER III. The End']
  .map((h) => `${h}\n\n${'It went on and on through the long grey afternoon. '.repeat(6)}\n\n`)
  .join('');

let stack: WorkspaceStack;
beforeAll(async () => {
  stack = await startWorkspaceStack();
});
afterAll(async () => stack?.stop());

describe('authors', () => {
  it('creates, lists, reads, renames, sets and removes the avatar, and deletes an author', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    const created = await send(client, 'POST', '/api/authors', {
      firstName: ' Orla ',
      lastName: 'Penhallow',
      avatar: blob(PNG),
    });
    expect(created.status).toBe(201);
    const author = created.body.data as Json;
    expect(author).toMatchObject({ firstName: 'Orla', lastName: 'Penhallow', projectCount: 0 });
    expect(author.avatar).toMatch(/^\/api\/authors\/.+\/avatar/);
    const avatar = await fetch(`${stack.gatewayUrl}${author.avatar as string}`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(avatar.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await avatar.arrayBuffer())).metadata()).format).toBe('webp');

    const list = await client.get<Json[]>('/api/authors');
    expect(list.body.data?.map((a) => a.id)).toEqual([author.id]);

    const renamed = await send(client, 'PATCH', `/api/authors/${author.id}`, {
      lastName: 'Pendower',
      removeAvatar: 'true',
    });
    expect(renamed.body.data).toMatchObject({ firstName: 'Orla', lastName: 'Pendower', avatar: null });
    expect((await client.get(`/api/authors/${author.id}`)).body.data).toMatchObject({ lastName: 'Pendower' });

    expect((await client.call('DELETE', `/api/authors/${author.id}`)).status).toBe(200);
    expect((await client.get(`/api/authors/${author.id}`)).status).toBe(404);
  });

  it('refuses missing names and an executable posing as an image, changing nothing', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    expect(await send(client, 'POST', '/api/authors', { firstName: '', lastName: 'X' })).toMatchObject({
      status: 400,
      body: { error: 'First name is required' },
    });
    expect(await send(client, 'POST', '/api/authors', { firstName: 'X', lastName: ' ' })).toMatchObject({
      status: 400,
      body: { error: 'Last name is required' },
    });
    const exe = await send(client, 'POST', '/api/authors', { firstName: 'A', lastName: 'B', avatar: blob(EXE) });
    expect(exe).toMatchObject({ status: 400, body: { error: 'The avatar must be a PNG, JPEG, WebP or GIF image' } });
    const huge = await send(client, 'POST', '/api/authors', {
      firstName: 'A',
      lastName: 'B',
      avatar: blob(Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)])),
    });
    expect(huge).toMatchObject({ status: 413, body: { error: 'The file is too large (at most 5 MB)' } });
    expect((await client.get<Json[]>('/api/authors')).body.data).toEqual([]);
  });

  it("answers 404 for another user's author and leaves it alone", async () => {
    const owner = (await signedUpClient(stack.gatewayUrl)).client;
    const other = (await signedUpClient(stack.gatewayUrl)).client;
    const a = (await send(owner, 'POST', '/api/authors', { firstName: 'Ann', lastName: 'Owner' })).body.data as Json;
    expect((await other.get(`/api/authors/${a.id}`)).status).toBe(404);
    expect((await send(other, 'PATCH', `/api/authors/${a.id}`, { firstName: 'Hacked' })).status).toBe(404);
    expect((await other.call('DELETE', `/api/authors/${a.id}`)).status).toBe(404);
    expect((await other.get('/api/authors/not-a-uuid')).status).toBe(404);
    expect((await owner.get(`/api/authors/${a.id}`)).body.data).toMatchObject({ firstName: 'Ann' });
  });
});

describe('projects', () => {
  async function authorOf(client: ApiClient, first = 'Idris', last = 'Quell') {
    return (await send(client, 'POST', '/api/authors', { firstName: first, lastName: last })).body.data as Json;
  }

  it('runs the workspace flow: create, detect structure, edit outline, change content, delete; counts follow', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    const author = await authorOf(client);
    // Created at once after the author: the author check falls back to the authors service if needed.
    const created = await send(client, 'POST', '/api/projects', {
      title: 'A Tale',
      content: BOOK,
      authorId: author.id as string,
    });
    expect(created.status).toBe(201);
    const project = created.body.data as Json;
    expect(project).toMatchObject({ title: 'A Tale', authorId: author.id, analysisStatus: 'pending', outline: [] });
    // Every answer names the author (the workspace merges them: it said 'Unknown Author' during analysis).
    const named = { id: author.id, firstName: 'Idris', lastName: 'Quell' };
    expect(project.author).toEqual(named);

    const detected = await client.post<{ outline: Json[] }>(`/api/projects/${project.id}/detect-structure`, {
      content: BOOK,
    });
    expect(detected.status).toBe(200);
    expect(detected.body.data?.outline.map((i) => i.title)).toEqual([
      'Chapter I. The Start',
      'Chapter II. The Middle',
      'Chapter III. The End',
    ]);
    // Without the text, the saved one is used (the book need not travel twice).
    const again = await client.post<{ outline: Json[] }>(`/api/projects/${project.id}/detect-structure`, {});
    expect(again.body.data?.outline).toEqual(detected.body.data?.outline);

    const full = await client.get<Json & { outline: Json[] }>(`/api/projects/${project.id}`);
    expect(full.body.data).toMatchObject({ content: BOOK, author: { id: author.id, firstName: 'Idris' } });
    const outline = full.body.data!.outline;
    outline[0]!.title = 'Opening';
    expect((await client.call('PATCH', `/api/projects/${project.id}/outline`, { outline })).status).toBe(200);

    const listed = await waitFor(
      async () => {
        const r = await client.get<Json[]>('/api/projects');
        return (r.body.data?.[0]?.author as Json | null)?.lastName === 'Quell' && r;
      },
      'the author name in the list',
      5000,
    );
    expect(listed.body.data?.[0]).toMatchObject({ chapterCount: 3 });
    // The list carries summaries only (test/project-list.int.test.ts); the project has the outline.
    expect(listed.body.data?.[0]).not.toHaveProperty('content');
    expect(listed.body.data?.[0]).not.toHaveProperty('outline');
    const reread = await client.get<Json & { outline: Json[] }>(`/api/projects/${project.id}`);
    expect(reread.body.data?.outline[0]).toMatchObject({ title: 'Opening' });

    await waitFor(
      async () => (await client.get<Json>(`/api/authors/${author.id}`)).body.data?.projectCount === 1,
      'projectCount 1',
      5000,
    );
    const refused = await client.call('DELETE', `/api/authors/${author.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/has 1 project\b/);

    const changed = await send(client, 'PATCH', `/api/projects/${project.id}`, {
      content: `${BOOK}\nMore.\n`,
      resetThumbnail: 'true',
    });
    // The new text's outline, detected at once; the chapter the user retitled keeps its title.
    expect(changed.body.data).toMatchObject({ author: named });
    expect((changed.body.data!.outline as Json[]).map((i) => i.title)).toEqual([
      'Opening',
      'Chapter II. The Middle',
      'Chapter III. The End',
    ]);
    const analysing = await client.post<Json>(`/api/projects/${project.id}/analyze`);
    expect(analysing.body.data).toMatchObject({ analysisStatus: 'in_progress', author: named });
    const cancelled = await client.post<Json>(`/api/projects/${project.id}/cancel-analysis`);
    expect(cancelled.body.data).toMatchObject({ author: named });
    expect((await client.get<Json>(`/api/projects/${project.id}`)).body.data?.content).toBe(`${BOOK}\nMore.\n`);

    expect((await client.call('DELETE', `/api/projects/${project.id}`)).status).toBe(200);
    expect((await client.get(`/api/projects/${project.id}`)).status).toBe(404);
    await waitFor(
      async () => (await client.get<Json>(`/api/authors/${author.id}`)).body.data?.projectCount === 0,
      'projectCount 0',
      5000,
    );
    expect((await client.call('DELETE', `/api/authors/${author.id}`)).status).toBe(200);
  });

  it('moves the count when a project changes author', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const a = await authorOf(client, 'A', 'One');
    const b = await authorOf(client, 'B', 'Two');
    const p = (await send(client, 'POST', '/api/projects', { title: 'T', content: BOOK, authorId: a.id as string }))
      .body.data as Json;
    await waitFor(
      async () => (await client.get<Json>(`/api/authors/${a.id}`)).body.data?.projectCount === 1,
      'a: 1',
      5000,
    );
    expect((await send(client, 'PATCH', `/api/projects/${p.id}`, { authorId: b.id as string })).status).toBe(200);
    await waitFor(
      async () => {
        const list = (await client.get<Json[]>('/api/authors')).body.data ?? [];
        return (
          list.find((x) => x.id === a.id)?.projectCount === 0 && list.find((x) => x.id === b.id)?.projectCount === 1
        );
      },
      'the count moved',
      5000,
    );
  });

  it("answers the Free plan's project limit with SPEC §8's message", async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'free' });
    const a = await authorOf(client);
    expect(
      (await send(client, 'POST', '/api/projects', { title: 'One', content: BOOK, authorId: a.id as string })).status,
    ).toBe(201);
    const second = await send(client, 'POST', '/api/projects', {
      title: 'Two',
      content: BOOK,
      authorId: a.id as string,
    });
    expect(second).toMatchObject({
      status: 403,
      body: {
        error:
          'Subscription Limit Reached: Your Free tier allows a maximum of 1 projects. Please upgrade to create more.',
      },
    });
    expect((await client.get<Json[]>('/api/projects')).body.data).toHaveLength(1);
  });

  it('refuses text over the plan’s words per project with 403 naming the limit', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'free' });
    const a = await authorOf(client);
    const res = await send(client, 'POST', '/api/projects', {
      title: 'Long',
      content: 'word '.repeat(100_001),
      authorId: a.id as string,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('This text has 100,001 words. Your Free plan allows up to 100,000 words per project.');
    expect((await client.get<Json[]>('/api/projects')).body.data).toEqual([]);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const other = (await signedUpClient(stack.gatewayUrl)).client;
    const a = await authorOf(client);
    const foreignAuthor = await authorOf(other);
    const create = (f: Record<string, string | Blob>) => send(client, 'POST', '/api/projects', f);
    const id = a.id as string;
    expect((await create({ title: '', content: BOOK, authorId: id })).body.error).toBe('Title is required');
    expect((await create({ title: 'T', content: ' ', authorId: id })).body.error).toBe('Content is required');
    expect((await create({ title: 'T', content: BOOK, authorId: '' })).body.error).toBe('Author is required');
    expect(await create({ title: 'x'.repeat(10_000), content: BOOK, authorId: id })).toMatchObject({
      status: 400,
      body: { error: 'Title must be at most 500 characters' },
    });
    expect(await create({ title: 'T', content: BOOK, authorId: id, thumbnail: blob(EXE) })).toMatchObject({
      status: 400,
      body: { error: 'The thumbnail must be a PNG, JPEG, WebP or GIF image' },
    });
    expect((await create({ title: 'T', content: BOOK, authorId: foreignAuthor.id as string })).status).toBe(404);
    expect((await client.get<Json[]>('/api/projects')).body.data).toEqual([]);

    const p = (await create({ title: 'Kept', content: BOOK, authorId: id, thumbnail: blob(PNG) })).body.data as Json;
    const badOutline = [
      {
        id: 'x',
        parentId: null,
        type: 'chapter',
        title: 'X',
        startOffset: 0,
        endOffset: BOOK.length + 1,
        children: [],
      },
    ];
    const refused = await client.call('PATCH', `/api/projects/${p.id}/outline`, { outline: badOutline });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/past the end of the text/);
    expect((await client.call('PATCH', `/api/projects/${p.id}/outline`, { outline: [{ bad: true }] })).status).toBe(
      400,
    );
    expect((await send(client, 'PATCH', `/api/projects/${p.id}`, { title: 'y'.repeat(10_000) })).status).toBe(400);
    expect((await client.post(`/api/projects/${p.id}/detect-structure`, { content: '' })).body.error).toBe(
      'Content is required',
    );
    expect((await client.post('/api/projects/%2F%2F/detect-structure', { content: BOOK })).body.error).toBe(
      'Invalid project ID: empty after removing slashes',
    );
    expect((await client.get<Json>(`/api/projects/${p.id}`)).body.data).toMatchObject({ title: 'Kept', outline: [] });

    // Another user's project: 404 on every call, and it is untouched.
    expect((await other.get(`/api/projects/${p.id}`)).status).toBe(404);
    expect((await send(other, 'PATCH', `/api/projects/${p.id}`, { title: 'Stolen' })).status).toBe(404);
    expect((await other.call('PATCH', `/api/projects/${p.id}/outline`, { outline: [] })).status).toBe(404);
    expect((await other.call('DELETE', `/api/projects/${p.id}`)).status).toBe(404);
    expect((await client.get<Json>(`/api/projects/${p.id}`)).body.data).toMatchObject({ title: 'Kept' });
  });
});

describe('uploads', () => {
  const parse = (client: ApiClient, bytes: Buffer) =>
    send(client, 'POST', '/api/upload/parse-document', { file: blob(bytes) });

  it('reads a .docx with its headings on their own lines, and Windows-1252 curly quotes', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    const res = await parse(client, docx(['CHAPTER I.', 'Down to the Quay', 'Tamsin waited on the harbour wall.']));
    expect(res.status).toBe(200);
    expect((res.body.data as Json).text).toBe('CHAPTER I.\n\nDown to the Quay\n\nTamsin waited on the harbour wall.\n');
    const cp1252 = Buffer.from([
      0x93,
      ...Buffer.from('Oh dear!', 'latin1'),
      0x94,
      0x20,
      ...Buffer.from('she said ', 'latin1'),
      0x96,
      0x20,
      0x91,
      0x74,
      0x69,
      0x73,
      0x92,
    ]);
    const text = await parse(client, cp1252);
    expect(text).toMatchObject({
      status: 200,
      body: { data: { text: '\u201cOh dear!\u201d she said \u2013 \u2018tis\u2019' } },
    });
  });

  it('refuses a PDF named .docx, a corrupt .docx, a zip bomb, an empty file and a 50 MB upload', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    expect((await parse(client, Buffer.from('%PDF-1.7\n1 0 obj\n'))).body).toMatchObject({
      error: 'PDF files are not supported. Please upload a .txt or .docx file',
    });
    const corrupt = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(500, 7)]);
    expect(await parse(client, corrupt)).toMatchObject({ status: 400, body: { error: /not a readable \.docx/ } });
    const bomb = Buffer.from(zipSync({ 'word/document.xml': new Uint8Array(80 * 1024 * 1024) }));
    expect(await parse(client, bomb)).toMatchObject({ status: 400, body: { error: /too large when unpacked/ } });
    expect(await parse(client, Buffer.alloc(0))).toMatchObject({ status: 400, body: { error: 'The file is empty' } });
    expect(await parse(client, EXE)).toMatchObject({ status: 400, body: { error: /not a text document/ } });
    const big = await parse(client, Buffer.alloc(50 * 1024 * 1024, 0x61));
    expect(big.status).toBe(413);
    expect(big.body.error).toMatch(/too large/);
  });

  it('stores an audio sample that only its owner can fetch', async () => {
    // Voice samples are a Pro feature (voice:recording); test/plan-limits.int.test.ts has the refusal.
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const other = (await signedUpClient(stack.gatewayUrl)).client;
    const wav = realWav(0.25);
    const res = await client.post<{ url: string }>('/api/upload/audio', {
      audioData: `data:audio/wav;base64,${wav.toString('base64')}`,
      fileType: 'wav',
    });
    expect(res.status).toBe(200);
    const url = res.body.data!.url;
    const mine = await fetch(`${stack.gatewayUrl}${url}`, { headers: { authorization: `Bearer ${client.token}` } });
    expect(Buffer.from(await mine.arrayBuffer()).equals(wav)).toBe(true);
    expect((await other.get(url)).status).toBe(404);
    const fake = await client.post('/api/upload/audio', {
      audioData: `data:audio/wav;base64,${EXE.toString('base64')}`,
    });
    expect(fake).toMatchObject({
      status: 400,
      body: { error: 'The file is not a supported audio recording (WAV, MP3, OGG, WebM or M4A)' },
    });
  });
});

describe('pictures', () => {
  const bigPng = () =>
    sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  const fetchImage = async (client: ApiClient, path: string) => {
    const res = await fetch(`${stack.gatewayUrl}${path}`, { headers: { authorization: `Bearer ${client.token}` } });
    return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('resizes avatars and thumbnails, and refuses bytes that only start like an image', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const author = (
      await send(client, 'POST', '/api/authors', { firstName: 'A', lastName: 'B', avatar: blob(await bigPng()) })
    ).body.data as Json;
    const avatar = await sharp((await fetchImage(client, author.avatar as string)).bytes).metadata();
    expect([avatar.width, avatar.height]).toEqual([512, 256]);
    const fakePng = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(100, 9)]);
    const refused = await send(client, 'PATCH', `/api/authors/${author.id}`, { avatar: blob(fakePng) });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'The avatar must be a PNG, JPEG, WebP or GIF image' },
    });
    expect((await client.get<Json>(`/api/authors/${author.id}`)).body.data?.avatar).toBe(author.avatar);

    const project = (
      await send(client, 'POST', '/api/projects', {
        title: 'Big',
        content: BOOK,
        authorId: author.id as string,
        thumbnail: blob(await bigPng()),
      })
    ).body.data as Json;
    const thumb = await fetchImage(client, project.thumbnail as string);
    expect(thumb.type).toBe('image/webp');
    expect((await sharp(thumb.bytes).metadata()).width).toBe(600);
  });

  it('gives a project without a thumbnail a generated cover, and picks again on resetThumbnail', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const a = (await send(client, 'POST', '/api/authors', { firstName: 'A', lastName: 'B' })).body.data as Json;
    const p = (
      await send(client, 'POST', '/api/projects', { title: 'Mendle <Isles>', content: BOOK, authorId: a.id as string })
    ).body.data as Json;
    const cover = await fetchImage(client, p.thumbnail as string);
    expect(cover.type).toMatch(/^image\/svg\+xml/);
    expect(cover.bytes.toString()).toContain('Mendle &lt;Isles&gt;');
    // A second project proves the Pro plan's limit is applied (Free stops at one).
    const second = await send(client, 'POST', '/api/projects', {
      title: 'Second',
      content: BOOK,
      authorId: a.id as string,
    });
    expect(second.status).toBe(201);
    const seen = new Set([p.thumbnail]);
    for (let i = 0; i < 3; i++) {
      const reset = await send(client, 'PATCH', `/api/projects/${p.id}`, { resetThumbnail: 'true' });
      seen.add((reset.body.data as Json).thumbnail);
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});
