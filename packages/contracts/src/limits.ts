// The plan limits' refusal texts (SPEC §8 where it has one, issue 16's contract otherwise), shared by
// the services that enforce them and the screens that show them, so both say the same thing.
import { PLANS, type PlanId } from './plans.js';

/** A tier as a person reads it: 'free' → 'Free'. */
export function tierName(tier: string): string {
  return (
    (PLANS as Record<string, { name: string } | undefined>)[tier]?.name ?? tier.charAt(0).toUpperCase() + tier.slice(1)
  );
}

/** Storage as the plans state it: 100 MB, 10 GB, 1.5 GB (binary units, as the limits are defined). */
export function formatStorage(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const LIMIT_MESSAGES = {
  /** SPEC §8, word for word ("1 projects" included). */
  projectLimit: (tier: string, n: number) =>
    `Subscription Limit Reached: Your ${tierName(tier)} tier allows a maximum of ${n} projects. Please upgrade to create more.`,
  /** The text's own count first, then the contract's sentence. */
  wordLimit: (tier: string, words: number, max: number) =>
    `This text has ${words.toLocaleString('en-US')} words. Your ${tierName(tier)} plan allows up to ${max.toLocaleString('en-US')} words per project.`,
  storageLimit: (tier: string, maxBytes: number) =>
    `Storage limit reached: your ${tierName(tier)} plan includes ${formatStorage(maxBytes)} of storage.`,
  readOnly: (tier: string, maxProjects: number) =>
    `This project is read-only: your ${tierName(tier)} plan allows ${maxProjects} ${plural(maxProjects, 'project', 'projects')}. Upgrade or delete a project to edit it.`,
  /** SPEC §8's default denied message. */
  featureDenied: 'This feature requires a subscription upgrade.',
} as const;

/** The plan a tier name stands for, or Free for anything unknown (the most restrictive). */
export const planOf = (tier: string) => PLANS[(tier in PLANS ? tier : 'free') as PlanId];
