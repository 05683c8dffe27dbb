// Form schemas built from the contracts' field rules, so the forms show SPEC §5's exact messages and
// the server validates with the same ones.
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  contactSalesBody,
  displayName,
  loginBody,
  newPassword,
  resetPasswordRequestBody,
  subscriptionTier,
} from '@castbook/contracts';

export const loginForm = z.object({
  email: loginBody.shape.email,
  password: loginBody.shape.password,
  rememberMe: z.boolean(),
});
export type LoginForm = z.input<typeof loginForm>;

export const registerForm = z
  .object({
    name: displayName,
    email: resetPasswordRequestBody.shape.email,
    password: newPassword,
    confirmPassword: z.string(),
    // '' is "nothing chosen": the plan defaults to Free unless a link asked for a plan we do not sell.
    subscriptionTier: z.enum(subscriptionTier.options, { error: 'Please select a subscription plan' }),
    acceptTerms: z.boolean().refine((v) => v, AUTH_MESSAGES.termsRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
    when: (p) => typeof p.value === 'object' && p.value !== null,
  });
export type RegisterForm = Omit<z.input<typeof registerForm>, 'subscriptionTier'> & { subscriptionTier: string };

export const forgotPasswordForm = z.object({ email: resetPasswordRequestBody.shape.email });
export type ForgotPasswordForm = z.input<typeof forgotPasswordForm>;

const confirmed = <T extends z.ZodRawShape>(shape: T, field: string) =>
  z
    .object(shape)
    .refine((v) => (v as Record<string, unknown>)[field] === (v as Record<string, unknown>).confirmPassword, {
      message: AUTH_MESSAGES.passwordsDontMatch,
      path: ['confirmPassword'],
      when: (p) => typeof p.value === 'object' && p.value !== null,
    });

export const resetPasswordForm = confirmed({ newPassword, confirmPassword: z.string() }, 'newPassword');
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;

export const changePasswordForm = confirmed(
  {
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword,
    confirmPassword: z.string(),
  },
  'newPassword',
);
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

export const profileForm = z.object({ name: displayName });
export type ProfileForm = z.input<typeof profileForm>;

/**
 * Enterprise "Contact sales" (PRODUCT.md): billing's own body rules, so the form says what the server
 * would. The seats field is a number input read as a number: an empty one is NaN, reported as not a
 * whole number rather than zod's type message.
 */
export const contactSalesForm = contactSalesBody.extend({
  seats: z.number({ error: 'Seats must be a whole number' }).pipe(contactSalesBody.shape.seats),
});
export type ContactSalesForm = z.input<typeof contactSalesForm>;
