// The plan a test user is on, as this service's read model holds it: billing's registration event
// reaches projects asynchronously, so a test waits for the plan row before relying on a Pro feature.
import type { PlanId } from '@castbook/contracts';
import type { Database } from '@castbook/platform';
import { signedUpClient, waitFor } from '@castbook/test-kit';

/** Waits until the projects read model holds `tier` for the user. */
export const planApplied = (db: Database, userId: string, tier: PlanId, what = `plan ${tier} applied`) =>
  waitFor(
    async () => (await db.query('SELECT tier FROM plan_limits WHERE user_id = $1', [userId])).rows[0]?.tier === tier,
    what,
    5000,
  );

/** A new Pro (trial) user whose plan the projects service has applied. */
export async function signedUpPro(gatewayUrl: string, db: Database) {
  const { client, user } = await signedUpClient(gatewayUrl, { subscriptionTier: 'pro' });
  const userId = (user as { id: string }).id;
  await planApplied(db, userId, 'pro', 'the registration plan');
  return { client, userId };
}
