// The second opinion's state in the workspace: the provider and the latest run, polled while a run
// goes. Each batch the server applies changes quotes, so the project is reloaded when the count of
// batches done moves and when the run ends; the end is announced once (a toast with what changed).
import { useCallback, useEffect, useRef } from 'react';
import useSWR from 'swr';
import {
  cancelSecondOpinion,
  fetchSecondOpinion,
  SECOND_OPINION_POLL_MS,
  secondOpinionKey,
  startSecondOpinion,
  type SecondOpinionJob,
  type SecondOpinionState,
} from '../../../api/second-opinion-api';
import { failed, succeeded } from '../workspace-toast';

/** What a finished run did, in a sentence. */
export function runSummary(job: SecondOpinionJob): string {
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return (
    `${plural(job.changed, 'speaker')} changed, ${plural(job.agreed, 'speaker')} confirmed` +
    (job.kept > 0 ? `, ${plural(job.kept, 'quote')} left as ${job.kept === 1 ? 'it was' : 'they were'}` : '')
  );
}

export function useSecondOpinion(projectId: string, refreshProject: () => Promise<unknown>) {
  const { data, error, mutate } = useSWR<SecondOpinionState>(
    secondOpinionKey(projectId),
    () => fetchSecondOpinion(projectId),
    {
      refreshInterval: (latest) => (latest?.job?.status === 'running' ? SECOND_OPINION_POLL_MS : 0),
      revalidateOnFocus: false,
    },
  );
  const job = data?.job ?? null;
  const running = job?.status === 'running';

  // Reload the quotes when a batch lands or the run ends; announce an end seen happening here.
  const seen = useRef<{ id: string; done: number; status: string } | null>(null);
  useEffect(() => {
    if (!job) return;
    const before = seen.current;
    seen.current = { id: job.id, done: job.batchesDone, status: job.status };
    if (!before || before.id !== job.id) return;
    if (job.batchesDone !== before.done || job.status !== before.status) void refreshProject();
    if (before.status === 'running' && job.status !== 'running') {
      if (job.status === 'completed') succeeded('Second opinion finished', runSummary(job));
      else if (job.status === 'failed') failed(job.message ?? 'The second opinion failed', 'Second opinion failed');
    }
  }, [job, refreshProject]);

  const start = useCallback(async () => {
    const state = await startSecondOpinion(projectId);
    await mutate(state, { revalidate: false });
    return state;
  }, [projectId, mutate]);

  const cancel = useCallback(async () => {
    try {
      await mutate(await cancelSecondOpinion(projectId), { revalidate: false });
    } catch (err) {
      failed(err instanceof Error ? err.message : String(err));
    }
  }, [projectId, mutate]);

  return { state: data, error, job, running, start, cancel };
}

export type SecondOpinionRun = ReturnType<typeof useSecondOpinion>;
