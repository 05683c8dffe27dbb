import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, parseEvent, topicOf, versionOf } from './events.js';

const base = {
  id: '7d3f1f7e-4b1a-4d1e-9d55-2c7a4f0f6a11',
  occurredAt: '2026-11-22T10:00:00.000Z',
  key: 'p1',
  userId: 'u1',
};

describe('event contracts', () => {
  it('accepts a well-formed event and validates its payload', () => {
    const event = parseEvent({
      ...base,
      type: 'analysis.cancel_requested.v1',
      version: 1,
      payload: { projectId: 'p1', jobId: 'j1' },
    });
    expect(event.payload).toEqual({ projectId: 'p1', jobId: 'j1' });
    expect(event.metadata).toEqual({});
  });

  it('rejects a known event whose payload breaks its schema', () => {
    expect(() =>
      parseEvent({ ...base, type: 'user.registered.v1', version: 1, payload: { userId: 'u1', email: 'nope' } }),
    ).toThrow();
  });

  it('rejects an envelope without an id', () => {
    expect(() => parseEvent({ ...base, id: undefined, type: 'x.v1', version: 1, payload: {} })).toThrow();
  });

  it('routes every event type of the architecture table to its topic', () => {
    expect(topicOf('user.registered.v1')).toBe('auth.events');
    expect(topicOf('analysis.requested.v1')).toBe('projects.events');
    expect(topicOf('analysis.completed.v1')).toBe('analysis.events');
    expect(topicOf('subscription.changed.v1')).toBe('billing.events');
    expect(topicOf('author.deleted.v1')).toBe('authors.events');
    expect(topicOf('project_storage.changed.v1')).toBe('projects.events');
    expect(topicOf('author_storage.changed.v1')).toBe('authors.events');
    expect(topicOf('subscription.trial_ending.v1')).toBe('billing.events');
    expect(topicOf('subscription.payment_failed.v1')).toBe('billing.events');
    expect(Object.keys(EVENT_TYPES)).toHaveLength(20);
  });

  it('reads the version from the type name', () => {
    expect(versionOf('project.created.v1')).toBe(1);
    expect(versionOf('project.created.v12')).toBe(12);
    expect(() => versionOf('project.created')).toThrow(/\.vN/);
  });
});
