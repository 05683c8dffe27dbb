// Issue 17: voice takes through the gateway of the workspace stack on real PostgreSQL and the file
// store. Every refused recording (not audio, too large, too long, another user's, a sixth take, a
// Free plan) keeps nothing: the store and audio_samples are listed. Deleting a take, a character or
// a project leaves no object; samples never attached are swept; playback answers Range requests
// with the bearer token or a signed URL, and only for the owner.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, TOPICS, type Character, type PlanId } from '@castbook/contracts';
import { createLogger, Database, newEvent, serviceSecret } from '@castbook/platform';
import {
  type Answer,
  type ApiClient,
  asTakeFiles,
  newBook,
  startWorkspaceStack,
  waitFor,
  type WorkspaceStack,
} from '@castbook/test-kit';
import { AudioUrls } from '../src/domain/audio-urls.js';
import { PNG, wav } from './audio-fixtures.js';
import { planApplied, signedUpPro } from './plans.js';

type Json = Record<string, unknown>;

const MESSAGES = {
  notAudio: 'The file is not a supported audio recording (WAV, MP3, OGG, WebM or M4A)',
  tooLong: 'The recording is longer than 5 minutes',
  tooLarge: 'The recording is larger than 10 MB',
  tooManyTakes: 'A character keeps at most 5 takes. Delete one first',
  notOwn: 'audioSample must be one of your own recordings (uploaded to this app)',
  feature: 'This feature requires a subscription upgrade.',
};
const BOOK = 'CHAPTER I. The Ferry\n\n"The tide is turning," said Orla Fenwick. "Then we wait," said Bram.\n';

let stack: WorkspaceStack;
let db: Database;
beforeAll(async () => {
  // The sweep runs every second here, so a backdated sample is seen going within the test.
  stack = await startWorkspaceStack({ env: { AUDIO_SWEEP_INTERVAL_MS: '1000' } });
  db = new Database({ url: stack.databases.projects, logger: createLogger('test', 'warn'), max: 2 });
});
afterAll(async () => {
  await db?.close();
  await stack?.stop();
});

/** A form whose Buffers go as files named take.wav, whatever the bytes are: the server must read the bytes. */
const form = (client: ApiClient, method: string, path: string, fields: Record<string, string | Buffer>) =>
  client.form<Character & Json>(method, path, asTakeFiles(fields));

