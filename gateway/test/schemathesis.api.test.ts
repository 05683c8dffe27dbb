// The api tier: Schemathesis (PyPI `schemathesis`, installed by `npm run infra:install` into
// ~/.cache/castbook/schemathesis) fuzzes each service's OpenAPI document through the gateway, signed
// in as a test user with the CSRF cookie and header, with every check (`--checks all`) and every
// phase, the stateful one following the documents' links. The whole stack runs in embedded mode.
// Done when there is no failure (no 5xx, no answer off its own schema, no bad input accepted, no good
// input refused) and every documented operation answered 2xx at least once.
// Outside CI it skips with a note when Schemathesis is not installed; under CI it fails instead.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@castbook/platform';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOOKS_DIR = fileURLToPath(new URL('./schemathesis', import.meta.url));
const CACHE = process.env.CASTBOOK_CACHE ?? join(homedir(), '.cache', 'castbook');
const SCHEMATHESIS = join(CACHE, 'schemathesis', 'bin', 'schemathesis');
const installed = existsSync(SCHEMATHESIS);
if (!installed) {
  const hint = `Schemathesis is not installed at ${SCHEMATHESIS} (npm run infra:install)`;
  if (process.env.CI) throw new Error(`api tier: ${hint}; CI must install it`);
  console.warn(`api tier: skipped, ${hint}`);
}

/** Test cases per operation and phase: enough to find what it finds in a few minutes, on 2 cores. */
const MAX_EXAMPLES = Number(process.env.SCHEMATHESIS_MAX_EXAMPLES ?? 25);
/** A fixed seed: CI runs the same cases every time (SCHEMATHESIS_SEED=random explores). */
const SEED = process.env.SCHEMATHESIS_SEED ?? '20261125';
const SERVICES = ['billing', 'analysis', 'authors', 'projects', 'auth'] as const;
const EMAIL = 'fuzz@example.com';
/** A second user whose password the reset run sets: the fuzzer never learns this address. */
const RESET_EMAIL = 'reset@example.com';
/** A Free user who starts the fuzzed checkouts. */
const BUYER_EMAIL = 'buyer@example.com';
const PASSWORD = 'Fuzz-Tester-1';
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** 0.1 s of 8 kHz 8-bit mono silence: recordings are read by content, so the seed is a real one. */
const SILENT_WAV = Buffer.concat([
  Buffer.from('UklGRkQDAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YSADAAA=', 'base64'),
  Buffer.alloc(800, 0x80),
]).toString('base64');

/**
 * Operations whose valid-looking input the server may still refuse with 400, because what decides is
 * something a schema cannot say: an image or recording read by content, an opaque cursor, a token
 * from an email, offsets that must fall inside the saved text, the caller's current password.
 */
const CHECKED_BEYOND_SCHEMA = [
  'GET /api/projects',
  'POST /api/projects',
  'PATCH /api/projects/{id}',
  'PATCH /api/projects/{id}/outline',
  // A character's audioSample must be one of the caller's own recordings (issue 17).
  'PATCH /api/projects/{id}/characters',
  'PATCH /api/projects/{id}/quotes',
  'POST /api/upload/audio',
  'POST /api/upload/parse-document',
  // Voice takes (issue 17): recordings read by content, at most 5 takes (409), a take deleted once
  // (404 after), a signed URL whose signature is checked (403).
  'POST /api/projects/{id}/characters/{characterId}/voice-takes',
  'DELETE /api/projects/{id}/characters/{characterId}/voice-takes/{takeId}',
  'PUT /api/projects/{id}/characters/{characterId}/voice',
  // Character analysis (issue 18): the ids must be characters of the project (404 otherwise).
  'POST /api/projects/{id}/character-analysis',
  'GET /api/upload/audio/{name}',
  // Sides take ?characters= ids that must be characters of the project (issue 19's exports); the
  // review queue's cursor is opaque (only one it made is accepted).
  'GET /api/projects/{id}/export/{name}',
  'GET /api/projects/{id}/review',
  // The second opinion (issue 18): once the seeded doubtful quote is decided nothing is left to ask,
  // and a run may be going already (409).
  'POST /api/projects/{id}/second-opinion/estimate',
  'POST /api/projects/{id}/second-opinion',
  // Merging and deleting characters (issue 19): the ids must be characters of the project (404), a
  // character is merged or deleted once (404 after), at most 5 takes together (409).
  // Issue 19's speaker edits: a line moves once (the applied spread is then a 409, the split a 400),
  // a split's generated name may be one the cast has (409), and the speakers named must be
  // characters of the project (400).
  'POST /api/projects/{id}/quotes/{quoteId}/spread/apply',
  'POST /api/projects/{id}/characters/{characterId}/assign',
  'POST /api/projects/{id}/characters/{characterId}/split',
  'POST /api/projects/{id}/characters/{characterId}/merge',
  'DELETE /api/projects/{id}/characters/{characterId}',
  'POST /api/authors',
  'PATCH /api/authors/{id}',
  'POST /api/auth/reset-password/confirm',
  // Billing: checkout URLs must be the app's own pages (and a paid Pro user's checkout is a 409);
  // contact-sales is rate-limited per email and address (429).
  'POST /api/subscriptions/checkout',
  'POST /api/subscriptions/contact-sales',
];

