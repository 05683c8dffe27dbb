// Analysis jobs as the API shows them (SPEC §3 analysis progress) and the messages a user reads.
import type { AnalysisProgress, OutlineItem } from '@castbook/contracts';

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface JobRecord {
  jobId: string;
  projectId: string;
  userId: string;
  contentKey: string;
  contentVersion: number;
  tier: string;
  status: JobStatus;
  owner: string | null;
  attempts: number;
  cancelRequested: boolean;
  processedChunks: number;
  totalChunks: number;
  statusMessage: string;
  error: string | null;
  resultKey: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The project's outline when the job was requested (null: the engine detects it). */
  outline: OutlineItem[] | null;
}

export const JOB_MESSAGES = {
  notFound: 'Project not found',
  notStarted: 'Not analysed yet',
  saving: 'Saving the results',
  queued: 'Waiting to start',
  starting: 'Reading the book',
  contentMissing: "The book's text could not be read. Save the project and analyze it again.",
  engineFailed: 'The analysis could not process this text. Please try again; if it keeps failing, contact support.',
  saveFailed: 'The analysis could not be saved. Please try again.',
  noText: 'There is no text to analyze.',
  tooManyAttempts: 'The analysis was interrupted several times and has stopped. Please try again.',
} as const;

/** SPEC §3's progress of a job; a project never analysed has none yet. */
export function progressOf(job: JobRecord | undefined): AnalysisProgress {
  if (!job)
    return {
      statusMessage: JOB_MESSAGES.notStarted,
      processedChunks: 0,
      totalChunks: 0,
      isComplete: false,
      error: null,
    };
  const settled = job.status === 'completed' || job.status === 'failed' || job.status === 'cancelled';
  return {
    statusMessage: job.status === 'queued' ? JOB_MESSAGES.queued : job.statusMessage,
    processedChunks: job.status === 'completed' ? job.totalChunks : Math.min(job.processedChunks, job.totalChunks),
    totalChunks: job.totalChunks,
    isComplete: settled,
    error: job.status === 'failed' ? job.error : null,
  };
}

/** The project's own view of its analysis (projects service): which job is current. */
export interface ProjectAnalysisState {
  analysisStatus: string;
  analysisJobId: string | null;
}

/**
 * Progress as the caller must see it when the projects service says which job is current: a job
 * requested but not arrived here yet is waiting (not the previous job's "complete"), and a job done
 * here whose result projects has not applied yet is not complete for the app either (it reloads the
 * project when it reads complete). Processed chunks never go down in either case.
 */
export function progressFor(job: JobRecord | undefined, project: ProjectAnalysisState | undefined): AnalysisProgress {
  const own = progressOf(job);
  const current = project?.analysisJobId;
  if (!current) return own;
  if (!job || job.jobId !== current) {
    return { statusMessage: JOB_MESSAGES.queued, processedChunks: 0, totalChunks: 0, isComplete: false, error: null };
  }
  if (own.isComplete) return { ...own, statusMessage: JOB_MESSAGES.saving, isComplete: false, error: null };
  return own;
}

/**
 * Where a run of a job writes its result in the analysis bucket: one key per attempt, so a run that
 * was taken over (and can no longer settle the job) never overwrites the result the job settled with.
 */
export function resultKey(job: Pick<JobRecord, 'projectId' | 'jobId' | 'attempts'>): string {
  return `projects/${job.projectId}/jobs/${job.jobId}/attempt-${job.attempts}.json`;
}
