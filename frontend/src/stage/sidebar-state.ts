// The sidebar's expanded/collapsed choice is kept for 7 days (SPEC §9), then the default returns.
import { SIDEBAR_KEEP_MS } from '../config';

export const SIDEBAR_KEY = 'sidebar_state';

export function serializeSidebarState(open: boolean, now: number): string {
  return JSON.stringify({ open, expiresAt: now + SIDEBAR_KEEP_MS });
}

/** The stored choice, or null when there is none, it is unreadable or older than 7 days. */
export function parseSidebarState(raw: string | null, now: number): boolean | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { open?: unknown; expiresAt?: unknown };
    if (typeof value.open !== 'boolean' || typeof value.expiresAt !== 'number') return null;
    return value.expiresAt > now ? value.open : null;
  } catch {
    return null;
  }
}

export function loadSidebarOpen(fallback = true): boolean {
  try {
    return parseSidebarState(localStorage.getItem(SIDEBAR_KEY), Date.now()) ?? fallback;
  } catch {
    return fallback;
  }
}

export function saveSidebarOpen(open: boolean) {
  try {
    localStorage.setItem(SIDEBAR_KEY, serializeSidebarState(open, Date.now()));
  } catch {
    // Not kept without storage; the sidebar still works for this visit.
  }
}
