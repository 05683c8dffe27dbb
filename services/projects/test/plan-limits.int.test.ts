// Issue 16: plan limits enforced by the services, not the browser. Through the gateway of the
// workspace stack (auth, billing, authors, projects) on real PostgreSQL: a Free user is refused
// server-side for each limit and nothing changes; subscription.changed.v1 to Pro lifts them within a
// second; back to Free, projects past the oldest one become read-only (reads and deletes allowed);
// storage counts the bytes of both services (each learns the other's from its event).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, TOPICS, type PlanId } from '@castbook/contracts';
import { createLogger, Database, newEvent } from '@castbook/platform';
import { type ApiClient, signedUpClient, startWorkspaceStack, waitFor, type WorkspaceStack } from '@castbook/test-kit';
import { wav } from './audio-fixtures.js';

type Json = Record<string, unknown>;

const MB = 1024 * 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WAV = wav(0.1); // a real recording: samples are checked by their bytes (issue 17)
const BOOK = 'CHAPTER I. The Start\n\n' + 'It went on and on through the long grey afternoon. '.repeat(20);

const MESSAGES = {
  projectLimit:
    'Subscription Limit Reached: Your Free tier allows a maximum of 1 projects. Please upgrade to create more.',
  words: 'This text has 100,001 words. Your Free plan allows up to 100,000 words per project.',
  storage: 'Storage limit reached: your Free plan includes 100 MB of storage.',
  feature: 'This feature requires a subscription upgrade.',
  readOnly: 'This project is read-only: your Free plan allows 1 project. Upgrade or delete a project to edit it.',
};

const send = (client: ApiClient, method: string, path: string, fields: Record<string, string | Buffer>) =>
  client.form<Json>(
    method,
    path,
    Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : new Blob([new Uint8Array(v)])]),
    ),
  );

let stack: WorkspaceStack;
let projectsDb: Database;
beforeAll(async () => {
  stack = await startWorkspaceStack();
  const logger = createLogger('test', 'warn');
  projectsDb = new Database({ url: stack.databases.projects, logger, max: 2 });
});
afterAll(async () => {
  await projectsDb?.close();
  await stack?.stop();
});

/**
 * Whether a consumer group has handled every record published so far on a topic (the memory bus
 * keeps one committed offset per group and partition): what this service's tests may know of
 * another service's read model without opening its database.
 */
const handled = (group: string, topic: string) =>
  stack.bus
    .consumerLag()
    .filter((l) => l.group === group && l.topic === topic)
    .every((l) => l.lag === 0);

/** project_storage.changed.v1 of the user in this service's outbox, oldest first, once all are sent. */
async function announced(userId: string): Promise<number[] | false> {
  const { rows } = await projectsDb.query<{ envelope: { payload: { storageBytes: number } }; sent: boolean }>(
    `SELECT envelope, sent_at IS NOT NULL AS sent FROM outbox
     WHERE envelope->>'type' = 'project_storage.changed.v1' AND key = $1 ORDER BY position`,
    [userId],
  );
  return rows.every((r) => r.sent) && rows.map((r) => r.envelope.payload.storageBytes);
}

/** A signed-up user whose registration's plan both services have applied (so a fed event is the latest). */
async function user(tier: 'free' | 'pro' = 'free') {
  const { client, user } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: tier });
  const id = (user as { id: string }).id;
  await waitFor(
    async () =>
      (await projectsDb.query('SELECT tier FROM plan_limits WHERE user_id = $1', [id])).rows[0]?.tier === tier &&
      handled('authors', TOPICS.billing),
    'the registration plan in both read models',
    5000,
  );
  const author = (await send(client, 'POST', '/api/authors', { firstName: 'Orla', lastName: 'Penhallow' })).body
    .data as Json;
  return { client, id, authorId: author.id as string };
}

