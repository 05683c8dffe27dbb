// The bad-input catalogue, continued (workspace.int.test.ts has the first part): every case of the
// Hardening issue, sent from outside through the gateway with a real signed-up user, answered with
// its status and message, and nothing stored. No input yields a 5xx.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  registration,
  signedUpClient,
  startWorkspaceStack,
  uniqueEmail,
  type WorkspaceStack,
} from '@castbook/test-kit';
import { wav } from './audio-fixtures.js';

type Json = Record<string, unknown>;
interface Reply {
  status: number;
  body: Json;
  headers: Record<string, string | string[] | undefined>;
}

const BOOK = ['CHAPTER I. The Start', 'CHAPTER II. The End']
  .map((h) => `${h}\n\n${'It went on and on through the long grey afternoon. '.repeat(6)}\n\n`)
  .join('');
const MB = 1024 * 1024;

let stack: WorkspaceStack;
let client: ApiClient;
let author: Json;
let project: Json;
let audioUrl: string;

function headersOf(c: ApiClient, extra: Record<string, string> = {}): Record<string, string> {
  return {
    cookie: `csrf=${c.csrf}`,
    'x-csrf-token': c.csrf!,
    ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
    ...extra,
  };
}

async function answer(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: Json;
  try {
    body = text ? (JSON.parse(text) as Json) : {};
  } catch {
    body = { notJson: text.slice(0, 200) };
  }
  const headers: Reply['headers'] = {};
  res.headers.forEach((value, key) => (headers[key] = value));
  return { status: res.status, body, headers };
}

/** A multipart call through the gateway, as the browser's FormData sends it. */
async function form(method: string, path: string, fields: Record<string, string>, c = client): Promise<Reply> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return answer(await fetch(`${stack.gatewayUrl}${path}`, { method, body, headers: headersOf(c) }));
}

/** A JSON call with the body exactly as given (a string, so any escape can be sent). */
async function json(method: string, path: string, body: unknown, c = client): Promise<Reply> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return answer(
    await fetch(`${stack.gatewayUrl}${path}`, {
      method,
      body: text,
      headers: headersOf(c, { 'content-type': 'application/json' }),
    }),
  );
}

/**
 * A request through node:http, for what fetch will not send: a body streamed without a length, or a
 * declared length larger than what is sent (the answer must come before the body is all there).
 */
function rawRequest(options: {
  method: string;
  path: string;
  headers: Record<string, string>;
  chunks: Buffer[];
  /** Stop sending once the answer has come (the body is larger than anyone will read). */
  stopOnAnswer?: boolean;
}): Promise<Reply> {
  const url = new URL(options.path, stack.gatewayUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, { method: options.method, headers: options.headers }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString();
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {}, headers: res.headers });
        if (options.stopOnAnswer) req.destroy();
      });
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    void (async () => {
      for (const chunk of options.chunks) {
        if (answered && options.stopOnAnswer) return;
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      }
      if (!options.stopOnAnswer) req.end();
    })();
  });
}

const character = (over: Json = {}) => ({
  id: 'c1',
  name: 'Anne',
  color: '#336699',
  summary: 'A clerk.\n\tShe keeps the ledgers.',
  isUserCreated: true,
  audioSample: null,
  ...over,
});
const outlineItem = (over: Json = {}) => ({
  id: 'o1',
  parentId: null,
  type: 'chapter',
  title: 'CHAPTER I. The Start',
  startOffset: 0,
  endOffset: 10,
  children: [],
  ...over,
});
const quoteOf = (over: Json = {}) => ({
  id: 'q1',
  text: 'It went on',
  startOffset: 22,
  endOffset: 32,
  speakerId: null,
  confidence: 1,
  attributionMethod: 'user',
  ...over,
});
const NESTED = (depth: number) => {
  let item: Json = outlineItem();
  for (let i = 0; i < depth; i++) item = outlineItem({ id: `o${i}`, children: [item] });
  return { outline: [item] };
};

