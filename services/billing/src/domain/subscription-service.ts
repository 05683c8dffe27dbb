// Reading a subscription: created as the Free default when the registration event has not arrived
// yet (the user's own screen must not wait for the bus; the event upgrades it later), and returned
// to Free when a trial has run out.
import { enqueueEvents, type Database } from '@castbook/platform';
import { findSubscription, insertSubscription, replaceSubscription } from '../db/subscriptions.js';
import { subscriptionChanged } from '../events/subscription-events.js';
import { freeSubscription, trialHasEnded, type SubscriptionRecord } from './subscriptions.js';

export class Subscriptions {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async current(userId: string, requestId: string): Promise<SubscriptionRecord> {
    const found = await findSubscription(this.db.pool, userId);
    if (found && !trialHasEnded(found, this.now())) return found;
    return this.db.transaction(async (tx) => {
      const now = this.now();
      const meta = { requestId };
      const fallback = freeSubscription(userId, now, 'default');
      if (await insertSubscription(tx, fallback, now)) {
        await enqueueEvents(tx, [subscriptionChanged(fallback, meta)]);
        return fallback;
      }
      const current = (await findSubscription(tx, userId, true))!;
      if (!trialHasEnded(current, now)) return current;
      const ended = { ...freeSubscription(userId, now, current.origin) };
      await replaceSubscription(tx, ended, now);
      await enqueueEvents(tx, [subscriptionChanged(ended, meta)]);
      return ended;
    });
  }
}
