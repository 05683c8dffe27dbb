// Issue 19's notifications through the gateway: an analysis that completes or fails notifies its
// owner once, however often the event is delivered; billing's trial and payment notices too; the list
// is the caller's only (another user's notification is a 404); marking one and all read.
import { TOPICS, type EventEnvelope, type Notification, type NotificationList } from '@castbook/contracts';
import { createLogger, Database, newEvent } from '@castbook/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotification } from '../src/db/notifications.js';
import {
  ApiClient,
  newBook,
  signedUpClient,
  startWorkspaceStack,
  waitFor,
  type WorkspaceStack,
} from '@castbook/test-kit';

let stack: WorkspaceStack;
const seen: EventEnvelope[] = [];
beforeAll(async () => {
  stack = await startWorkspaceStack({ analysis: true });
  // An observer group of its own sees the analysis events without taking any from the services.
  await stack.bus.subscribe({
    groupId: 'test-notifications-observer',
    topics: [TOPICS.analysis],
    handler: async (e) => void seen.push(e),
  });
});
afterAll(async () => stack?.stop());

const BOOK = `CHAPTER I. The Quay\n\n${'Gulls wheeled over the grey water all morning. '.repeat(8)}\n\n"Ahoy," said Meg. "Ahoy yourself," said Ned. "Tide's turning," said Meg.\n`;

const list = async (client: ApiClient) => {
  const res = await client.get<NotificationList>('/api/notifications');
  expect(res.status).toBe(200);
  return res.body.data!;
};

/** Delivers the event again, as a bus does after a crash between the effect and the commit of the offset. */
async function redeliver(event: EventEnvelope, topic: string) {
  await stack.bus.publish([{ topic, event }]);
  await stack.bus.publish([{ topic, event }]);
}

