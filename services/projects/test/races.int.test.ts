// Concurrent writes through the gateway: a content save that loses the version check leaves no trace,
// edits of different fields both apply, edits of the same field never half-apply; parsed documents
// are not kept.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signedUpClient, startWorkspaceStack, type WorkspaceStack } from '@castbook/test-kit';

type Json = Record<string, unknown>;

const send = (client: ApiClient, method: string, path: string, fields: Record<string, string | Blob>) =>
  client.form<Json>(method, path, fields);

/** Every file under a folder, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

const character = (id: string, name: string) => ({ id, name, color: '#3366cc' });

let stack: WorkspaceStack;
let client: ApiClient;
let authorId: string;
beforeAll(async () => {
  stack = await startWorkspaceStack();
  ({ client } = await signedUpClient(stack.gatewayUrl));
  const author = await send(client, 'POST', '/api/authors', { firstName: 'Iva', lastName: 'Marrow' });
  authorId = (author.body.data as Json).id as string;
});
afterAll(async () => stack?.stop());

async function newProject(content: string): Promise<string> {
  const res = await send(client, 'POST', '/api/projects', { title: 'Race', content, authorId });
  expect(res.status).toBe(201);
  return (res.body.data as Json).id as string;
}

/** Free plans hold three projects: each case deletes its own. */
const removeProject = async (id: string) =>
  expect((await client.call('DELETE', `/api/projects/${id}`)).status).toBe(200);

const project = async (id: string) => (await client.get<Json>(`/api/projects/${id}`)).body.data!;

describe('concurrent writes', () => {
  it('two content saves at once: the stored text and word count are the winner’s, the loser leaves no object', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await newProject('One two three.');
      const texts = ['Alpha beta.', 'Gamma delta epsilon zeta eta theta.'];
      const answers = await Promise.all(
        texts.map((content) => send(client, 'PATCH', `/api/projects/${id}`, { content })),
      );
      const statuses = answers.map((a) => a.status).sort();
      // Both may pass one after the other; when they overlap exactly one wins.
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(statuses);
      const saved = await project(id);
      if (statuses[1] === 409) {
        const winner = texts[answers.findIndex((a) => a.status === 200)]!;
        expect(saved.content).toBe(winner);
        expect(saved.wordCount).toBe(winner.split(' ').length);
        const loser = answers.find((a) => a.status === 409)!;
        expect(loser.body.error).toBe('The project changed meanwhile; reload it and try again');
      } else {
        expect(texts).toContain(saved.content);
        expect(saved.wordCount).toBe((saved.content as string).split(' ').length);
      }
      // One text object per project: the old version and any loser's object are gone.
      const objects = (await filesUnder(join(stack.blobDir, 'documents'))).filter((f) => f.includes(`/${id}/content/`));
      expect(objects).toHaveLength(1);
      await removeProject(id);
    }
  });

  it('edits of different fields at once both apply', async () => {
    const id = await newProject('Some words of text.');
    const [title, characters] = await Promise.all([
      send(client, 'PATCH', `/api/projects/${id}`, { title: 'Renamed at once' }),
      client.call('PATCH', `/api/projects/${id}/characters`, { characters: [character('c1', 'Orla Fenwick')] }),
    ]);
    expect([title.status, characters.status]).toEqual([200, 200]);
    const saved = await project(id);
    expect(saved.title).toBe('Renamed at once');
    expect((saved.characters as Json[]).map((c) => c.name)).toEqual(['Orla Fenwick']);
    await removeProject(id);
  });

  it('edits of the same list at once: one applies whole, or both apply one after the other', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await newProject('Some words of text.');
      const lists = [
        [character('a1', 'Orla Fenwick'), character('a2', 'Mr. Quillby')],
        [character('b1', 'Dessa Vaunt')],
      ];
      const answers = await Promise.all(
        lists.map((characters) => client.call('PATCH', `/api/projects/${id}/characters`, { characters })),
      );
      const names = ((await project(id)).characters as Json[]).map((c) => c.name);
      const applied = lists.map((l) => l.map((c) => c.name));
      expect(applied).toContainEqual(names);
      for (const [i, a] of answers.entries()) {
        expect([200, 409]).toContain(a.status);
        // A loser's list is not what is stored.
        if (a.status === 409) expect(names).not.toEqual(applied[i]);
      }
      await removeProject(id);
    }
  });
});