/** A raw GET (the bytes, the headers), with or without the bearer token. */
async function fetchAudio(client: ApiClient | null, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.gatewayUrl}${url}`, {
    headers: { ...headers, ...(client && { authorization: `Bearer ${client.token}` }) },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function changePlan(userId: string, tier: PlanId) {
  const plan = PLANS[tier];
  const event = newEvent('subscription.changed.v1', userId, userId, {
    userId,
    tier: tier === 'enterprise' ? 'pro' : tier,
    status: 'active',
    limits: plan.limits,
    features: [...plan.featureIds],
  });
  await stack.bus.publish([{ topic: TOPICS.billing, event }]);
  await planApplied(db, userId, tier);
}

/** A Pro (trial) user with a project holding two characters. */
async function proWithProject() {
  const { client, userId: id } = await signedUpPro(stack.gatewayUrl, db);
  const { id: projectId } = await newBook(client, { title: 'Ferry', content: BOOK });
  const characters = [
    { id: 'c1', name: 'Orla Fenwick', color: '#aa0000', isUserCreated: true },
    { id: 'c2', name: 'Bram', color: '#00aa00', isUserCreated: true },
  ];
  expect((await client.call('PATCH', `/api/projects/${projectId}/characters`, { characters })).status).toBe(200);
  return { client, id, projectId };
}

const takesPath = (projectId: string, characterId = 'c1') =>
  `/api/projects/${projectId}/characters/${characterId}/voice-takes`;
const upload = (client: ApiClient, projectId: string, file: Buffer, characterId = 'c1') =>
  form(client, 'POST', takesPath(projectId, characterId), { file, source: 'uploaded' });

/** Objects kept under the user's folder of the audio bucket (the file store). */
const objects = async (userId: string) =>
  (await readdir(join(stack.blobDir, 'audio', userId), { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
const rows = async (userId: string) =>
  (
    await db.query<{ name: string }>('SELECT name FROM audio_samples WHERE user_id = $1 ORDER BY name', [userId])
  ).rows.map((r) => r.name);

async function project(client: ApiClient, projectId: string) {
  return (await client.get<{ characters: Character[] }>(`/api/projects/${projectId}`)).body.data!;
}

describe('refused recordings keep nothing', () => {
  it('a PNG sent as WAV, a 12 MB file, a 6-minute WAV, on both ways in', async () => {
    const { client, id, projectId } = await proWithProject();
    const dataUrl = (b: Buffer) => `data:audio/wav;base64,${b.toString('base64')}`;

    expect(await upload(client, projectId, PNG)).toMatchObject({ status: 400, body: { error: MESSAGES.notAudio } });
    expect(
      await client.post('/api/upload/audio', { audioData: dataUrl(PNG), fileType: 'wav', projectId }),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.notAudio } });
    // A WAV cut inside its header is not a readable recording either.
    expect(await upload(client, projectId, wav(1).subarray(0, 30))).toMatchObject({
      status: 400,
      body: { error: MESSAGES.notAudio },
    });

    const big = wav((12 * 1024 * 1024) / 16_000); // 12 MB of 8 kHz 16-bit audio (about 13 minutes)
    expect(big.length).toBeGreaterThan(12 * 1024 * 1024 - 100);
    expect(await upload(client, projectId, big)).toMatchObject({ status: 413, body: { error: MESSAGES.tooLarge } });

    const sixMinutes = wav(360);
    expect(sixMinutes.length).toBeLessThan(10 * 1024 * 1024);
    expect(await upload(client, projectId, sixMinutes)).toMatchObject({
      status: 400,
      body: { error: MESSAGES.tooLong },
    });
    expect(await client.post('/api/upload/audio', { audioData: dataUrl(sixMinutes), fileType: 'wav' })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.tooLong },
    });

    expect(await objects(id)).toEqual([]);
    expect(await rows(id)).toEqual([]);
    expect((await project(client, projectId)).characters[0]?.voiceTakes).toBeUndefined();
  });

  it("a take over the plan's storage, counting the bytes of the other services", async () => {
    const { client, id, projectId } = await proWithProject();
    const max = PLANS.pro.limits.maxStorageBytes;
    // The authors service says the user keeps nearly all of the plan's bytes there (avatars).
    const event = newEvent('author_storage.changed.v1', id, id, { userId: id, storageBytes: max - 10_000 });
    await stack.bus.publish([{ topic: TOPICS.authors, event }]);
    await waitFor(
      async () =>
        Number(
          (await db.query('SELECT storage_bytes AS n FROM author_storage WHERE user_id = $1', [id])).rows[0]?.n,
        ) ===
        max - 10_000,
      'the avatar bytes here',
      5000,
    );
    const refused = await upload(client, projectId, wav(1));
    expect(refused.status).toBe(413);
    expect(refused.body.error).toMatch(/^Storage limit reached: your Pro plan includes .+ of storage\.$/);
    expect(await objects(id)).toEqual([]);
    expect(await rows(id)).toEqual([]);
  });

  it("another user's sample: refused as an audioSample, and a 404 to read", async () => {
    const a = await proWithProject();
    const b = await proWithProject();
    const theirs = (
      await b.client.post<{ url: string }>('/api/upload/audio', {
        audioData: `data:audio/wav;base64,${wav(1).toString('base64')}`,
        fileType: 'wav',
      })
    ).body.data!.url;
    expect(theirs).toMatch(/^\/api\/upload\/audio\/[0-9a-f-]{36}\.wav$/);
    const characters = [{ id: 'c1', name: 'Orla Fenwick', color: '#aa0000', isUserCreated: true, audioSample: theirs }];
    expect(await a.client.call('PATCH', `/api/projects/${a.projectId}/characters`, { characters })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.notOwn },
    });
    expect((await project(a.client, a.projectId)).characters.map((c) => c.audioSample ?? null)).toEqual([null, null]);
    expect((await fetchAudio(a.client, theirs)).status).toBe(404);
    expect((await fetchAudio(b.client, theirs)).status).toBe(200);
    // A signed URL of theirs altered to name the other user fails its signature.
    const signed = new AudioUrls(serviceSecret(undefined)).playUrl(b.id, theirs).replace(b.id, a.id);
    expect((await fetchAudio(null, signed)).status).toBe(403);
    expect(await objects(a.id)).toEqual([]);
    expect(await rows(a.id)).toEqual([]);
    expect(await rows(b.id)).toHaveLength(1);
  });
});

describe('takes', () => {
  it('keeps at most five; the first is chosen; a sixth is a 409 that stores nothing', async () => {
    const { client, id, projectId } = await proWithProject();
    let last: Answer<Character & Json> | undefined;
    for (let n = 1; n <= 5; n++) {
      last = await upload(client, projectId, wav(n / 10));
      expect(last.status).toBe(201);
    }
    const c = last!.body.data!;
    expect(c.voiceTakes).toHaveLength(5);
    expect(c.voiceTakes!.map((t) => t.durationSeconds)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(c.voiceTakes![0]).toMatchObject({ fileType: 'wav', source: 'uploaded', bytes: 44 + 1600 });
    expect(c.audioSample).toBe(c.voiceTakes![0]!.url);
    for (const t of c.voiceTakes!)
      expect(t.playUrl).toMatch(/^\/api\/upload\/audio\/.+\?user=.+&expires=\d+&signature=[0-9a-f]{64}$/);

    expect(await upload(client, projectId, wav(0.6))).toMatchObject({
      status: 409,
      body: { error: MESSAGES.tooManyTakes },
    });
    expect(await objects(id)).toHaveLength(5);
    expect(await rows(id)).toHaveLength(5);
    // The project as GET answers it: the takes, each with a playUrl; PATCH characters cannot forge takes.
    const held = (await project(client, projectId)).characters[0]!;
    expect(held.voiceTakes!.map((t) => t.id)).toEqual(c.voiceTakes!.map((t) => t.id));
    expect(held.voiceTakes!.every((t) => t.playUrl)).toBe(true);
    const forged = { ...held, voiceTakes: [] };
    const patched = await client.call<Character[]>('PATCH', `/api/projects/${projectId}/characters`, {
      characters: [forged, { id: 'c2', name: 'Bram', color: '#00aa00', isUserCreated: true }],
    });
    expect(patched.body.data![0]!.voiceTakes).toHaveLength(5);
  });

  it('chooses a take, saves notes, deletes a take with its object; a Free plan may not upload but may do the rest', async () => {
    const { client, id, projectId } = await proWithProject();
    const first = (await upload(client, projectId, wav(0.2))).body.data!.voiceTakes![0]!;
    const second = (await upload(client, projectId, wav(0.3))).body.data!.voiceTakes![1]!;
    expect(await objects(id)).toEqual([first.url, second.url].map((u) => u.split('/').pop()).sort());

    await changePlan(id, 'free');
    expect(await upload(client, projectId, wav(0.2))).toMatchObject({ status: 403, body: { error: MESSAGES.feature } });
    // What a lapsed trial recorded still plays.
    expect((await fetchAudio(null, first.playUrl!)).status).toBe(200);
    expect(await rows(id)).toHaveLength(2);

    const voicePath = `/api/projects/${projectId}/characters/c1/voice`;
    const chosen = await client.call<Character>('PUT', voicePath, {
      audioSample: second.id,
      voiceNotes: { accent: 'Yorkshire', direction: 'gravelly, slow', pitch: '  ' },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({
      audioSample: second.url,
      voiceNotes: { accent: 'Yorkshire', direction: 'gravelly, slow' },
    });
    expect(chosen.body.data!.voiceNotes).not.toHaveProperty('pitch');
    expect((await client.call('PUT', voicePath, { audioSample: 'no-such-take' })).status).toBe(404);

    const deleted = await client.call<Character>('DELETE', `${takesPath(projectId)}/${second.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data!.audioSample).toBeNull();
    expect(deleted.body.data!.voiceTakes!.map((t) => t.id)).toEqual([first.id]);
    expect(await objects(id)).toEqual([first.url.split('/').pop()]);
    expect(await rows(id)).toEqual([first.url.split('/').pop()]);
    // Its old URLs play no more.
    expect((await fetchAudio(client, second.url)).status).toBe(404);
    // The notes are the user's work: they are kept (and go with the character, below).
    expect((await project(client, projectId)).characters[0]!.voiceNotes).toEqual({
      accent: 'Yorkshire',
      direction: 'gravelly, slow',
    });
  });

  it('a character dropped by PATCH characters, then the project deleted: no object, no row left', async () => {
    const { client, id, projectId } = await proWithProject();
    await upload(client, projectId, wav(0.2), 'c1');
    await upload(client, projectId, wav(0.2), 'c1');
    await upload(client, projectId, wav(0.2), 'c2');
    expect(await objects(id)).toHaveLength(3);
    const held = (await project(client, projectId)).characters;
    const withoutC1 = held.filter((c) => c.id !== 'c1');
    expect(
      (await client.call('PATCH', `/api/projects/${projectId}/characters`, { characters: withoutC1 })).status,
    ).toBe(200);
    expect(await objects(id)).toHaveLength(1);
    expect(await rows(id)).toHaveLength(1);
    expect((await client.call('DELETE', `/api/projects/${projectId}`)).status).toBe(200);
    expect(await objects(id)).toEqual([]);
    expect(await rows(id)).toEqual([]);
  });

  it('a sample uploaded with POST /api/upload/audio and never attached is swept after an hour', async () => {
    const { client, id } = await proWithProject();
    const url = (
      await client.post<{ url: string }>('/api/upload/audio', {
        audioData: `data:audio/wav;base64,${wav(0.5).toString('base64')}`,
        fileType: 'mp3', // a wrong hint: the bytes decide
      })
    ).body.data!.url;
    expect(url).toMatch(/\.wav$/);
    const name = url.split('/').pop()!;
    expect(await objects(id)).toEqual([name]);
    // Younger than an hour: the sweep (every second here) leaves it; once it is older, it goes.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await rows(id)).toEqual([name]);
    await db.query("UPDATE audio_samples SET created_at = now() - interval '61 minutes' WHERE user_id = $1", [id]);
    await waitFor(async () => (await rows(id)).length === 0 && (await objects(id)).length === 0, 'the sweep', 5000);
  });
});

