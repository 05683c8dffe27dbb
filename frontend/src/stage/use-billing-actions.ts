// The subscription actions of SPEC §4 and §8, shared by the subscription page and the project-limit
// dialog: upgrade (PUT first; `requiresPayment` sends the user to checkout), the billing portal in a
// new tab, and the confirmed downgrade. Each failure is a toast in SPEC §8's words.
import { useCallback, useState } from 'react';
import { mutate } from 'swr';
import { toast } from 'sonner';
import { ApiError } from '../api/client';
import { SUBSCRIPTION_KEY } from '../api/auth-api';
import { changeTier, createCheckout, portalUrl } from '../api/billing-api';
import { getToken } from '../api/token';
import { TIER_CHANGE_RELOAD_MS } from '../config';
import { checkoutUrls } from './subscription';

/** The server's words after SPEC §8's prefix ('Upgrade failed: …'), without 'API Error: '. */
const reason = (err: unknown) =>
  err instanceof ApiError ? err.serverMessage : err instanceof Error ? err.message : 'Unknown error';

/** SPEC §9: the page reloads one second after a tier change, so every screen sees the new plan. */
function reloadSoon() {
  window.setTimeout(() => window.location.reload(), TIER_CHANGE_RELOAD_MS);
}

export function useBillingActions() {
  const [busy, setBusy] = useState<null | 'upgrade' | 'portal' | 'downgrade'>(null);

  /** The provider's checkout, which comes back to the subscription page either way. */
  const checkout = useCallback(async () => {
    try {
      const { url } = await createCheckout(checkoutUrls(window.location.origin));
      window.location.assign(url);
    } catch (err) {
      toast.error(`Failed to create checkout: ${reason(err)}`);
      setBusy(null);
    }
  }, []);

  const upgrade = useCallback(async () => {
    // SPEC §6: subscription actions do nothing without a session token.
    if (!getToken()) return;
    setBusy('upgrade');
    try {
      const answer = await changeTier('pro');
      if (!answer.requiresPayment) {
        toast.success('Subscription upgraded to Pro!');
        await mutate(SUBSCRIPTION_KEY);
        reloadSoon();
        return;
      }
    } catch (err) {
      toast.error(`Upgrade failed: ${reason(err)}`);
      setBusy(null);
      return;
    }
    // Payment is required: the provider's checkout takes over.
    await checkout();
  }, [checkout]);

  /** A trial user subscribing before the trial ends: Pro already, so straight to checkout. */
  const subscribe = useCallback(async () => {
    if (!getToken()) return;
    setBusy('upgrade');
    await checkout();
  }, [checkout]);

  const manageBilling = useCallback(async () => {
    if (!getToken()) return;
    setBusy('portal');
    // The tab is opened while the click still counts as the user's (a tab opened after the await would
    // be taken for a pop-up and blocked); it is pointed at the portal once its address is known.
    const tab = window.open('', '_blank');
    try {
      const { url } = await portalUrl();
      if (tab) {
        // The portal is another site: it must not be able to steer this tab.
        tab.opener = null;
        tab.location.replace(url);
      } else window.location.assign(url);
    } catch (err) {
      tab?.close();
      toast.error(`Failed to access customer portal: ${reason(err)}`);
    } finally {
      setBusy(null);
    }
  }, []);

  const downgrade = useCallback(async (): Promise<boolean> => {
    if (!getToken()) return false;
    setBusy('downgrade');
    try {
      await changeTier('free');
      toast.success('Subscription downgraded to Free');
      await mutate(SUBSCRIPTION_KEY);
      reloadSoon();
      return true;
    } catch (err) {
      toast.error(`Downgrade failed: ${reason(err)}`);
      setBusy(null);
      return false;
    }
  }, []);

  return { busy, upgrade, subscribe, manageBilling, downgrade };
}
