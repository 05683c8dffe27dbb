// The event the platform tests send through outboxes and buses: a valid project.updated.v1.
import { newEvent } from '../src/events/outbox.js';

export const projectEvent = (projectId: string, wordCount = 1) =>
  newEvent('project.updated.v1', projectId, 'user-1', {
    projectId,
    userId: 'user-1',
    authorId: null,
    title: 'Title',
    contentVersion: 1,
    wordCount,
  });
