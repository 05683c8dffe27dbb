// The project's analysis as the workspace runs it: start (asking first when it would redo a finished
// one), cancel, progress polled while it runs, and the toast when it ends.
import { useEffect, useRef } from 'react';
import { mutate } from 'swr';
import {
  analysisProgressKey,
  analyzeProject,
  cancelAnalysis,
  revalidateProjects,
  useAnalysisProgress,
  type ProjectDetail,
} from '../../api/projects-api';
import type { ProjectSummary } from '@castbook/contracts';
import { revalidateNotifications } from '../../api/notifications-api';
import { ANALYSIS_FAILED_DEFAULT, progressPercent } from './analysis';
import type { MutateProject } from './use-workspace-edits';
import { failed, succeeded } from './workspace-toast';

export function useAnalysisRun(
  project: ProjectDetail,
  mutateProject: MutateProject,
  patchLocal: (patch: Partial<ProjectDetail>) => Promise<unknown>,
  /** A finished analysis replaced the characters and quotes (the undo history no longer applies). */
  onReplaced: () => void,
) {
  /** A call's answer (the project without its text) over the cached project. */
  const merge = (summary: ProjectSummary) => patchLocal({ ...summary, content: project.content });
  const status = project.analysisStatus;
  const analysing = status === 'in_progress';
  const { data: progress } = useAnalysisProgress(project.id, analysing);
  const finishing = useRef(false);

  useEffect(() => {
    if (!analysing || !progress?.isComplete || finishing.current) return;
    finishing.current = true;
    void (async () => {
      try {
        const fresh = await mutateProject();
        // Progress is the analysis service's, which hears of a new job a moment after it was
        // requested: a "complete" that was the previous job's leaves the project in progress, and
        // polling goes on until the new job's own answer. That answer can read exactly like the
        // stale one (a quick job, the same chunks), and an answer equal to the one held is no
        // change to this effect: drop the stale one so that the next answer is news.
        if (fresh?.analysisStatus === 'in_progress') {
          await mutate(analysisProgressKey(project.id), undefined, { revalidate: false });
          return;
        }
        if (fresh?.analysisStatus === 'failed' || progress.error) {
          failed(progress.error || ANALYSIS_FAILED_DEFAULT, 'Analysis Failed');
        } else {
          onReplaced();
          succeeded(
            'Analysis Complete',
            `${fresh?.characters.length ?? 0} characters, ${fresh?.quotes.length ?? 0} quotes.`,
          );
        }
        void revalidateProjects();
        // The bell's notification of this ending is already written (with the result): show it now.
        void revalidateNotifications();
      } finally {
        finishing.current = false;
      }
    })();
  }, [analysing, progress, mutateProject, onReplaced]);

  const startAnalysis = async (opts: { confirm: boolean }) => {
    if (
      opts.confirm &&
      status === 'completed' &&
      !window.confirm('Reanalyze this project? Speakers you set by hand and characters you added are kept.')
    )
      return false;
    try {
      await mutate(analysisProgressKey(project.id), undefined, { revalidate: false });
      await merge(await analyzeProject(project.id));
      return true;
    } catch {
      failed('Failed to start project analysis.');
      return false;
    }
  };

  const stopAnalysis = async () => {
    try {
      await merge(await cancelAnalysis(project.id));
    } catch {
      failed('Failed to cancel project analysis.');
    }
  };

  return {
    status,
    analysing,
    progress,
    percent: progress ? progressPercent(progress) : 0,
    merge,
    startAnalysis,
    stopAnalysis,
  };
}

export type AnalysisRun = ReturnType<typeof useAnalysisRun>;