/** Operations on the seeded characters (c1, m1, d1): fuzzed before the rest of the projects service. */
const ON_SEEDED_CHARACTERS = [
  'POST /api/projects/{id}/characters/{characterId}/voice-takes',
  'DELETE /api/projects/{id}/characters/{characterId}/voice-takes/{takeId}',
  'PUT /api/projects/{id}/characters/{characterId}/voice',
  'POST /api/projects/{id}/character-analysis',
  'POST /api/projects/{id}/characters/{characterId}/merge',
  'DELETE /api/projects/{id}/characters/{characterId}',
  // The second opinion asks about the seeded doubtful quote, which names c1 and m2 as candidates.
  'GET /api/projects/{id}/second-opinion',
  'POST /api/projects/{id}/second-opinion/estimate',
  'POST /api/projects/{id}/second-opinion',
  'POST /api/projects/{id}/second-opinion/cancel',
  // Issue 19's speaker edits, on the edits project's own cast (seedSpeakerEdits).
  'POST /api/projects/{id}/quotes/{quoteId}/spread',
  'POST /api/projects/{id}/quotes/{quoteId}/spread/apply',
  'POST /api/projects/{id}/characters/{characterId}/assign',
  'POST /api/projects/{id}/characters/{characterId}/split',
];

/**
 * Multipart forms carry text only: a value Schemathesis makes "wrong" by its JSON type (the number 0
 * or an object for a name) arrives as the text "0" or `{"a":1}`, which is a fine name, so its negative
 * cases for these forms are not negative on the wire. They get positive cases only; the bad-input
 * catalogue (services/projects/test/bad-input.int.test.ts) covers their fields' refusals.
 */
const MULTIPART = [
  'POST /api/projects',
  'PATCH /api/projects/{id}',
  'POST /api/authors',
  'PATCH /api/authors/{id}',
  'POST /api/upload/parse-document',
  'POST /api/projects/{id}/characters/{characterId}/voice-takes',
];

interface Seed {
  url: string;
  csrf: string;
  token: string;
  userId: string;
  authorId: string;
  projectId: string;
  audioName: string;
  /** A take of the seeded character 'c1' (the voice routes' path ids). */
  takeId: string;
  /** A Free user's token: who starts checkouts. */
  freeToken: string;
  /** The project of issue 19's speaker edits (seedSpeakerEdits), its chapter and text version. */
  editsProjectId: string;
  editsChapterId: string;
  editsContentVersion: number;
  /** The notification of the edits project's analysis. */
  notificationId: string;
}

/** Checkout return pages on the app's own origin (billing refuses any other). */
function checkoutUrls(url: string) {
  return {
    successUrl: `${url}/stage/settings/subscription?upgrade=success`,
    cancelUrl: `${url}/stage/settings/subscription?upgrade=cancelled`,
  };
}