describe('playback', () => {
  it('answers Range requests with the bearer token and with a signed URL; expired or forged URLs are refused', async () => {
    const { client, id, projectId } = await proWithProject();
    const sent = wav(1);
    const take = (await upload(client, projectId, sent)).body.data!.voiceTakes![0]!;

    const whole = await fetchAudio(client, take.url);
    expect(whole).toMatchObject({ status: 200 });
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.bytes.equals(sent)).toBe(true);

    const part = await fetchAudio(client, take.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${sent.length}`);
    expect(part.bytes.equals(sent.subarray(100, 200))).toBe(true);
    const tail = await fetchAudio(client, take.url, { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(sent.subarray(sent.length - 10))).toBe(true);
    const past = await fetchAudio(client, take.url, { range: `bytes=${sent.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${sent.length}`);

    // Signed: no bearer token (as a plain <audio src> asks), through the gateway.
    expect((await fetchAudio(null, take.url)).status).toBe(401);
    const signed = await fetchAudio(null, take.playUrl!, { range: 'bytes=0-43' });
    expect(signed.status).toBe(206);
    expect(signed.bytes.equals(sent.subarray(0, 44))).toBe(true);
    expect((await fetchAudio(null, take.playUrl!)).bytes.equals(sent)).toBe(true);
    // Forged, altered or expired: refused.
    expect(
      (await fetchAudio(null, take.playUrl!.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`))).status,
    ).toBe(403);
    expect((await fetchAudio(null, take.playUrl!.replace(/expires=\d+/, 'expires=9999999999'))).status).toBe(403);
    const anHourAgo = new AudioUrls(serviceSecret(undefined), () => Date.now() - 2 * 60 * 60 * 1000);
    const expired = anHourAgo.playUrl(id, take.url);
    expect((await fetchAudio(null, expired)).status).toBe(403);
    // The same signer, current: accepted (so the expired one failed only for its age).
    expect((await fetchAudio(null, new AudioUrls(serviceSecret(undefined)).playUrl(id, take.url))).status).toBe(200);
  });
});
