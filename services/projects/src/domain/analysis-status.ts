// Every change of a project's analysis status is decided here, and nowhere else:
//   pending | completed | failed  --analyze-->              in_progress (new job id, content version,
//                                                            the settled status to go back to)
//   in_progress                   --analyze again-->        in_progress (a new job; the old one is stopped)
//   in_progress                   --cancel (user)-->        the settled status before the job
//   in_progress                   --analysis.completed-->   completed
//   in_progress                   --analysis.failed-->      failed, with the job's message
//   in_progress                   --analysis.cancelled-->   the settled status before the job
//   any                           --new text saved-->       pending (a running job is asked to stop)
// Events of any job other than the current one are stale and change nothing (analysis-results.ts).
import type { AnalysisStatus } from '@castbook/contracts';
import type { ProjectRecord } from './projects.js';

export type AnalysisFields = Pick<
  ProjectRecord,
  'analysisStatus' | 'analysisJobId' | 'analysisContentVersion' | 'analysisPreviousStatus' | 'analysisError'
>;

/** Whether a job for the project's current text is already under way (analyze twice = one job). */
export const analysingCurrentText = (p: ProjectRecord) =>
  p.analysisStatus === 'in_progress' && !!p.analysisJobId && p.analysisContentVersion === p.contentVersion;

export function analysisRequested(p: ProjectRecord, jobId: string): AnalysisFields {
  return {
    analysisStatus: 'in_progress',
    analysisJobId: jobId,
    analysisContentVersion: p.contentVersion,
    analysisPreviousStatus: settledStatus(p),
    analysisError: null,
  };
}

/** The user's cancel, or the analysis service stopping the job itself. */
export function analysisCancelled(p: ProjectRecord): AnalysisFields {
  return { ...noJob(), analysisStatus: settledStatus(p), analysisError: p.analysisError };
}

export function analysisCompleted(): AnalysisFields {
  return { ...noJob(), analysisStatus: 'completed', analysisError: null };
}

export function analysisFailed(error: string): AnalysisFields {
  return { ...noJob(), analysisStatus: 'failed', analysisError: error };
}

export function textChanged(): AnalysisFields {
  return { ...noJob(), analysisStatus: 'pending', analysisError: null };
}

/** The status the project had before its running job (what a cancel goes back to). */
function settledStatus(p: ProjectRecord): AnalysisStatus {
  return p.analysisStatus === 'in_progress' ? (p.analysisPreviousStatus ?? 'pending') : p.analysisStatus;
}

const noJob = () => ({ analysisJobId: null, analysisContentVersion: null, analysisPreviousStatus: null });