let stack: ChildProcess | undefined;
/** The fake language model's process (fake-model.ts), and the base URL it printed. */
let model: ChildProcess | undefined;
let dataDir = '';
let seed: Seed;

async function waitForHealth(url: string, deadlineMs = 180_000) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (stack?.exitCode != null) throw new Error(`the stack exited (${stack.exitCode}); see ${dataDir}/stack.log`);
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the stack was not healthy in time; see ${dataDir}/stack.log`);
}

async function waitFor<T>(probe: () => Promise<T | undefined>, deadlineMs = 10_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function call(url: string, path: string, init: RequestInit & { csrf?: string; token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.csrf) {
    headers.set('x-csrf-token', init.csrf);
    headers.set('cookie', `csrf=${init.csrf}`);
  }
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  // A kept-alive connection the server has meanwhile closed fails at once: one retry on a new one.
  const res = await fetch(`${url}${path}`, { ...init, headers }).catch(() =>
    fetch(`${url}${path}`, { ...init, headers }),
  );
  const body = (await res.json()) as { success: boolean; data: Record<string, unknown> & { id: string } };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** The test user, one author, one project and one recording: what the documents' ids can refer to. */
async function seedData(url: string): Promise<Seed> {
  const { csrfToken } = await call(url, '/api/auth/login');
  const csrf = String(csrfToken);
  const json = { 'content-type': 'application/json' };
  const registered = await call(url, '/api/auth/register', {
    method: 'POST',
    csrf,
    headers: json,
    body: JSON.stringify({
      name: 'Fuzz Tester',
      email: EMAIL,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      subscriptionTier: 'pro',
      acceptTerms: true,
    }),
  });
  await call(url, '/api/auth/register', {
    method: 'POST',
    csrf,
    headers: json,
    body: JSON.stringify({
      name: 'Reset Tester',
      email: RESET_EMAIL,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    }),
  });
  const token = String(registered.token);
  const userId = (registered.user as { id: string }).id;
  const authorForm = new FormData();
  authorForm.set('firstName', 'Anne');
  authorForm.set('lastName', 'Teller');
  authorForm.set('avatar', new Blob([Buffer.from(PIXEL_PNG, 'base64')], { type: 'image/png' }), 'pixel.png');
  const author = await call(url, '/api/authors', { method: 'POST', csrf, token, body: authorForm });
  const projectForm = new FormData();
  projectForm.set('title', 'Fuzzed');
  projectForm.set('content', 'Chapter 1\n\n"Good morning," said Anne.\n');
  projectForm.set('authorId', author.id);
  const project = await call(url, '/api/projects', { method: 'POST', csrf, token, body: projectForm });
  const audio = await call(url, '/api/upload/audio', {
    method: 'POST',
    csrf,
    token,
    headers: json,
    body: JSON.stringify({ audioData: `data:audio/wav;base64,${SILENT_WAV}`, fileType: 'wav' }),
  });
  const audioName = String(audio.url).split('/').pop()!;
  // A character with a take: what the voice routes' ids refer to; and characters of their own for
  // merging (m1 into m2) and deleting (d1), so those leave c1 to the voice routes.
  const characters = [
    ['c1', 'Anne'],
    ['m1', 'Mr. Barlow'],
    ['m2', 'Barlow'],
    ['d1', 'Cook'],
  ].map(([id, name]) => ({ id, name, color: '#aa3300', isUserCreated: true }));
  await call(url, `/api/projects/${project.id}/characters`, {
    method: 'PATCH',
    csrf,
    token,
    headers: json,
    body: JSON.stringify({ characters }),
  });
  // A quote the analysis was unsure of, with two candidates: what the second opinion asks about.
  const line = '"Good morning,"';
  const start = 'Chapter 1\n\n"Good morning," said Anne.\n'.indexOf(line);
  await call(url, `/api/projects/${project.id}/quotes`, {
    method: 'PATCH',
    csrf,
    token,
    headers: json,
    body: JSON.stringify({
      quotes: [
        {
          id: 'q1',
          text: 'Good morning,',
          startOffset: start,
          endOffset: start + line.length,
          speakerId: 'c1',
          confidence: 0.3,
          attributionMethod: 'turn-taking',
          candidates: [
            { speakerId: 'c1', probability: 0.4 },
            { speakerId: 'm2', probability: 0.3 },
          ],
        },
      ],
    }),
  });
  const edits = await seedSpeakerEdits(url, { csrf, token, authorId: author.id });
  const takeForm = new FormData();
  takeForm.set('file', new Blob([Buffer.from(SILENT_WAV, 'base64')], { type: 'audio/wav' }), 'take.wav');
  const voiced = await call(url, `/api/projects/${project.id}/characters/c1/voice-takes`, {
    method: 'POST',
    csrf,
    token,
    body: takeForm,
  });
  const takeId = (voiced.voiceTakes as { id: string }[])[0]!.id;
  // Billing: the test user pays for Pro on the local checkout (a billing account: the portal and
  // invoices answer); a second, Free user starts the fuzzed checkouts (a paid user's is a 409).
  const checkout = await call(url, '/api/subscriptions/checkout', {
    method: 'POST',
    csrf,
    token,
    headers: json,
    body: JSON.stringify(checkoutUrls(url)),
  });
  const paid = await fetch(String(checkout.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', cardName: 'Fuzz Tester' }),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`local checkout: ${paid.status}`);
  const buyer = await call(url, '/api/auth/register', {
    method: 'POST',
    csrf,
    headers: json,
    body: JSON.stringify({
      name: 'Free Buyer',
      email: BUYER_EMAIL,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    }),
  });
  return {
    url,
    csrf,
    token,
    userId,
    authorId: author.id,
    projectId: project.id,
    audioName,
    takeId,
    freeToken: String(buyer.token),
    ...edits,
  };
}

const EDITS_TEXT = 'Chapter 1\n\n"Come here," said Anne.\n\n"Why?" asked Ben.\n\n"Because I said so," said Dora.\n';

/**
 * A second project for issue 19's speaker edits (spread, assign, split) and a notification: it is
 * analysed once (the analysis' completion is the notification), then given a cast and lines of the
 * user's own, so each edit has a line it can move: q1 to spread from, q2 (Ben's) for the applied
 * spread, q3 (Dora's) to split off; Anne's lines in chapter 1 go to Cook.
 */
async function seedSpeakerEdits(
  url: string,
  { csrf, token, authorId }: { csrf: string; token: string; authorId: string },
) {
  const json = { 'content-type': 'application/json' };
  const form = new FormData();
  form.set('title', 'Edited');
  form.set('content', EDITS_TEXT);
  form.set('authorId', authorId);
  const { id } = await call(url, '/api/projects', { method: 'POST', csrf, token, body: form });
  await call(url, `/api/projects/${id}/analyze`, { method: 'POST', csrf, token });
  let project: Record<string, unknown> = {};
  for (let i = 0; i < 300 && project.analysisStatus !== 'completed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    project = await call(url, `/api/projects/${id}`, { token });
  }
  if (project.analysisStatus !== 'completed') throw new Error(`seed analysis: ${String(project.analysisStatus)}`);
  const chapterId = (project.outline as { id: string }[])[0]?.id;
  if (!chapterId) throw new Error('seed analysis: no outline');
  const characters = [
    ['s1', 'Anne'],
    ['s2', 'Ben'],
    ['s3', 'Cook'],
    ['s4', 'Dora'],
  ].map(([cid, name]) => ({ id: cid, name, color: '#3355aa', isUserCreated: true }));
  await call(url, `/api/projects/${id}/characters`, {
    method: 'PATCH',
    csrf,
    token,
    headers: json,
    body: JSON.stringify({ characters }),
  });
  const line = (n: string, text: string, speakerId: string) => {
    const startOffset = EDITS_TEXT.indexOf(`"${text}"`);
    const endOffset = startOffset + text.length + 2;
    return { id: n, text, startOffset, endOffset, speakerId, confidence: 0.9, attributionMethod: 'explicit' };
  };
  const quotes = [line('q1', 'Come here,', 's1'), line('q2', 'Why?', 's2'), line('q3', 'Because I said so,', 's4')];
  await call(url, `/api/projects/${id}/quotes`, {
    method: 'PATCH',
    csrf,
    token,
    headers: json,
    body: JSON.stringify({ quotes }),
  });
  const { contentVersion } = await call(url, `/api/projects/${id}/quotes/q1/spread`, { method: 'POST', csrf, token });
  const { notifications } = await call(url, '/api/notifications', { token });
  const notificationId = (notifications as unknown as { id: string }[])[0]?.id;
  if (!notificationId) throw new Error('seed analysis: no notification');
  return { editsProjectId: id, editsChapterId: chapterId, editsContentVersion: Number(contentVersion), notificationId };
}

/** schemathesis.toml: who the caller is, the seeded ids, and the operations checked beyond their schema. */
function config(s: Seed, token: string): string {
  const lines = [
    // The CSRF pair goes with every call, as a browser sends it (top level: before any [table]).
    `headers = { "X-CSRF-Token" = "${s.csrf}", Cookie = "csrf=${s.csrf}" }`,
    `[auth.openapi.bearerAuth]`,
    `bearer = "${token}"`,

    // 413 and 414 refuse bad input too (a value over its length limit in a URL is a 414).
    `[checks.negative_data_rejection]`,
    `expected-statuses = [400, 401, 403, 404, 405, 406, 409, 413, 414, 415, 422, 428, 429]`,
    // Links come from the documents alone: inferred ones would promise an avatar every author lacks.
    `[phases.stateful.inference]`,
    `algorithms = []`,
    // Methods whose body nothing reads are not probed with one (QUERY: Node's parser takes it for
    // bodiless; GET, TRACE: the gateway forwards no body, and the unread bytes then spoil the next
    // request on the connection). Bodiless, they get their 405 like any other method.
    // Values taken from earlier answers make a generated case "changed", and Schemathesis then re-checks
    // it and counts a form with a file as negative: each phase generates from the documents alone.
    `[phases.fuzzing.extra-data-sources]`,
    `responses = false`,
    `[phases.coverage]`,
    `unexpected-methods = ["PUT", "POST", "DELETE", "OPTIONS", "PATCH"]`,
    `[[operations]]`,
    `include-name = "GET /api/authors/{id}/avatar"`,
    `parameters = { "path.id" = "${s.authorId}" }`,
    `[[operations]]`,
    `include-name = "GET /api/projects/{id}/analysis-progress"`,
    `parameters = { "path.id" = "${s.projectId}" }`,
    // A project names an author of the caller's.
    `[[operations]]`,
    `include-name = "POST /api/projects"`,
    `parameters = { "body.authorId" = "${s.authorId}" }`,
    `[[operations]]`,
    `include-name = "PATCH /api/projects/{id}"`,
    `parameters = { "body.authorId" = "${s.authorId}" }`,
    `[[operations]]`,
    `include-name = "GET /api/upload/audio/{name}"`,
    `parameters = { "path.name" = "${s.audioName}" }`,
    `[[operations]]`,
    `include-name = "POST /api/projects/{id}/characters/{characterId}/voice-takes"`,
    `parameters = { "path.id" = "${s.projectId}", "path.characterId" = "c1" }`,
    `[[operations]]`,
    `include-name = "PUT /api/projects/{id}/characters/{characterId}/voice"`,
    `parameters = { "path.id" = "${s.projectId}", "path.characterId" = "c1" }`,
    `[[operations]]`,
    `include-name = "DELETE /api/projects/{id}/characters/{characterId}/voice-takes/{takeId}"`,
    `parameters = { "path.id" = "${s.projectId}", "path.characterId" = "c1", "path.takeId" = "${s.takeId}" }`,
    // The seeded project and its character (issue 18's character analysis).
    `[[operations]]`,
    `include-name = "POST /api/projects/{id}/character-analysis"`,
    `parameters = { "path.id" = "${s.projectId}", "body.characterIds" = ["c1"] }`,
    // The seeded characters to merge and delete (issue 19).
    `[[operations]]`,
    `include-name = "POST /api/projects/{id}/characters/{characterId}/merge"`,
    `parameters = { "path.id" = "${s.projectId}", "path.characterId" = "m1", "body.intoId" = "m2" }`,
    `[[operations]]`,
    `include-name = "DELETE /api/projects/{id}/characters/{characterId}"`,
    `parameters = { "path.id" = "${s.projectId}", "path.characterId" = "d1" }`,
    // The seeded project's second opinion (issue 18).
    ...['', '/estimate', '/cancel'].flatMap((route) => [
      `[[operations]]`,
      `include-name = "POST /api/projects/{id}/second-opinion${route}"`,
      `parameters = { "path.id" = "${s.projectId}" }`,
    ]),
    `[[operations]]`,
    `include-name = "GET /api/projects/{id}/second-opinion"`,
    `parameters = { "path.id" = "${s.projectId}" }`,
    // The seeded project's exports and review queue (issue 19); `name` is documented as the list of exports.
    `[[operations]]`,
    `include-name = "GET /api/projects/{id}/export/{name}"`,
    `parameters = { "path.id" = "${s.projectId}" }`,
    `[[operations]]`,
    `include-name = "GET /api/projects/{id}/review"`,
    `parameters = { "path.id" = "${s.projectId}" }`,
    // Issue 19's speaker edits on their own project (seedSpeakerEdits): each has a line it can move.
    `[[operations]]`,
    `include-name = "POST /api/projects/{id}/quotes/{quoteId}/spread"`,
    `parameters = { "path.id" = "${s.editsProjectId}", "path.quoteId" = "q1" }`,
    `[[operations]]`,
    `include-name = "POST /api/projects/{id}/quotes/{quoteId}/spread/apply"`,
    `parameters = { "path.id" = "${s.editsProjectId}", "path.quoteId" = "q1", "body.contentVersion" = ${s.editsContentVersion}, "body.changes" = [{ quoteId = "q2", fromSpeakerId = "s2", toSpeakerId = "s1" }] }`,
    `[[operations]]`,
    `include-name = "POST /api/projects/{id}/characters/{characterId}/assign"`,
    `parameters = { "path.id" = "${s.editsProjectId}", "path.characterId" = "s1", "body.toId" = "s3", "body.chapterId" = "${s.editsChapterId}" }`,
    `[[operations]]`,
    `include-name = "POST /api/projects/{id}/characters/{characterId}/split"`,
    `parameters = { "path.id" = "${s.editsProjectId}", "path.characterId" = "s4", "body.quoteIds" = ["q3"] }`,
    `[[operations]]`,
    `include-name = "GET /api/projects/{id}/breakdown"`,
    `parameters = { "path.id" = "${s.editsProjectId}" }`,
    `[[operations]]`,
    `include-name = "POST /api/notifications/{id}/read"`,
    `parameters = { "path.id" = "${s.notificationId}" }`,
    // A feature id the catalogue knows (any other is a 404, covered by billing's integration tests).
    `[[operations]]`,
    `include-name = "GET /api/subscriptions/feature/{feature}"`,
    `parameters = { "path.feature" = "characters:analysis" }`,
    `[[operations]]`,
    `include-name = "GET /api/subscriptions/features/{featureId}"`,
    `parameters = { "path.featureId" = "voice:recording" }`,
    `[[operations]]`,
    `include-name = "POST /api/subscriptions/checkout"`,
    `parameters = { "body.successUrl" = "${checkoutUrls(s.url).successUrl}", "body.cancelUrl" = "${checkoutUrls(s.url).cancelUrl}" }`,
  ];
  for (const name of MULTIPART) {
    lines.push(`[[operations]]`, `include-name = "${name}"`, `generation = { mode = "positive" }`);
  }
  for (const name of CHECKED_BEYOND_SCHEMA) {
    lines.push(
      `[[operations]]`,
      `include-name = "${name}"`,
      `checks = { positive_data_acceptance.expected-statuses = ["2XX", 400, 401, 403, 404, 409, 429] }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

