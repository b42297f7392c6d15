import type { Logger } from '../lib/logger.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about (verification, password reset), for logs and tests. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The embedded default has no mail server: mail is written to the server log, link included. */
export function logMailer(logger: Logger): Mailer {
  return {
    send(mail) {
      logger.info(
        { mail_to: mail.to, subject: mail.subject, link: mail.link },
        `mail to ${mail.to}: ${mail.subject}${mail.link ? ` ${mail.link}` : ''}`,
      );
      return Promise.resolve();
    },
  };
}