/** What billing publishes on a plan change. */
async function changePlan(userId: string, tier: PlanId, over: Partial<(typeof PLANS)['free']['limits']> = {}) {
  const plan = PLANS[tier];
  const event = newEvent('subscription.changed.v1', userId, userId, {
    userId,
    tier: tier === 'enterprise' ? 'pro' : tier,
    status: 'active',
    limits: { ...plan.limits, ...over },
    features: [...plan.featureIds],
  });
  await stack.bus.publish([{ topic: TOPICS.billing, event }]);
}

/** What the other service publishes about the user's bytes there. */
async function otherBytes(type: 'author_storage.changed.v1' | 'project_storage.changed.v1', userId: string, n: number) {
  const event =
    type === 'author_storage.changed.v1'
      ? newEvent(type, userId, userId, { userId, storageBytes: n })
      : newEvent(type, userId, userId, { userId, storageBytes: n, projectCount: 1 });
  await stack.bus.publish([{ topic: type === 'author_storage.changed.v1' ? TOPICS.authors : TOPICS.projects, event }]);
}

const create = (client: ApiClient, authorId: string, title: string, extra: Record<string, string | Buffer> = {}) =>
  send(client, 'POST', '/api/projects', { title, content: BOOK, authorId, ...extra });

const uploadAudio = (client: ApiClient, projectId?: string) =>
  client.post<{ url: string }>('/api/upload/audio', {
    audioData: `data:audio/wav;base64,${WAV.toString('base64')}`,
    fileType: 'wav',
    ...(projectId && { projectId }),
  });

/** Files kept under a folder of the disk store (emptied folders may stay; files may not). */
const filesUnder = async (...path: string[]) =>
  (await readdir(join(stack.blobDir, ...path), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) =>
    e.isFile(),
  ).length;
const audioFiles = (userId: string) => filesUnder('audio', userId);

/** The user's avatar bytes as this service's read model holds them (-1: none yet). */
async function avatarBytesHere(userId: string) {
  const { rows } = await projectsDb.query<{ n: string }>(
    'SELECT storage_bytes AS n FROM author_storage WHERE user_id = $1',
    [userId],
  );
  return rows[0] ? Number(rows[0].n) : -1;
}

/** Within a second of the event (the bound): the read model is what every request reads. */
const soon = <T>(probe: () => Promise<T | false>, what: string) => waitFor(probe, what, 1000);