beforeAll(async () => {
  stack = await startWorkspaceStack();
  ({ client } = await signedUpClient(stack.gatewayUrl, { name: 'Ada Lovelace', subscriptionTier: 'pro' }));
  author = (await form('POST', '/api/authors', { firstName: 'Orla', lastName: 'Penhallow' })).body.data as Json;
  project = (await form('POST', '/api/projects', { title: 'Kept', content: BOOK, authorId: author.id as string })).body
    .data as Json;
  audioUrl = ((
    await json('POST', '/api/upload/audio', { audioData: `data:audio/wav;base64,${wav(0.25).toString('base64')}` })
  ).body.data as { url: string })!.url;
  // What the refusals below must leave as it is. Multi-line text keeps its tabs and line breaks.
  const saved = await json('PATCH', `/api/projects/${project.id}/characters`, {
    characters: [character({ audioSample: audioUrl }), character({ id: 'c2', name: 'Ben', summary: '' })],
  });
  expect(saved.status).toBe(200);
  expect((await json('PATCH', `/api/projects/${project.id}/outline`, { outline: [outlineItem()] })).status).toBe(200);
});
afterAll(async () => stack?.stop());

interface Case {
  name: string;
  send: () => Promise<Reply>;
  status: number;
  error: string;
}

const NO_BOUNDARY = 'Invalid form data: the multipart/form-data content type has no boundary';
const chars = (over: Json) => () =>
  json('PATCH', `/api/projects/${project.id}/characters`, { characters: [character(over)] });
/** A raw multipart body with the content type given (fetch would add the boundary itself). */
const multipart = (method: string, path: string, contentType: string, body: string) => async () =>
  answer(
    await fetch(`${stack.gatewayUrl}${path}`, {
      method,
      body,
      headers: headersOf(client, { 'content-type': contentType }),
    }),
  );
const noBoundary = (method: string, path: () => string) => () =>
  multipart(
    method,
    path(),
    'multipart/form-data',
    '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--x--\r\n',
  )();

