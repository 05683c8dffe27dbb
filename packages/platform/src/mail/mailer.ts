// The one mail interface (ARCHITECTURE.md, "Every adapter pair sits behind one interface"): SMTP via
// nodemailer in distributed mode, the log in embedded mode. Chosen from configuration (SMTP_URL),
// never from NODE_ENV.
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body; every mail is readable without HTML. */
  text: string;
  html?: string;
  /**
   * Links the mail carries (reset links and the like). The log mailer prints them as a field of its
   * one structured line, so tests and developers can follow them without parsing the body.
   */
  links?: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
