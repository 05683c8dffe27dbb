// HTTP bodies of the auth calls (SPEC §3, §5, §7 and PRODUCT.md) with SPEC's exact messages, shared
// by the auth service (server-side validation) and the frontend (forms), so both say the same thing.
import { z } from 'zod';
import { deviceInfo, subscriptionTier, user } from './entities.js';
import { safeLine, trimmedPattern } from './text.js';

/**
 * The addresses sign-up and sign-in take: zod's email rule (the one the events check too) with
 * DNS's bounds on the domain (labels of at most 63 characters; Schemathesis found a 200-character
 * label accepted), also the pattern the OpenAPI documents show.
 */
export const EMAIL_REGEX =
  /^([A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
export const EMAIL_PATTERN = EMAIL_REGEX.source;

/** SPEC §8 and PRODUCT.md texts the server answers with. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many attempts. Please try again later',
  sessionExpired: 'Session has expired',
  unauthorized: 'Unauthorized',
  termsRequired: 'You must accept the terms to continue',
  passwordsDontMatch: "Passwords don't match",
  currentPasswordWrong: 'Current password is incorrect',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  notYourAccount: 'You can only access your own account',
  csrfInvalid: 'Invalid CSRF token',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but an unbounded password is a cheap way to burn server CPU. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MIN_LENGTH = 2;

/** The registration rules of SPEC §5, first failing rule first. Used for every new password. */
export const newPassword = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, 'Password too short')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/[A-Z]/, 'Password must contain uppercase letter')
  .regex(/[a-z]/, 'Password must contain lowercase letter')
  .regex(/[0-9]/, 'Password must contain number')
  .regex(/[^A-Za-z0-9]/, 'Password must contain special character');

export const displayName = safeLine('Name', { error: 'Name must be at least 2 characters' })
  .trim()
  .min(NAME_MIN_LENGTH, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters')
  .meta({ pattern: trimmedPattern('line', NAME_MIN_LENGTH) });

const registerEmail = z
  .string({ error: 'Please enter a valid email' })
  .trim()
  .max(254, 'Please enter a valid email')
  .meta({ pattern: EMAIL_PATTERN })
  .pipe(z.email({ error: 'Please enter a valid email', pattern: EMAIL_REGEX }));

export const registerBody = z
  .object({
    name: displayName,
    email: registerEmail,
    password: newPassword,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDontMatch }),
    subscriptionTier: z.enum(subscriptionTier.options, { error: 'Please select a subscription plan' }).default('free'),
    acceptTerms: z.literal(true, { error: AUTH_MESSAGES.termsRequired }),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Please enter a valid email address')
    .meta({ pattern: EMAIL_PATTERN })
    .pipe(z.email({ error: 'Please enter a valid email address', pattern: EMAIL_REGEX })),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.invalidCredentials),
  deviceInfo: deviceInfo.optional(),
  /** PRODUCT.md: checked, the session lasts 30 days; unchecked, at most 24 hours. */
  rememberMe: z.boolean({ error: 'rememberMe must be true or false' }).default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const updatePasswordBody = z.object({
  id: z.string({ error: 'id is required' }).min(1, 'id is required'),
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword,
});
export type UpdatePasswordBody = z.input<typeof updatePasswordBody>;

export const resetPasswordRequestBody = z.object({ email: registerEmail });
export const resetPasswordConfirmBody = z.object({
  token: z.string({ error: AUTH_MESSAGES.resetLinkInvalid }).min(1, AUTH_MESSAGES.resetLinkInvalid).max(200),
  newPassword,
});

export const updateProfileBody = z.object({
  id: z.string({ error: 'id is required' }).min(1, 'id is required'),
  name: displayName,
});

/** `data` of a successful login or registration: SPEC §3's auth response plus the user and expiry. */
export const authSession = z.object({ token: z.string(), user, expiresAt: z.string() });
export type AuthSession = z.infer<typeof authSession>;
