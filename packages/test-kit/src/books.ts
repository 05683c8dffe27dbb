// A book in the workspace, as the integration tests set one up through the gateway: an author and a
// project holding the text (the two multipart forms the browser sends), and an analysis run to its
// end. Each step's status is asserted with the answer's body, so a failing setup says what went wrong.
import { expect } from 'vitest';
import type { ApiClient } from './api-client.js';
import { waitFor } from './wait.js';

export interface NewBook {
  title: string;
  content: string;
  /** Default: an invented writer, for tests where the author's name does not matter. */
  author?: { firstName: string; lastName: string };
}

/** Creates the author (POST /api/authors), then the project (POST /api/projects): both 201. */
export async function newBook(client: ApiClient, book: NewBook): Promise<{ id: string; authorId: string }> {
  const { firstName, lastName } = book.author ?? { firstName: 'Ada', lastName: 'Writer' };
  const author = await client.form<{ id: string }>('POST', '/api/authors', { firstName, lastName });
  expect(author.status, `POST /api/authors: ${JSON.stringify(author.body)}`).toBe(201);
  const authorId = author.body.data!.id;
  const project = await client.form<{ id: string }>('POST', '/api/projects', {
    title: book.title,
    content: book.content,
    authorId,
  });
  expect(project.status, `POST /api/projects: ${JSON.stringify(project.body)}`).toBe(201);
  return { id: project.body.data!.id, authorId };
}

/** Polls GET /api/projects/{id} until its analysis is no longer in progress; answers the project then. */
export function settledProject<T extends { analysisStatus: string }>(
  client: ApiClient,
  id: string,
  timeoutMs = 60_000,
): Promise<T> {
  return waitFor(
    async () => {
      const p = (await client.get<T>(`/api/projects/${id}`)).body.data!;
      return p.analysisStatus !== 'in_progress' && p;
    },
    'the analysis to settle',
    timeoutMs,
  );
}

/**
 * Starts an analysis of the saved text (POST /api/projects/{id}/analyze: 200, in progress) and waits
 * for it to settle (completed or failed: the caller asserts which); answers the project then.
 */
export async function analysedProject<T extends { analysisStatus: string }>(
  client: ApiClient,
  id: string,
  timeoutMs = 60_000,
): Promise<T> {
  const started = await client.post<{ analysisStatus: string }>(`/api/projects/${id}/analyze`);
  expect(started.status, `POST /api/projects/${id}/analyze: ${JSON.stringify(started.body)}`).toBe(200);
  expect(started.body.data).toMatchObject({ analysisStatus: 'in_progress' });
  return settledProject<T>(client, id, timeoutMs);
}
