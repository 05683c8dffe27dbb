// The auth calls of SPEC §7 and PRODUCT.md, as the auth service answers them.
import type { AuthSession, Limits, Subscription, SubscriptionTier, User } from '@castbook/contracts';
import { DEFAULT_RETRY_AFTER_MS } from '../config';
import { afterRequest, delayBeforeNext, initialThrottle, type ThrottleState } from './backoff';
import { api, ApiError } from './client';
import { currentDevice } from './device-info';

interface Envelope<T> {
  success: true;
  data: T;
}

export interface LoginInput {
  email: string;
  password: string;
  rememberMe: boolean;
}

export async function login(input: LoginInput): Promise<AuthSession> {
  const body = await api.request<Envelope<AuthSession>>('/api/auth/login', {
    method: 'POST',
    json: { ...input, deviceInfo: currentDevice() },
  });
  return body.data;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  subscriptionTier: SubscriptionTier;
  acceptTerms: true;
}

/** A token in the answer means the user is signed in at once; without one they sign in next. */
export async function register(input: RegisterInput): Promise<Partial<AuthSession>> {
  const body = await api.request<Envelope<Partial<AuthSession> | null>>('/api/auth/register', {
    method: 'POST',
    json: input,
  });
  return body.data ?? {};
}

export async function logout(): Promise<void> {
  await api.request('/api/auth/logout', { method: 'POST', json: {} });
}

let meThrottle: ThrottleState = initialThrottle;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET /api/auth/me, paced by the throttle and backoff of SPEC §7. */
export async function fetchMe(): Promise<User> {
  const wait = delayBeforeNext(meThrottle, Date.now());
  if (wait > 0) await sleep(wait);
  try {
    const body = await api.request<Envelope<User>>('/api/auth/me');
    meThrottle = afterRequest(meThrottle, Date.now(), { ok: true });
    return body.data;
  } catch (err) {
    const retryAfterMs =
      err instanceof ApiError && err.status === 429 ? (err.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS) : null;
    if (err instanceof ApiError && err.status === 429) console.warn('Rate limited (429), retrying after delay');
    else console.warn(`Error fetching authenticated user: ${err instanceof ApiError ? err.status : 'network'}`);
    meThrottle = afterRequest(meThrottle, Date.now(), { ok: false, retryAfterMs });
    throw err;
  }
}

export async function updatePassword(input: { id: string; currentPassword: string; newPassword: string }) {
  return api.request<Envelope<unknown>>('/api/auth/update-password', { method: 'POST', json: input });
}

export async function requestPasswordReset(email: string) {
  await api.request('/api/auth/reset-password', { method: 'POST', json: { email } });
}

export async function confirmPasswordReset(token: string, newPassword: string) {
  await api.request('/api/auth/reset-password/confirm', { method: 'POST', json: { token, newPassword } });
}

export async function updateProfile(input: { id: string; name: string }): Promise<User | null> {
  const body = await api.request<Envelope<User | null>>('/api/users/update-profile', { method: 'POST', json: input });
  return body.data ?? null;
}

export interface SubscriptionInfo {
  subscription: Subscription & { tier: SubscriptionTier; isTrial?: boolean; cancelAtPeriodEnd?: boolean };
  limits: Limits;
  /** What the user stores now (billing hears it from the projects and authors services). */
  usage?: { projects: number; storageBytes: number };
}
export const SUBSCRIPTION_KEY = '/api/subscriptions';