describe('edits from a client holding older lists (If-Match)', () => {
  const quote = (id: string, speakerId: string | null) => ({
    id,
    text: '"Stay."',
    startOffset: 0,
    endOffset: 7,
    speakerId,
    confidence: 1,
    attributionMethod: 'user',
  });

  it('an edit made on the lists it names applies; one made on older lists is a 409 and changes nothing', async () => {
    const id = await newProject('"Stay." She did.');
    const loaded = await client.get<Json>(`/api/projects/${id}`);
    const etag = loaded.headers.get('etag');
    expect(etag).toMatch(/^"\d+"$/);
    // Another tab adds a character; this one, still on the lists it loaded, replaces them.
    const other = await client.call('PATCH', `/api/projects/${id}/characters`, {
      characters: [character('c1', 'Orla Fenwick')],
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
    const stale = await client.call(
      'PATCH',
      `/api/projects/${id}/characters`,
      { characters: [character('c2', 'Dessa Vaunt')] },
      { 'if-match': etag! },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/changed meanwhile/);
    const kept = await client.get<Json>(`/api/projects/${id}`);
    expect((kept.body.data!.characters as Json[]).map((c) => c.name)).toEqual(['Orla Fenwick']);
    // Reloaded, the same edit applies, and its answer names the revision the next edit builds on.
    const current = kept.headers.get('etag')!;
    expect(current).toBe(other.headers.get('etag'));
    const redone = await client.call(
      'PATCH',
      `/api/projects/${id}/quotes`,
      { quotes: [quote('q1', 'c1')] },
      { 'if-match': current },
    );
    expect(redone.status).toBe(200);
    const outline = await client.call(
      'PATCH',
      `/api/projects/${id}/outline`,
      { outline: [] },
      { 'if-match': redone.headers.get('etag')! },
    );
    expect(outline.status).toBe(200);
    expect((await client.get<Json>(`/api/projects/${id}`)).headers.get('etag')).toBe(outline.headers.get('etag'));
    await removeProject(id);
  });

  it('two tabs editing on the same revision: exactly one applies', async () => {
    const id = await newProject('"Stay." She did.');
    const etag = (await client.get<Json>(`/api/projects/${id}`)).headers.get('etag')!;
    const lists = [[character('a1', 'Orla Fenwick')], [character('b1', 'Dessa Vaunt')]];
    const answers = await Promise.all(
      lists.map((characters) =>
        client.call('PATCH', `/api/projects/${id}/characters`, { characters }, { 'if-match': etag }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = lists[answers.findIndex((a) => a.status === 200)]!;
    const names = ((await project(id)).characters as Json[]).map((c) => c.name);
    expect(names).toEqual(winner.map((c) => c.name));
    await removeProject(id);
  });

  it('an If-Match that is not an entity tag is a 400; * applies', async () => {
    const id = await newProject('"Stay." She did.');
    const bad = await client.call('PATCH', `/api/projects/${id}/outline`, { outline: [] }, { 'if-match': '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/If-Match must be/);
    const any = await client.call('PATCH', `/api/projects/${id}/outline`, { outline: [] }, { 'if-match': '*' });
    expect(any.status).toBe(200);
    await removeProject(id);
  });
});

describe('temporary uploads', () => {
  it('a parsed document is not kept anywhere', async () => {
    const before = await filesUnder(stack.blobDir);
    const res = await send(client, 'POST', '/api/upload/parse-document', {
      file: new Blob(['"Hello," said Orla Fenwick.\n']),
    });
    expect(res.status).toBe(200);
    expect((res.body.data as Json).text).toContain('Orla Fenwick');
    expect(await filesUnder(stack.blobDir)).toEqual(before);
  });
});