interface Run {
  service: string;
  status: number | null;
  output: string;
  cases: number;
}

function schemathesis(configPath: string, service: string, answers: string, extra: string[], resetToken = ''): Run {
  const args = [
    '--config-file',
    configPath,
    'run',
    `${seed.url}/api/docs/services/${service}.json`,
    '--url',
    seed.url,
    '--checks',
    'all',
    '--phases',
    'examples,coverage,fuzzing,stateful',
    '--max-examples',
    String(MAX_EXAMPLES),
    '--workers',
    '1',
    '--no-color',
    // The outline is a recursive tree of patterned titles: Hypothesis discards many drafts of it.
    '--suppress-health-check',
    'filter_too_much',
    ...(SEED === 'random' ? [] : ['--seed', SEED]),
    ...extra,
  ];
  const res = spawnSync(SCHEMATHESIS, args, {
    cwd: dataDir, // its own cache folder (.schemathesis) goes with the run's data
    encoding: 'utf8',
    timeout: 600_000,
    env: {
      ...process.env,
      PYTHONPATH: HOOKS_DIR,
      SCHEMATHESIS_HOOKS: 'castbook_hooks',
      CASTBOOK_USER_ID: seed.userId,
      CASTBOOK_EMAIL: EMAIL,
      CASTBOOK_PASSWORD: PASSWORD,
      CASTBOOK_RESET_TOKEN: resetToken,
      CASTBOOK_ANSWERS: answers,
      CASTBOOK_FREE_TOKEN: seed.freeToken,
    },
  });
  const output = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  const cases = Number(/(\d+) generated/.exec(output)?.[1] ?? 0);
  return { service, status: res.status, output, cases };
}