const CASES: Case[] = [
  // NUL (PostgreSQL 22021 in text, 22P05 in jsonb: a 500 before).
  {
    name: 'NUL in an author name',
    send: () => form('POST', '/api/authors', { firstName: 'Jane\u0000', lastName: 'Doe' }),
    status: 400,
    error: 'firstName must not contain NUL characters',
  },
  {
    name: 'NUL in a project title',
    send: () => form('POST', '/api/projects', { title: 'Book\u0000', content: BOOK, authorId: author.id as string }),
    status: 400,
    error: 'title must not contain NUL characters',
  },
  {
    name: 'NUL in an edited title',
    send: () => form('PATCH', `/api/projects/${project.id}`, { title: 'Book\u0000' }),
    status: 400,
    error: 'title must not contain NUL characters',
  },
  {
    name: 'NUL in the content',
    send: () => form('PATCH', `/api/projects/${project.id}`, { content: `${BOOK}\u0000` }),
    status: 400,
    error: 'content must not contain NUL characters',
  },
  {
    name: 'NUL in a character name',
    send: chars({ name: 'Anne\u0000' }),
    status: 400,
    error: 'body.characters.0.name must not contain NUL characters',
  },
  {
    name: 'NUL in a field name',
    send: () => json('PATCH', `/api/projects/${project.id}/characters`, `{"characters":[{"id":"c1","\\u0000":1}]}`),
    status: 400,
    error: 'body.characters.0 (a field name) must not contain NUL characters',
  },
  {
    name: 'NUL in an outline title',
    send: () => json('PATCH', `/api/projects/${project.id}/outline`, { outline: [outlineItem({ title: 'I\u0000' })] }),
    status: 400,
    error: 'body.outline.0.title must not contain NUL characters',
  },
  {
    name: 'NUL in a quote',
    send: () => json('PATCH', `/api/projects/${project.id}/quotes`, { quotes: [quoteOf({ text: 'It\u0000went' })] }),
    status: 400,
    error: 'body.quotes.0.text must not contain NUL characters',
  },
  {
    name: 'NUL in a new user name',
    send: () => json('POST', '/api/auth/register', registration(uniqueEmail(), { name: 'Ada\u0000' })),
    status: 400,
    error: 'body.name must not contain NUL characters',
  },
  {
    name: 'NUL in the device of a sign-in',
    send: () =>
      json('POST', '/api/auth/login', {
        email: 'nobody@example.com',
        password: 'x',
        deviceInfo: {
          name: 'Laptop\u0000',
          type: 'desktop',
          os: 'Linux',
          client: 'Firefox',
          ip: '',
          metadata: {
            userAgent: 'UA',
            screenResolution: '1x1',
            timezone: 'UTC',
            language: 'en',
            platform: 'Linux',
            colorDepth: 24,
          },
        },
      }),
    status: 400,
    error: 'body.deviceInfo.name must not contain NUL characters',
  },
  {
    name: 'NUL in a URL',
    send: () => answerGet('/api/projects/%00'),
    status: 400,
    error: 'The URL must not contain NUL characters',
  },
  // Unpaired surrogates (not Unicode: 22P05 in jsonb).
  {
    name: 'a lone surrogate in a character name',
    send: () =>
      json(
        'PATCH',
        `/api/projects/${project.id}/characters`,
        JSON.stringify({ characters: [character()] }).replace('Anne', '\\ud800Anne'),
      ),
    status: 400,
    error: 'body.characters.0.name must be valid Unicode text (it contains an unpaired surrogate)',
  },
  {
    name: 'a lone surrogate in a profile name',
    send: () => json('POST', '/api/users/update-profile', `{"id":"me","name":"Ada \\udc00"}`),
    status: 400,
    error: 'body.name must be valid Unicode text (it contains an unpaired surrogate)',
  },
  // Control characters in names (stored before).
  {
    name: 'a bell in an author name',
    send: () => form('POST', '/api/authors', { firstName: 'Orla', lastName: 'Pen\u0007hallow' }),
    status: 400,
    error: 'lastName must not contain control characters',
  },
  {
    name: 'a line break in an author name',
    send: () => form('PATCH', `/api/authors/${author.id}`, { firstName: 'Jane\nDoe' }),
    status: 400,
    error: 'firstName must not contain control characters',
  },
  {
    name: 'a terminal escape in a title',
    send: () => form('PATCH', `/api/projects/${project.id}`, { title: 'Red \u001b[31mTitle' }),
    status: 400,
    error: 'title must not contain control characters',
  },
  {
    name: 'a control character in the content',
    send: () => form('PATCH', `/api/projects/${project.id}`, { content: `${BOOK}\u0001` }),
    status: 400,
    error: 'content must not contain control characters other than tabs and line breaks',
  },
  {
    name: 'a C1 control in a character name',
    send: chars({ name: 'An\u0085ne' }),
    status: 400,
    error: 'Invalid body.characters.0.name: name must not contain control characters',
  },
  {
    name: 'a control character in a summary',
    send: chars({ summary: 'Line one\u0007' }),
    status: 400,
    error:
      'Invalid body.characters.0.summary: summary must not contain control characters other than tabs and line breaks',
  },
  {
    name: 'a control character in an outline title',
    send: () => json('PATCH', `/api/projects/${project.id}/outline`, { outline: [outlineItem({ title: 'I\u0002' })] }),
    status: 400,
    error: 'Invalid body.outline.0.title: title must not contain control characters',
  },
  {
    name: 'a control character in a new user name',
    send: () => json('POST', '/api/auth/register', registration(uniqueEmail(), { name: 'Ada\u0007Lovelace' })),
    status: 400,
    error: 'Name must not contain control characters',
  },
  // URLs stored for a user must be ones this app issued.
  ...[
    () => 'javascript:alert(1)',
    () => 'https://evil.example/a.wav',
    () => '/api/upload/audio/../../auth/me',
    () => `${audioUrl}?x=1`,
    () => `https://evil.example${audioUrl}`,
  ].map((url, n): Case => ({
    name: `an audioSample this app did not issue (${n + 1})`,
    send: () => chars({ audioSample: url() })(),
    status: 400,
    error:
      'Invalid body.characters.0.audioSample: audioSample must be a recording uploaded to this app (/api/upload/audio/…)',
  })),
  // Depth and size, bounded before validation recurses.
  {
    name: 'a 2,000-deep outline',
    send: () => json('PATCH', `/api/projects/${project.id}/outline`, NESTED(2000)),
    status: 400,
    error: 'The JSON body is nested too deeply (at most 64 levels)',
  },
  {
    name: 'an array of 10,001 characters',
    send: () =>
      json('PATCH', `/api/projects/${project.id}/characters`, { characters: Array.from({ length: 10_001 }, () => 1) }),
    status: 400,
    error: 'body.characters has too many items (at most 10,000)',
  },
  // Multipart without a boundary: 400, not 500, on all five routes.
  {
    name: 'no boundary: POST authors',
    send: noBoundary('POST', () => '/api/authors'),
    status: 400,
    error: NO_BOUNDARY,
  },
  {
    name: 'no boundary: PATCH author',
    send: noBoundary('PATCH', () => `/api/authors/${author.id}`),
    status: 400,
    error: NO_BOUNDARY,
  },
  {
    name: 'no boundary: POST projects',
    send: noBoundary('POST', () => '/api/projects'),
    status: 400,
    error: NO_BOUNDARY,
  },
  {
    name: 'no boundary: PATCH project',
    send: noBoundary('PATCH', () => `/api/projects/${project.id}`),
    status: 400,
    error: NO_BOUNDARY,
  },
  {
    name: 'no boundary: parse-document',
    send: noBoundary('POST', () => '/api/upload/parse-document'),
    status: 400,
    error: NO_BOUNDARY,
  },
  {
    name: 'a form cut short',
    send: multipart(
      'POST',
      '/api/authors',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nJa',
    ),
    status: 400,
    error: 'Invalid form data: Unexpected end of multipart data',
  },
  // Bodies over their limit: 413 with a JSON error, through the gateway, every time.
  ...[1, 2, 3, 4, 5].map((n): Case => ({
    name: `a 2 MB sign-up body (try ${n})`,
    send: () => json('POST', '/api/auth/register', registration(uniqueEmail(), { name: 'x'.repeat(2 * MB) })),
    status: 413,
    error: 'The request body is too large (at most 1 MB)',
  })),
  {
    name: 'a 2 MB sign-up body streamed without a length',
    send: () =>
      rawRequest({
        method: 'POST',
        path: '/api/auth/register',
        headers: headersOf(client, { 'content-type': 'application/json' }),
        chunks: [Buffer.from('{"name":"'), ...Array.from({ length: 32 }, () => Buffer.alloc(64 * 1024, 0x61))],
      }),
    status: 413,
    error: 'The request body is too large (at most 1 MB)',
  },
  {
    name: 'a 26 MB character list',
    send: () =>
      json('PATCH', `/api/projects/${project.id}/characters`, {
        characters: [character({ summary: 's'.repeat(26 * MB) })],
      }),
    status: 413,
    error: 'The request body is too large (at most 25 MB)',
  },
  {
    name: 'a 60 MB content field in a project edit',
    send: () => form('PATCH', `/api/projects/${project.id}`, { content: 'word '.repeat(12_000_000) }),
    status: 413,
    error: 'content is too large (at most 25 MB)',
  },
  {
    name: 'a 100 KB title field',
    send: () => form('PATCH', `/api/projects/${project.id}`, { title: 't'.repeat(100 * 1024) }),
    status: 413,
    error: 'title is too large (at most 64 KB)',
  },
  {
    name: 'a declared 62 MB body, refused by the gateway before it is sent',
    send: () =>
      rawRequest({
        method: 'PATCH',
        path: `/api/projects/${project.id}`,
        headers: headersOf(client, {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(62 * MB),
        }),
        chunks: Array.from({ length: 16 }, () => Buffer.alloc(64 * 1024, 0x61)),
        stopOnAnswer: true,
      }),
    status: 413,
    error: 'The request body is too large (at most 60 MB)',
  },
  // Long URLs: 414 that says so.
  {
    name: 'a 200-character id',
    send: () => answerGet(`/api/projects/${'x'.repeat(200)}`),
    status: 414,
    error: 'The URL is too long (a path segment is over 100 characters)',
  },
  {
    name: 'a 10,000-character query',
    send: () => answerGet(`/api/projects?cursor=${'x'.repeat(10_000)}`),
    status: 414,
    error: 'The URL is too long (at most 8192 characters)',
  },
  {
    name: 'a query whose escapes are not UTF-8 (a lone surrogate)',
    send: () => answerGet('/api/projects?cursor=%ED%A0%80'),
    status: 400,
    error: 'The URL is not valid (its %-escapes are not UTF-8)',
  },
  {
    name: 'a path whose escapes are not UTF-8',
    send: () => answerGet('/api/authors/%ff'),
    status: 400,
    error: 'The URL is not valid (its %-escapes are not UTF-8)',
  },
  // Found by Schemathesis (the api tier): the OpenAPI documents now say what these checks say.
  {
    name: 'a form field the route does not take',
    send: () => form('POST', '/api/authors', { firstName: 'Jane', lastName: 'Doe', nickname: 'JD' }),
    status: 400,
    error: 'Unrecognized key: "nickname"',
  },
  {
    name: 'a text field beside the document to parse',
    send: async () => {
      const body = new FormData();
      body.append('file', new Blob(['Chapter 1\n\nText.\n']), 'book.txt');
      body.append('extra', '42');
      return answer(
        await fetch(`${stack.gatewayUrl}/api/upload/parse-document`, {
          method: 'POST',
          body,
          headers: headersOf(client),
        }),
      );
    },
    status: 400,
    error: 'Unrecognized key: "extra"',
  },
  {
    name: 'removeAvatar other than true or false',
    send: () => form('PATCH', `/api/authors/${author.id}`, { removeAvatar: 'yes' }),
    status: 400,
    error: 'Invalid removeAvatar: Invalid option: expected one of "true"|"false"',
  },
  {
    name: 'resetThumbnail other than true or false',
    send: () => form('PATCH', `/api/projects/${project.id}`, { resetThumbnail: 'yes' }),
    status: 400,
    error: 'Invalid resetThumbnail: Invalid option: expected one of "true"|"false"',
  },
  {
    name: 'an email whose domain has a label over 63 characters',
    send: () => json('POST', '/api/auth/register', registration(`ada@${'a'.repeat(64)}.example.com`)),
    status: 400,
    error: 'Please enter a valid email',
  },
  {
    name: 'a method the path does not take (a 405 with Allow, not a 404)',
    send: () => json('PUT', `/api/projects/${project.id}`, {}),
    status: 405,
    error: 'PUT is not allowed here (allowed: DELETE, GET, HEAD, PATCH)',
  },
  {
    name: 'a 20,000-character URL (past Node’s header limit)',
    send: () => answerGet(`/api/projects?cursor=${'x'.repeat(20_000)}`),
    status: 414,
    error: 'The URL is too long (at most 8192 characters)',
  },
];

