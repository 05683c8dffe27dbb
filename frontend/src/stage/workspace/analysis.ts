// The analysis button and progress box of SPEC §4 and §9, as pure functions.
import type { AnalysisProgress, AnalysisStatus } from '@castbook/contracts';

export function analysisButtonLabel(status: AnalysisStatus): string {
  switch (status) {
    case 'in_progress':
      return 'Analyzing...';
    case 'completed':
      return 'Reanalyze';
    case 'failed':
      return 'Retry Analysis';
    default:
      return 'Analyze';
  }
}

/** processedChunks / max(1, totalChunks) * 100, kept within 0..100. */
export function progressPercent(p: Pick<AnalysisProgress, 'processedChunks' | 'totalChunks'>): number {
  const pct = (p.processedChunks / Math.max(1, p.totalChunks)) * 100;
  return Math.max(0, Math.min(100, pct));
}

export const ANALYSIS_FAILED_DEFAULT = 'The analysis could not be completed. Please try again.';
