// The mails auth sends. Plain text first; links are listed so the log mailer prints them.
import type { MailMessage } from '@castbook/platform';

export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Castbook password',
    text: [
      `Hello ${name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Castbook account.',
      `Open this link within one hour to choose a new password: ${link}`,
      'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
    links: [link],
  };
}

/** Sent instead of a second account when someone registers with an email that already has one. */
export function alreadyRegisteredMail(to: string, name: string, loginLink: string, resetLink: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to create a Castbook account with your email',
    text: [
      `Hello ${name},`,
      '',
      'Someone tried to sign up for Castbook with this email address, which already has an account.',
      `If it was you, sign in at ${loginLink}, or reset your password at ${resetLink}.`,
      'If it was not you, you can ignore this mail: nothing has changed.',
    ].join('\n'),
    links: [loginLink, resetLink],
  };
}