function answerGet(path: string): Promise<Reply> {
  return rawRequest({ method: 'GET', path, headers: headersOf(client), chunks: [] });
}

describe('the bad-input catalogue (Hardening)', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const res = await c.send();
    expect({ status: res.status, error: res.body.error, success: res.body.success }).toEqual({
      status: c.status,
      error: c.error,
      success: false,
    });
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  });

  it('stored nothing: the author, the project, its lists and the user are as they were', async () => {
    expect((await client.get<Json[]>('/api/authors')).body.data).toEqual([
      expect.objectContaining({ id: author.id, firstName: 'Orla', lastName: 'Penhallow' }),
    ]);
    const p = (await client.get<Json>(`/api/projects/${project.id}`)).body.data!;
    expect(p).toMatchObject({ title: 'Kept', content: BOOK, outline: [outlineItem()], quotes: [] });
    expect(p.characters).toEqual([
      expect.objectContaining({
        id: 'c1',
        name: 'Anne',
        summary: 'A clerk.\n\tShe keeps the ledgers.',
        audioSample: audioUrl,
      }),
      expect.objectContaining({ id: 'c2', name: 'Ben', audioSample: null }),
    ]);
    expect((await client.get<Json[]>('/api/projects')).body.data).toHaveLength(1);
    expect((await client.get<Json>('/api/auth/me')).body.data).toMatchObject({ name: 'Ada Lovelace' });
    // The sign-ups refused above created no account: their emails are still free.
    const email = uniqueEmail();
    expect((await json('POST', '/api/auth/register', registration(email, { name: 'Ada\u0007' }))).status).toBe(400);
    const fresh = await json('POST', '/api/auth/register', registration(email));
    expect(fresh.status).toBe(201);
    expect((fresh.body.data as Json).token).toEqual(expect.any(String));
  });
});

describe('headers', () => {
  it('sends Cache-Control: no-store on every authenticated JSON answer', async () => {
    for (const path of [
      '/api/auth/me',
      '/api/users/profile',
      '/api/authors',
      `/api/authors/${author.id}`,
      '/api/projects',
      `/api/projects/${project.id}`,
      '/api/subscriptions',
      '/api/projects/not-there',
    ]) {
      const res = await client.get(path);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('sends a Permissions-Policy that allows the microphone to the app itself and nothing else', async () => {
    for (const path of ['/api/auth/login', '/api/health', '/api/projects', '/']) {
      const policy = (await fetch(`${stack.gatewayUrl}${path}`)).headers.get('permissions-policy') ?? '';
      const allowed = policy
        .split(',')
        .map((d) => d.trim())
        .filter((d) => !d.endsWith('=()'));
      expect(allowed, path).toEqual(['microphone=(self)']);
      expect(policy, path).toContain('camera=()');
      expect(policy, path).toContain('geolocation=()');
    }
  });
});
