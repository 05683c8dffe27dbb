import { describe, expect, it } from 'vitest';
import { JOB_MESSAGES, progressFor, progressOf, type JobRecord } from './jobs.js';

const job = (over: Partial<JobRecord>): JobRecord => ({
  jobId: 'j1',
  projectId: 'p1',
  userId: 'u1',
  contentKey: 'k',
  contentVersion: 1,
  tier: 'free',
  status: 'running',
  owner: 'me',
  attempts: 1,
  cancelRequested: false,
  processedChunks: 3,
  totalChunks: 10,
  statusMessage: 'Reading part 4 of 10',
  error: null,
  resultKey: null,
  createdAt: new Date(),
  startedAt: new Date(),
  finishedAt: null,
  outline: null,
  ...over,
});

describe('progress', () => {
  it('answers SPEC §3 progress: complete when settled, the error only when failed', () => {
    expect(progressOf(job({}))).toEqual({
      statusMessage: 'Reading part 4 of 10',
      processedChunks: 3,
      totalChunks: 10,
      isComplete: false,
      error: null,
    });
    expect(progressOf(job({ status: 'completed', statusMessage: 'Analysis complete' }))).toMatchObject({
      processedChunks: 10,
      isComplete: true,
      error: null,
    });
    expect(progressOf(job({ status: 'failed', error: 'Bad text' }))).toMatchObject({
      isComplete: true,
      error: 'Bad text',
    });
    expect(progressOf(undefined)).toMatchObject({ statusMessage: JOB_MESSAGES.notStarted, isComplete: false });
  });

  it("never reports the previous job's end for a job that has not arrived yet", () => {
    const previous = job({ jobId: 'old', status: 'completed' });
    expect(progressFor(previous, { analysisStatus: 'in_progress', analysisJobId: 'new' })).toMatchObject({
      statusMessage: JOB_MESSAGES.queued,
      isComplete: false,
    });
    expect(progressFor(undefined, { analysisStatus: 'in_progress', analysisJobId: 'new' }).isComplete).toBe(false);
  });

  it('is not complete until projects has applied the result, and keeps the chunks it reached', () => {
    const done = job({ status: 'completed' });
    expect(progressFor(done, { analysisStatus: 'in_progress', analysisJobId: 'j1' })).toMatchObject({
      statusMessage: JOB_MESSAGES.saving,
      processedChunks: 10,
      isComplete: false,
    });
    expect(progressFor(done, { analysisStatus: 'completed', analysisJobId: null }).isComplete).toBe(true);
  });
});
