// The second opinion on doubtful speakers (issue 18; services/projects README "Second opinion"): the
// provider and the latest run (polled while it runs), the estimate, start and cancel.
import type { SecondOpinionEstimate, SecondOpinionState } from '@castbook/contracts';
import { api } from './client';
import { withAction } from './call-error';
import { projectKey } from './projects-api';

export type { SecondOpinionEstimate, SecondOpinionJob, SecondOpinionState } from '@castbook/contracts';

interface Envelope<T> {
  success: true;
  data: T;
}

export const SECOND_OPINION_MESSAGES = {
  state: 'Failed to load the second opinion',
  estimate: 'Failed to estimate the second opinion',
  start: 'Failed to start the second opinion',
  cancel: 'Failed to cancel the second opinion',
} as const;

/** Progress is polled this often while a run goes (one batch takes a few seconds at a provider). */
export const SECOND_OPINION_POLL_MS = 1_500;

export const secondOpinionKey = (projectId: string) => `${projectKey(projectId)}/second-opinion`;

export const fetchSecondOpinion = (projectId: string) =>
  withAction(SECOND_OPINION_MESSAGES.state, async () => {
    const body = await api.request<Envelope<SecondOpinionState>>(secondOpinionKey(projectId));
    return body.data;
  });

export const estimateSecondOpinion = (projectId: string, signal?: AbortSignal) =>
  withAction(SECOND_OPINION_MESSAGES.estimate, async () => {
    const body = await api.request<Envelope<SecondOpinionEstimate>>(`${secondOpinionKey(projectId)}/estimate`, {
      method: 'POST',
      json: {},
      signal,
    });
    return body.data;
  });

export const startSecondOpinion = (projectId: string) =>
  withAction(SECOND_OPINION_MESSAGES.start, async () => {
    const body = await api.request<Envelope<SecondOpinionState>>(secondOpinionKey(projectId), {
      method: 'POST',
      json: {},
    });
    return body.data;
  });

export const cancelSecondOpinion = (projectId: string) =>
  withAction(SECOND_OPINION_MESSAGES.cancel, async () => {
    const body = await api.request<Envelope<SecondOpinionState>>(`${secondOpinionKey(projectId)}/cancel`, {
      method: 'POST',
    });
    return body.data;
  });
