// Business constants of SPEC §9 in one place, so screens and tests read the same numbers.
export const QUERY_STALE_MS = 10_000;
export const AUTH_USER_CACHE_MS = 30_000;
export const AUTH_MIN_GAP_MS = 1_000;
export const AUTH_BACKOFF_CAP_MS = 5_000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_CAP_MS = 10_000;
/** The provider's own retries of GET /me: 500 ms, then 1000 ms (SPEC §4). */
export const ME_RETRY_DELAYS_MS = [500, 1_000] as const;
export const RATE_LIMIT_COOLDOWN_MS = 5_000;
export const DEFAULT_RETRY_AFTER_MS = 2_000;

export const TOAST_DURATION_MS = 4_000;
export const TOASTS_VISIBLE = 3;

export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '4rem';
export const SIDEBAR_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export const LOGIN_FALLBACK_MS = 1_000;
export const DEFAULT_AFTER_LOGIN = '/stage/projects';

export const PRODUCT_NAME = 'Castbook';

/** The page reloads this long after a tier change (SPEC §4, §9). */
export const TIER_CHANGE_RELOAD_MS = 1_000;