describe('a Free user', () => {
  it('is refused server-side for each limit, and nothing changes', async () => {
    const { client, id, authorId } = await user('free');
    const words = 'word '.repeat(100_001);
    expect(await send(client, 'POST', '/api/projects', { title: 'Long', content: words, authorId })).toMatchObject({
      status: 403,
      body: { error: MESSAGES.words },
    });
    expect((await client.get<Json[]>('/api/projects')).body.data).toEqual([]);
    const first = (await create(client, authorId, 'One')).body.data as Json;
    expect(first).toMatchObject({ title: 'One', readOnly: false });

    // Projects per plan.
    expect(await create(client, authorId, 'Two')).toMatchObject({
      status: 403,
      body: { error: MESSAGES.projectLimit },
    });
    // Words per project on a content change too.
    expect(await send(client, 'PATCH', `/api/projects/${first.id}`, { content: words })).toMatchObject({
      status: 403,
      body: { error: MESSAGES.words },
    });
    const kept = await client.get<Json>(`/api/projects/${first.id}`);
    expect(kept.body.data).toMatchObject({ content: BOOK, readOnly: false });
    // Voice samples: voice:recording is Pro's, whatever the client says.
    expect(await uploadAudio(client)).toMatchObject({ status: 403, body: { error: MESSAGES.feature } });
    expect(await audioFiles(id)).toBe(0);
    expect((await client.get<Json[]>('/api/projects')).body.data).toHaveLength(1);
  });

  it("counts the authors service's bytes (avatars) toward the projects' storage, and the other way round", async () => {
    const { client, id, authorId } = await user('free');
    const project = (await create(client, authorId, 'Stored')).body.data as Json;
    // Wait for projects' own announcement to be handled first, so the fed numbers below are the latest.
    await waitFor(
      async () => (await announced(id)) !== false && handled('authors', TOPICS.projects),
      'project_storage handled by authors',
      5000,
    );
    // Avatars fill the plan but for a few bytes: a cover no longer fits.
    const fed = 100 * MB - Buffer.byteLength(BOOK) - 10;
    await otherBytes('author_storage.changed.v1', id, fed);
    // The read model follows the event within a second (probed, so no write is tried before it).
    await soon(async () => (await avatarBytesHere(id)) === fed, 'author_storage');
    const refused = await send(client, 'PATCH', `/api/projects/${project.id}`, { thumbnail: PNG, title: 'Renamed' });
    expect(refused).toMatchObject({ status: 413, body: { error: MESSAGES.storage } });
    const unchanged = (await client.get<Json>(`/api/projects/${project.id}`)).body.data!;
    expect(unchanged).toMatchObject({ title: 'Stored', thumbnail: project.thumbnail });
    expect(await filesUnder('images', 'thumbnails', id)).toBe(0);
    // A smaller text frees bytes: always allowed, even at the limit.
    expect((await send(client, 'PATCH', `/api/projects/${project.id}`, { content: 'Short now.' })).status).toBe(200);

    // Projects' bytes fill the plan: an avatar is refused by the authors service.
    await otherBytes('project_storage.changed.v1', id, 100 * MB - 5);
    await soon(async () => handled('authors', TOPICS.projects), 'project_storage handled by authors');
    expect(await send(client, 'PATCH', `/api/authors/${authorId}`, { avatar: PNG })).toMatchObject({
      status: 413,
      body: { error: MESSAGES.storage },
    });
    const avatar = await send(client, 'POST', '/api/authors', { firstName: 'A', lastName: 'B', avatar: PNG });
    expect(avatar).toMatchObject({ status: 413, body: { error: MESSAGES.storage } });
    expect((await client.get<Json[]>('/api/authors')).body.data).toHaveLength(1);
    expect((await client.get<Json>(`/api/authors/${authorId}`)).body.data?.avatar).toBeNull();
    expect(await filesUnder('images', 'avatars', id)).toBe(0);
  });

  it("refuses a voice sample over the plan's storage, keeping nothing", async () => {
    const { client, id } = await user('pro');
    const fed = 10 * 1024 * MB - 10;
    await otherBytes('author_storage.changed.v1', id, fed);
    await soon(async () => (await avatarBytesHere(id)) === fed, 'author_storage');
    expect(await uploadAudio(client)).toMatchObject({
      status: 413,
      body: { error: 'Storage limit reached: your Pro plan includes 10 GB of storage.' },
    });
    expect(await audioFiles(id)).toBe(0);
    expect(await projectsDb.query('SELECT 1 FROM audio_samples WHERE user_id = $1', [id])).toMatchObject({
      rowCount: 0,
    });
    expect(await announced(id)).toEqual([]);
  });

  it('announces its real bytes: a text and a cover to authors, an avatar to projects', async () => {
    const { client, id, authorId } = await user('pro');
    const project = (await create(client, authorId, 'Counted', { thumbnail: PNG })).body.data as Json;
    const stored = await projectsDb.query<{ content_bytes: string; thumbnail_bytes: string }>(
      'SELECT content_bytes, thumbnail_bytes FROM projects WHERE id = $1',
      [project.id],
    );
    const row = stored.rows[0]!;
    expect(Number(row.content_bytes)).toBe(Buffer.byteLength(BOOK));
    expect(Number(row.thumbnail_bytes)).toBeGreaterThan(0);
    const sample = (await uploadAudio(client)).body.data!.url;
    const expected = Number(row.content_bytes) + Number(row.thumbnail_bytes) + WAV.length;
    expect(await waitFor(() => announced(id), 'the bytes announced', 5000)).toEqual([expected - WAV.length, expected]);
    // The sample goes when no character points at it any more (here: attached, then replaced by none).
    const characters = [
      {
        id: 'c1',
        name: 'Anne',
        color: '#123456',
        summary: '',
        mentions: 0,
        alternativeNames: [],
        relationships: [],
        isUserCreated: true,
        audioSample: sample,
      },
    ];
    expect((await client.call('PATCH', `/api/projects/${project.id}/characters`, { characters })).status).toBe(200);
    expect(await audioFiles(id)).toBe(1);
    const without = [{ ...characters[0], audioSample: null }];
    expect((await client.call('PATCH', `/api/projects/${project.id}/characters`, { characters: without })).status).toBe(
      200,
    );
    expect(await audioFiles(id)).toBe(0);
    // Attaching changed no bytes (nothing announced); releasing did.
    expect(await waitFor(() => announced(id), 'the freed sample announced', 5000)).toEqual([
      expected - WAV.length,
      expected,
      expected - WAV.length,
    ]);

    const avatar = (await send(client, 'PATCH', `/api/authors/${authorId}`, { avatar: PNG })).body.data as Json;
    const avatarBytes = (
      await fetch(`${stack.gatewayUrl}${avatar.avatar as string}`, {
        headers: { authorization: `Bearer ${client.token}` },
      }).then((r) => r.arrayBuffer())
    ).byteLength;
    await waitFor(
      async () =>
        Number(
          (await projectsDb.query('SELECT storage_bytes FROM author_storage WHERE user_id = $1', [id])).rows[0]
            ?.storage_bytes,
        ) === avatarBytes,
      'the avatar bytes announced to projects',
      5000,
    );
  });
});

