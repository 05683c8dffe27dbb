import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { ApiCallError } from './call-error';
import {
  cleanProjectId,
  createProject,
  deleteProject,
  detectStructure,
  fetchProjects,
  isContentFile,
  updateProject,
} from './projects-api';
import { createAuthor, deleteAuthor, fetchAuthors, updateAuthor } from './authors-api';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answers: Response[];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      // The first state-changing call of a fresh client asks GET /api/auth/login for the CSRF token.
      if (url === '/api/auth/login') return new Response('{}', { status: 200, headers: { 'X-CSRF-Token': 'c-1' } });
      calls.push({ url, init });
      return answers.shift() ?? json(500, {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const lastCall = () => calls[calls.length - 1]!;
const formOf = (c: Call) => c.init.body as FormData;

describe('projects api (SPEC §7)', () => {
  it('creates a project from a multipart form with an optional thumbnail', async () => {
    answers.push(json(201, { success: true, data: { id: 'p1' } }));
    const thumb = new Blob(['x'], { type: 'image/png' });
    await expect(createProject({ title: 'T', content: 'C', authorId: 'a1', thumbnail: thumb })).resolves.toEqual({
      id: 'p1',
    });
    const call = lastCall();
    expect(call.url).toBe('/api/projects');
    expect(call.init.method).toBe('POST');
    const form = formOf(call);
    expect([form.get('title'), form.get('content'), form.get('authorId')]).toEqual(['T', 'C', 'a1']);
    expect(form.get('thumbnail')).toBeInstanceOf(Blob);
    // The browser sets the multipart boundary itself.
    expect((call.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('sends only the changed fields, and resetThumbnail only without a file', async () => {
    answers.push(json(200, { success: true, data: { id: 'p1' } }), json(200, { success: true, data: { id: 'p1' } }));
    await updateProject('p1', { title: 'New', resetThumbnail: true });
    let form = formOf(lastCall());
    expect([...form.keys()].sort()).toEqual(['resetThumbnail', 'title']);
    expect(form.get('resetThumbnail')).toBe('true');
    await updateProject('p1', { thumbnail: new Blob(['x']), resetThumbnail: true });
    form = formOf(lastCall());
    expect([...form.keys()]).toEqual(['thumbnail']);
    expect(lastCall().init.method).toBe('PATCH');
  });

  it("keeps the server's words and status, and names the failed call", async () => {
    const limit =
      'Subscription Limit Reached: Your Free tier allows a maximum of 1 projects. Please upgrade to create more.';
    answers.push(json(403, { success: false, error: limit }));
    const err = await createProject({ title: 'T', content: 'C', authorId: 'a1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiCallError);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiCallError).status).toBe(403);
    expect((err as ApiCallError).serverMessage).toBe(limit);
    expect((err as ApiCallError).message).toBe(`Failed to create project: ${limit}`);

    answers.push(json(500, {}));
    await expect(deleteProject('p9')).rejects.toThrow('Failed to delete project with ID p9: Unknown error');
  });

  it('detects structure only with text and an id (SPEC §5)', async () => {
    expect(() => cleanProjectId('///')).toThrow('Invalid project ID: empty after removing slashes');
    expect(cleanProjectId('/p1')).toBe('p1');
    await expect(detectStructure('p1', '  ')).rejects.toThrow('Content is required');
    answers.push(json(200, { success: true, data: { outline: [] } }));
    await expect(detectStructure('/p1', 'text')).resolves.toEqual([]);
    expect(lastCall().url).toBe('/api/projects/p1/detect-structure');
    expect(JSON.parse(lastCall().init.body as string)).toEqual({ content: 'text' });
    // Right after saving, the text is left out: the server detects on what it saved.
    answers.push(json(200, { success: true, data: { outline: [] } }));
    await expect(detectStructure('p1')).resolves.toEqual([]);
    expect(JSON.parse(lastCall().init.body as string)).toEqual({});
  });

  it('fetches every page of the list, following nextCursor until it is null', async () => {
    const item = (id: string) => ({ id, title: `T ${id}`, chapterCount: 1 });
    answers.push(
      json(200, { success: true, data: [item('p1'), item('p2')], nextCursor: 'c/1+=' }),
      json(200, { success: true, data: [item('p3'), item('p4')], nextCursor: 'c2' }),
      json(200, { success: true, data: [item('p5')], nextCursor: null }),
    );
    const all = await fetchProjects();
    expect(all.map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/projects?limit=100',
      '/api/projects?limit=100&cursor=c%2F1%2B%3D',
      '/api/projects?limit=100&cursor=c2',
    ]);

    // A server that answers the same cursor again cannot make it loop.
    calls = [];
    answers.push(
      json(200, { success: true, data: [item('p1')], nextCursor: 'same' }),
      json(200, { success: true, data: [item('p2')], nextCursor: 'same' }),
    );
    expect((await fetchProjects()).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(calls).toHaveLength(2);

    // A failed page fails the whole list, in SPEC §8's words.
    answers.push(json(200, { success: true, data: [item('p1')], nextCursor: 'c2' }), json(500, {}));
    await expect(fetchProjects()).rejects.toThrow('Failed to fetch projects: Unknown error');
  });

  it('accepts .txt and .docx content files only', () => {
    expect(isContentFile({ name: 'a.txt', type: 'text/plain' })).toBe(true);
    expect(
      isContentFile({
        name: 'a.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    ).toBe(true);
    expect(isContentFile({ name: 'a.docx', type: '' })).toBe(true);
    expect(isContentFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(false);
    expect(isContentFile({ name: 'a.png', type: 'image/png' })).toBe(false);
  });
});

describe('authors api (SPEC §7)', () => {
  it('lists, creates, updates and deletes with the messages of SPEC §8', async () => {
    answers.push(json(500, {}));
    await expect(fetchAuthors()).rejects.toThrow('Failed to fetch authors');

    answers.push(json(201, { success: true, data: { id: 'a1' } }));
    await createAuthor({ firstName: 'Ada', lastName: 'Lovelace' });
    expect([...formOf(lastCall()).entries()]).toEqual([
      ['firstName', 'Ada'],
      ['lastName', 'Lovelace'],
    ]);

    answers.push(json(400, { success: false, error: 'bad' }));
    await expect(updateAuthor('a1', { removeAvatar: true })).rejects.toThrow('Failed to remove avatar: bad');
    expect(formOf(lastCall()).get('removeAvatar')).toBe('true');

    answers.push(json(409, { success: false, error: 'This author has 1 project.' }));
    const err = (await deleteAuthor('a1').catch((e: unknown) => e)) as ApiCallError;
    expect([err.status, err.serverMessage]).toEqual([409, 'This author has 1 project.']);
    expect(lastCall().init.method).toBe('DELETE');
  });
});