describe.skipIf(!installed)('Schemathesis over every service document, through the gateway', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'castbook-api-'));
    await chmod(dataDir, 0o755); // PostgreSQL runs as its own user when the tests run as root
    const port = await freePort();
    // The language model (issue 18) runs in a process of its own: this one is blocked while
    // Schemathesis runs (spawnSync), and a server here could not answer the stack meanwhile.
    model = spawn(
      process.execPath,
      ['--conditions=@castbook/source', '--import', 'tsx', join(HOOKS_DIR, 'fake-model.ts')],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const modelUrl = await new Promise<string>((resolve, reject) => {
      model!.once('exit', (code) => reject(new Error(`the fake language model exited (${code})`)));
      model!.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
    });
    const { openSync } = await import('node:fs');
    const log = openSync(join(dataDir, 'stack.log'), 'a');
    stack = spawn(process.execPath, ['--conditions=@castbook/source', '--import', 'tsx', 'launcher/src/main.ts'], {
      cwd: ROOT,
      detached: true, // its own process group: stopped whole at the end
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: join(dataDir, 'data'),
        // info: the embedded mailer writes the reset mail to the log, where the test reads its link.
        LOG_LEVEL: 'info',
        // The fuzzer signs in and registers far more often than a person: no rate limit is under test here.
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
        RATE_LIMIT_REGISTER_PER_MINUTE: '1000000',
        RATE_LIMIT_RESET_PER_MINUTE: '1000000',
        LOGIN_ADDRESS_MAX_FAILURES: '1000000',
        OPENAI_BASE_URL: modelUrl,
        OPENAI_MODEL: 'fake-fuzz',
      },
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url);
    seed = await seedData(url);
  }, 240_000);

  afterAll(async () => {
    if (stack?.pid && stack.exitCode === null) {
      const exited = new Promise((r) => stack!.once('exit', r));
      process.kill(-stack.pid, 'SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      if (stack.exitCode === null) process.kill(-stack.pid, 'SIGKILL');
    }
    if (dataDir && !process.env.KEEP_API_DATA) await rm(dataDir, { recursive: true, force: true });
    model?.kill();
  }, 60_000);

  it('finds no failure, and every operation answers 2xx at least once', async () => {
    const configPath = join(dataDir, 'schemathesis.toml');
    const answers = join(dataDir, 'answers.ndjson');
    await writeFile(configPath, config(seed, seed.token));
    const runs: Run[] = [];
    const last = ['POST /api/auth/logout', 'POST /api/auth/reset-password/confirm'];
    for (const service of SERVICES) {
      // Setting a new password and signing out end the session the other calls use: they run last.
      const exclude = service === 'auth' ? last.flatMap((name) => ['--exclude-name', name]) : [];
      if (service === 'projects') {
        // The operations on the seeded characters run first, on their own: the project-wide writes
        // (PATCH …/characters replaces the whole cast, a content change clears it) would otherwise
        // remove c1, m1 and d1 before these are tried with them.
        runs.push({
          ...schemathesis(
            configPath,
            service,
            answers,
            ON_SEEDED_CHARACTERS.flatMap((n) => ['--include-name', n]),
          ),
          service: 'projects (seeded cast)',
        });
        exclude.push(...ON_SEEDED_CHARACTERS.flatMap((n) => ['--exclude-name', n]));
      }
      runs.push(schemathesis(configPath, service, answers, exclude));
    }
    // The reset link's token, from the mail the embedded mailer writes to the log.
    await call(seed.url, '/api/auth/reset-password', {
      method: 'POST',
      csrf: seed.csrf,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: RESET_EMAIL }),
    });
    const resetToken = await waitFor(async () => {
      const log = await readFile(join(dataDir, 'stack.log'), 'utf8');
      const mail = log.split('\n').find((line) => line.includes(`"to":"${RESET_EMAIL}"`));
      return mail ? /reset-password\?token=([\w-]+)/.exec(mail)?.[1] : undefined;
    });
    runs.push({
      ...schemathesis(configPath, 'auth', answers, ['--include-name', last[1]!], resetToken),
      service: 'auth (reset confirm)',
    });
    const again = await call(seed.url, '/api/auth/login', {
      method: 'POST',
      csrf: seed.csrf,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const logoutConfig = join(dataDir, 'schemathesis-logout.toml');
    await writeFile(logoutConfig, config(seed, String(again.token)));
    runs.push({
      ...schemathesis(logoutConfig, 'auth', answers, ['--include-name', last[0]!]),
      service: 'auth (logout)',
    });

    // Which documented operations answered 2xx at least once.
    const documented = new Set<string>();
    for (const service of SERVICES) {
      const doc = (await (await fetch(`${seed.url}/api/docs/services/${service}.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      for (const [path, ops] of Object.entries(doc.paths)) {
        for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path}`);
      }
    }
    const text = existsSync(answers) ? await readFile(answers, 'utf8') : '';
    const statuses = new Map<string, number[]>();
    for (const line of text.split('\n').filter(Boolean)) {
      const { operation, status } = JSON.parse(line) as { operation: string; status: number };
      statuses.set(operation, [...(statuses.get(operation) ?? []), status]);
    }
    const reached = [...documented].filter((op) => statuses.get(op)?.some((s) => s >= 200 && s < 300));
    const unreached = [...documented].filter((op) => !reached.includes(op)).sort();
    const cases = runs.reduce((n, r) => n + r.cases, 0);
    const calls = [...statuses.values()].reduce((n, s) => n + s.length, 0);
    const summary = [
      `${spawnSync(SCHEMATHESIS, ['--version'], { cwd: dataDir, encoding: 'utf8' }).stdout.trim()}, --checks all, ` +
        `max ${MAX_EXAMPLES} examples, seed ${SEED}`,
      ...runs.map((r) => `  ${r.service.padEnd(21)} ${String(r.cases).padStart(5)} cases  exit ${r.status}`),
      `  ${cases} generated cases, ${calls} calls; operations answering 2xx: ${reached.length}/${documented.size}`,
      ...(unreached.length ? [`  never 2xx: ${unreached.join(', ')}`] : []),
    ].join('\n');
    console.log(summary);
    await writeFile(join(ROOT, 'test-results', 'schemathesis-summary.txt'), `${summary}\n`).catch(() => undefined);
    for (const r of runs) {
      if (r.status !== 0) console.log(`--- ${r.service} ---\n${r.output}`);
    }
    expect(
      runs.filter((r) => r.status !== 0).map((r) => r.service),
      'services with failures',
    ).toEqual([]);
    expect(unreached, 'operations that never answered 2xx').toEqual([]);
  }, 1_500_000);
});