describe('plan changes', () => {
  it('Pro lifts every limit within a second of subscription.changed', async () => {
    const { client, id, authorId } = await user('free');
    const first = (await create(client, authorId, 'One')).body.data as Json;
    expect((await create(client, authorId, 'Two')).status).toBe(403);
    await otherBytes('author_storage.changed.v1', id, 100 * MB);

    await changePlan(id, 'pro');
    const second = await soon(async () => {
      const r = await create(client, authorId, 'Two');
      return r.status === 201 && r;
    }, 'a second project on Pro');
    expect(second.body.data).toMatchObject({ title: 'Two', readOnly: false });
    expect((await create(client, authorId, 'Three')).status).toBe(201);
    expect(
      (await send(client, 'PATCH', `/api/projects/${first.id}`, { content: 'word '.repeat(100_001) })).status,
    ).toBe(200);
    expect((await send(client, 'PATCH', `/api/projects/${first.id}`, { thumbnail: PNG })).status).toBe(200);
    expect((await uploadAudio(client)).status).toBe(200);
    expect(await audioFiles(id)).toBe(1);
  });

  it('back to Free: projects past the oldest are read-only until upgraded or deleted', async () => {
    const { client, id, authorId } = await user('pro');
    const ids: string[] = [];
    for (const title of ['Oldest', 'Middle', 'Newest']) {
      ids.push(((await create(client, authorId, title)).body.data as Json).id as string);
    }
    const [oldest, middle, newest] = ids as [string, string, string];

    await changePlan(id, 'free');
    const list = await soon(async () => {
      const data = (await client.get<Json[]>('/api/projects')).body.data ?? [];
      return data.some((p) => p.readOnly) && data;
    }, 'read-only projects in the list');
    const byId = new Map(list.map((p) => [p.id as string, p]));
    expect(byId.get(oldest)).toMatchObject({ readOnly: false });
    expect(byId.get(oldest)).not.toHaveProperty('readOnlyReason');
    for (const p of [middle, newest]) {
      expect(byId.get(p)).toMatchObject({ readOnly: true, readOnlyReason: MESSAGES.readOnly });
    }
    // Reading stays allowed, and says why.
    const full = await client.get<Json & { outline: unknown[]; characters: unknown[] }>(`/api/projects/${middle}`);
    expect(full.body.data).toMatchObject({ content: BOOK, readOnly: true, readOnlyReason: MESSAGES.readOnly });

    // Every write is a 403 with the reason, and changes nothing.
    const refused = { status: 403, body: { success: false, error: MESSAGES.readOnly } };
    expect(await send(client, 'PATCH', `/api/projects/${middle}`, { title: 'Changed' })).toMatchObject(refused);
    expect(await send(client, 'PATCH', `/api/projects/${middle}`, { content: 'New text.' })).toMatchObject(refused);
    expect(await client.call('PATCH', `/api/projects/${middle}/outline`, { outline: [] })).toMatchObject(refused);
    expect(await client.call('PATCH', `/api/projects/${middle}/characters`, { characters: [] })).toMatchObject(refused);
    expect(await client.call('PATCH', `/api/projects/${middle}/quotes`, { quotes: [] })).toMatchObject(refused);
    expect(await client.post(`/api/projects/${middle}/analyze`)).toMatchObject(refused);
    // Merging and deleting characters (issue 19): refused before the characters are looked up.
    expect(await client.post(`/api/projects/${middle}/characters/a/merge`, { intoId: 'b' })).toMatchObject(refused);
    expect(await client.call('DELETE', `/api/projects/${middle}/characters/a`)).toMatchObject(refused);
    expect(await client.post(`/api/projects/${middle}/detect-structure`, {})).toMatchObject(refused);
    expect(await send(client, 'PATCH', `/api/projects/${newest}`, { thumbnail: PNG })).toMatchObject(refused);
    const after = await client.get<Json>(`/api/projects/${middle}`);
    expect(after.body.data).toMatchObject({ title: 'Middle', content: BOOK, updatedAt: full.body.data!.updatedAt });

    // The oldest stays writable.
    expect((await send(client, 'PATCH', `/api/projects/${oldest}`, { title: 'Still mine' })).status).toBe(200);

    // Deleting the oldest makes the next one writable; the newest stays read-only.
    expect((await client.call('DELETE', `/api/projects/${oldest}`)).status).toBe(200);
    expect((await client.get<Json>(`/api/projects/${middle}`)).body.data).toMatchObject({ readOnly: false });
    expect((await send(client, 'PATCH', `/api/projects/${middle}`, { title: 'Writable again' })).status).toBe(200);
    expect((await client.get<Json>(`/api/projects/${newest}`)).body.data).toMatchObject({ readOnly: true });
    // A read-only project can be deleted.
    expect((await client.call('DELETE', `/api/projects/${newest}`)).status).toBe(200);
    expect((await client.get<Json[]>('/api/projects')).body.data?.map((p) => p.readOnly)).toEqual([false]);
  });

  it('refuses a voice sample for a read-only project even on a plan with voice:recording', async () => {
    const { client, id, authorId } = await user('pro');
    const older = ((await create(client, authorId, 'Older')).body.data as Json).id as string;
    const newer = ((await create(client, authorId, 'Newer')).body.data as Json).id as string;
    // A plan with the feature but a one-project limit: the sample is refused for the read-only one only.
    await changePlan(id, 'pro', { maxProjects: 1, unlimitedProjects: false });
    await soon(
      async () => (await client.get<Json>(`/api/projects/${newer}`)).body.data?.readOnly === true,
      'the newer project read-only',
    );
    const refused = await uploadAudio(client, newer);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      'This project is read-only: your Pro plan allows 1 project. Upgrade or delete a project to edit it.',
    );
    expect(await audioFiles(id)).toBe(0);
    expect((await uploadAudio(client, older)).status).toBe(200);
    expect(await audioFiles(id)).toBe(1);
  });
});
