// The mails billing sends, through the platform mailer (SMTP, or the log in embedded mode). Plain
// text first; links are listed so the log mailer prints them.
import type { MailMessage } from '@castbook/platform';
import type { Lead } from '../db/billing.js';

export function trialEndingMail(to: string, name: string, endDate: Date): MailMessage {
  const day = endDate.toUTCString().slice(0, 16);
  return {
    to,
    subject: 'Your Castbook Pro trial ends in 3 days',
    text: [
      `Hello ${name},`,
      '',
      `Your 14-day Castbook Pro trial ends on ${day}.`,
      'To keep Pro, add a card or subscribe from Settings > Subscription. Otherwise your account returns',
      'to the Free plan: nothing is deleted, and projects over the Free limit become read-only until you',
      'upgrade or delete some.',
    ].join('\n'),
  };
}

export function leadMail(to: string, lead: Lead): MailMessage {
  return {
    to,
    subject: `Enterprise enquiry from ${lead.company}`,
    text: [
      `Lead ${lead.id}`,
      `Name: ${lead.name}`,
      `Email: ${lead.email}`,
      `Company: ${lead.company}`,
      `Seats: ${lead.seats}`,
      `Signed-in user: ${lead.userId ?? 'no'}`,
      '',
      lead.message || '(no message)',
    ].join('\n'),
  };
}
