// What each event tells the user (issue 19): pure, so the texts are unit-tested without a database.
// The analysis notices come from the projects service's own handling of the analysis events (written
// in the transaction that applies the result, so a notice never announces a result that was dropped
// as stale); the billing ones from billing's events.
import type { NotificationKind } from '@castbook/contracts';

export interface Notice {
  kind: NotificationKind;
  title: string;
  message: string;
  link: string;
}

export const SUBSCRIPTION_PAGE = '/stage/settings/subscription';
export const projectPage = (projectId: string) => `/stage/projects/${projectId}`;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
/** A date as the billing mails write it ("Sat, 28 Nov 2026"), in UTC. */
const day = (iso: string) => new Date(iso).toUTCString().slice(0, 16);

export function analysisCompletedNotice(
  projectId: string,
  title: string,
  counts: { characters: number; quotes: number },
): Notice {
  return {
    kind: 'analysis_completed',
    title: 'Analysis complete',
    message: `“${title}”: ${plural(counts.characters, 'character', 'characters')} and ${plural(counts.quotes, 'quote', 'quotes')}.`,
    link: projectPage(projectId),
  };
}

export function analysisFailedNotice(projectId: string, title: string, error: string): Notice {
  return {
    kind: 'analysis_failed',
    title: 'Analysis failed',
    message: `“${title}”: ${error}`,
    link: projectPage(projectId),
  };
}

export function trialEndingNotice(endsAt: string): Notice {
  return {
    kind: 'trial_ending',
    title: 'Your Pro trial ends soon',
    message: `Your Castbook Pro trial ends on ${day(endsAt)}. Add a card to keep Pro; otherwise you return to the Free plan and nothing is deleted.`,
    link: SUBSCRIPTION_PAGE,
  };
}

export function paymentFailedNotice(graceEndsAt: string): Notice {
  return {
    kind: 'payment_failed',
    title: 'Payment failed',
    message: `Your last payment did not go through. Update your card by ${day(graceEndsAt)} to keep Pro.`,
    link: SUBSCRIPTION_PAGE,
  };
}
