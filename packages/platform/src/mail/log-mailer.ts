// Embedded mode: mail is written to the log as one structured line (`msg: 'mail'`, with `mail.to`,
// `mail.subject`, `mail.links`, `mail.text`), so a developer or an e2e test reads the link from the
// output. It carries secrets (reset links), which is why only the no-SMTP development mode uses it.
import type { Logger } from '../logging/logger.js';
import type { MailMessage, Mailer } from './mailer.js';

export class LogMailer implements Mailer {
  constructor(private readonly logger: Logger) {}

  async send(message: MailMessage): Promise<void> {
    this.logger.info(
      { mail: { to: message.to, subject: message.subject, links: message.links ?? [], text: message.text } },
      'mail',
    );
  }
}