describe('notifications', () => {
  let owner: ApiClient;
  let ownerId: string;
  let other: ApiClient;
  let projectId: string;

  beforeAll(async () => {
    const signedUp = await signedUpClient(stack.gatewayUrl);
    owner = signedUp.client;
    ownerId = signedUp.user.id;
    other = (await signedUpClient(stack.gatewayUrl)).client;
    ({ id: projectId } = await newBook(owner, { title: 'The Quay', content: BOOK }));
  });

  it('starts empty', async () => {
    expect(await list(owner)).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('notifies the owner once when an analysis completes, even when the event is delivered again', async () => {
    expect((await owner.post(`/api/projects/${projectId}/analyze`)).status).toBe(200);
    const first = await waitFor(async () => {
      const l = await list(owner);
      return l.notifications.length > 0 && l;
    }, 'the notification');
    const project = (
      await owner.get<{ characters: unknown[]; quotes: unknown[]; analysisStatus: string }>(
        `/api/projects/${projectId}`,
      )
    ).body.data!;
    expect(project.analysisStatus).toBe('completed');
    expect(first.unreadCount).toBe(1);
    expect(first.notifications[0]).toMatchObject({
      kind: 'analysis_completed',
      title: 'Analysis complete',
      message: `“The Quay”: ${project.characters.length} characters and ${project.quotes.length} quotes.`,
      link: `/stage/projects/${projectId}`,
      projectId,
      readAt: null,
    });

    const completed = await waitFor(
      () =>
        seen.find(
          (e) => e.type === 'analysis.completed.v1' && (e.payload as { projectId: string }).projectId === projectId,
        ),
      'the completed event',
    );
    await redeliver(completed, TOPICS.analysis);
    // A second analysis of the project: its result comes after the redeliveries on the same partition
    // (key = project id), so once it is notified they were handled too.
    expect((await owner.post(`/api/projects/${projectId}/analyze`)).status).toBe(200);
    const after = await waitFor(async () => {
      const l = await list(owner);
      return l.notifications.length === 2 && l;
    }, 'the second analysis notice');
    expect(after.notifications.map((n) => n.kind)).toEqual(['analysis_completed', 'analysis_completed']);
    expect(after.unreadCount).toBe(2);

    // The unique key per event holds below the consumer's own record too (another group, a replay).
    const db = new Database({ url: stack.databases.projects, logger: createLogger('test', 'warn') });
    try {
      const again = { ...after.notifications[0]!, userId: ownerId, sourceEventId: completed.id, createdAt: new Date() };
      expect(await insertNotification(db.pool, again)).toBe(false);
    } finally {
      await db.close();
    }
    expect((await list(owner)).notifications).toHaveLength(2);
  });

  it("turns billing's notices into notifications, one per event", async () => {
    const trial = newEvent('subscription.trial_ending.v1', ownerId, ownerId, {
      userId: ownerId,
      endsAt: '2026-11-28T09:30:00.000Z',
    });
    await redeliver(trial, TOPICS.billing);
    const payment = newEvent('subscription.payment_failed.v1', ownerId, ownerId, {
      userId: ownerId,
      graceEndsAt: '2026-12-02T10:00:00.000Z',
    });
    await redeliver(payment, TOPICS.billing);
    const l = await waitFor(async () => {
      const got = await list(owner);
      return got.notifications.filter((n) => n.projectId === null).length === 2 && got;
    }, 'the billing notices');
    const billing = l.notifications.filter((n) => n.projectId === null);
    expect(billing.map((n) => n.kind).sort()).toEqual(['payment_failed', 'trial_ending']);
    expect(billing.find((n) => n.kind === 'trial_ending')).toMatchObject({
      title: 'Your Pro trial ends soon',
      message: expect.stringContaining('Sat, 28 Nov 2026'),
      link: '/stage/settings/subscription',
    });
    expect(billing.find((n) => n.kind === 'payment_failed')).toMatchObject({
      title: 'Payment failed',
      message: 'Your last payment did not go through. Update your card by Wed, 02 Dec 2026 to keep Pro.',
    });
    expect(l.unreadCount).toBe(4);
    // Newest first (by when the event happened).
    const times = l.notifications.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('notifies a failed analysis with its message', async () => {
    const { client, user } = await signedUpClient(stack.gatewayUrl);
    const { id } = await newBook(client, { title: 'Lost Pages', content: BOOK });
    // The text gone from storage: the job fails with a message the user can read.
    await stack.blobs.delete('documents', `projects/${user.id}/${id}/content/v1.txt`);
    await client.post(`/api/projects/${id}/analyze`);
    const l = await waitFor(async () => {
      const got = await list(client);
      return got.notifications.length > 0 && got;
    }, 'the failure notice');
    expect(l.notifications).toEqual([
      expect.objectContaining({
        kind: 'analysis_failed',
        title: 'Analysis failed',
        message: "“Lost Pages”: The book's text could not be read. Save the project and analyze it again.",
        link: `/stage/projects/${id}`,
      }),
    ]);
  });

  it("is the owner's only: another user sees none and cannot mark one read", async () => {
    expect(await list(other)).toEqual({ notifications: [], unreadCount: 0 });
    const mine = (await list(owner)).notifications[0]!;
    const res = await other.post(`/api/notifications/${mine.id}/read`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Notification not found' });
    expect((await other.post('/api/notifications/read-all')).body.data).toEqual({ marked: 0 });
    expect((await list(owner)).unreadCount).toBe(4);
    expect((await owner.post('/api/notifications/not-a-uuid/read')).status).toBe(404);
    expect((await owner.post('/api/notifications/00000000-0000-4000-8000-000000000000/read')).status).toBe(404);
    expect((await (await new ApiClient(stack.gatewayUrl).start()).get('/api/notifications')).status).toBe(401);
  });

  it('marks one read, then all', async () => {
    const [first] = (await list(owner)).notifications;
    const read = await owner.post<Notification>(`/api/notifications/${first!.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.data!.readAt).not.toBeNull();
    // Again: still read, at the first time.
    expect((await owner.post<Notification>(`/api/notifications/${first!.id}/read`)).body.data!.readAt).toBe(
      read.body.data!.readAt,
    );
    expect((await list(owner)).unreadCount).toBe(3);
    expect((await owner.post('/api/notifications/read-all')).body.data).toEqual({ marked: 3 });
    const l = await list(owner);
    expect(l.unreadCount).toBe(0);
    expect(l.notifications.every((n) => n.readAt !== null)).toBe(true);
    expect((await owner.post('/api/notifications/read-all')).body.data).toEqual({ marked: 0 });
  });

  it('refuses a bad limit and answers at most the limit', async () => {
    const bad = await owner.get('/api/notifications?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: expect.stringContaining('limit') });
    expect((await owner.get<NotificationList>('/api/notifications?limit=1')).body.data!.notifications).toHaveLength(1);
  });

  it('goes with its project', async () => {
    expect((await owner.call('DELETE', `/api/projects/${projectId}`)).status).toBe(200);
    const l = await list(owner);
    expect(l.notifications.some((n) => n.projectId === projectId)).toBe(false);
  });
});
