// SPEC §5: the subscription limits must carry a numeric maxProjects, otherwise creation is disabled
// (and the problem logged); creation is allowed only while maxProjects > 0 and the limit is not reached.
import type { Limits } from '@castbook/contracts';

export type CreationState =
  | { kind: 'loading' }
  | { kind: 'disabled'; reason: string }
  | { kind: 'limit-reached'; maxProjects: number }
  | { kind: 'allowed'; maxProjects: number; unlimited: boolean };

export function creationState(
  limits: Partial<Limits> | null | undefined,
  projectCount: number | undefined,
  loading: boolean,
): CreationState {
  if (loading || projectCount === undefined) return { kind: 'loading' };
  const max = limits?.maxProjects;
  if (typeof max !== 'number' || !Number.isFinite(max)) {
    return { kind: 'disabled', reason: 'Your plan limits could not be loaded, so new projects are paused.' };
  }
  if (max <= 0) return { kind: 'limit-reached', maxProjects: max };
  if (projectCount >= max) return { kind: 'limit-reached', maxProjects: max };
  return { kind: 'allowed', maxProjects: max, unlimited: limits?.unlimitedProjects === true };
}

/** '1 chapter', '3 chapters' (SPEC §2). */
export const chapterLabel = (n: number) => `${n} ${n === 1 ? 'chapter' : 'chapters'}`;
/** '1 project', '0 projects'. */
export const projectCountLabel = (n: number) => `${n} ${n === 1 ? 'project' : 'projects'}`;

/** The server's 403 at the plan's project limit (SPEC §8). */
export const isLimitMessage = (message: string) => message.startsWith('Subscription Limit Reached');
