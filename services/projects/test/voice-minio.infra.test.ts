// Issue 17 on MinIO (distributed mode's object store), through the gateway of the workspace stack:
// takes are stored in the audio bucket, a refused recording leaves nothing, deleting a take and then
// the project leaves no object (the bucket is listed), and a signed URL answers Range from MinIO.
import { randomBytes } from 'node:crypto';
import { Client } from 'minio';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Character } from '@castbook/contracts';
import { createLogger, MinioBlobStore } from '@castbook/platform';
import { infraDescribe, signedUpClient, startWorkspaceStack, waitFor, type ApiClient } from '@castbook/test-kit';
import { PNG, wav } from './audio-fixtures.js';

infraDescribe('voice takes on MinIO', () => {
  const connection = inject('minio');
  const bucketPrefix = `v${Date.now().toString(36)}${randomBytes(3).toString('hex')}-`;
  const bucket = `${bucketPrefix}audio`;
  const admin = new Client(connection);
  let stack: Awaited<ReturnType<typeof startWorkspaceStack>>;

  beforeAll(async () => {
    const blobs = new MinioBlobStore({ ...connection, bucketPrefix, logger: createLogger('test', 'warn') });
    stack = await startWorkspaceStack({ blobs });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    for (const b of ['documents', 'images', 'audio', 'analysis'].map((n) => bucketPrefix + n)) {
      if (!(await admin.bucketExists(b))) continue;
      const keys: string[] = [];
      for await (const item of admin.listObjectsV2(b, '', true)) keys.push((item as { name: string }).name);
      if (keys.length) await admin.removeObjects(b, keys);
      await admin.removeBucket(b);
    }
  });

  /** The keys under the user's prefix in the audio bucket. */
  async function listed(userId: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const item of admin.listObjectsV2(bucket, `${userId}/`, true))
      keys.push((item as { name: string }).name);
    return keys.sort();
  }

  async function upload(client: ApiClient, projectId: string, file: Buffer) {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(file)], { type: 'audio/wav' }), 'take.wav');
    const res = await fetch(`${client.baseUrl}/api/projects/${projectId}/characters/c1/voice-takes`, {
      method: 'POST',
      body,
      headers: { cookie: `csrf=${client.csrf}`, 'x-csrf-token': client.csrf!, authorization: `Bearer ${client.token}` },
    });
    return { status: res.status, body: (await res.json()) as { data?: Character; error?: string } };
  }

  it('stores takes in the bucket, keeps nothing refused, and leaves no object after deletes', async () => {
    const { client, user } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const userId = (user as { id: string }).id;
    const form = new FormData();
    form.set('firstName', 'Orla');
    form.set('lastName', 'Penhallow');
    const headers = {
      cookie: `csrf=${client.csrf}`,
      'x-csrf-token': client.csrf!,
      authorization: `Bearer ${client.token}`,
    };
    // The plan read model learns of the trial from billing's event, or asks billing: either way Pro.
    const author = (
      await (await fetch(`${stack.gatewayUrl}/api/authors`, { method: 'POST', body: form, headers })).json()
    ).data as { id: string };
    const projectForm = new FormData();
    projectForm.set('title', 'Ferry');
    projectForm.set('content', '"The tide is turning," said Orla Fenwick.\n');
    projectForm.set('authorId', author.id);
    const project = (
      await (await fetch(`${stack.gatewayUrl}/api/projects`, { method: 'POST', body: projectForm, headers })).json()
    ).data as { id: string };
    const characters = [{ id: 'c1', name: 'Orla Fenwick', color: '#aa0000', isUserCreated: true }];
    expect((await client.call('PATCH', `/api/projects/${project.id}/characters`, { characters })).status).toBe(200);

    expect(await upload(client, project.id, PNG)).toMatchObject({ status: 400 });
    expect(await listed(userId)).toEqual([]);

    const sent = wav(1);
    const first = await waitFor(async () => {
      const r = await upload(client, project.id, sent);
      return r.status === 201 && r.body.data!.voiceTakes![0]!;
    }, 'a first take on the trial plan');
    const second = (await upload(client, project.id, wav(0.5))).body.data!.voiceTakes![1]!;
    expect(await listed(userId)).toEqual([first, second].map((t) => `${userId}/${t.url.split('/').pop()}`).sort());

    const part = await fetch(`${stack.gatewayUrl}${first.playUrl}`, { headers: { range: 'bytes=44-143' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(sent.subarray(44, 144))).toBe(true);

    const takePath = `/api/projects/${project.id}/characters/c1/voice-takes/${second.id}`;
    expect((await client.call('DELETE', takePath)).status).toBe(200);
    expect(await listed(userId)).toEqual([`${userId}/${first.url.split('/').pop()}`]);
    expect((await client.call('DELETE', `/api/projects/${project.id}`)).status).toBe(200);
    expect(await listed(userId)).toEqual([]);
  });
});
