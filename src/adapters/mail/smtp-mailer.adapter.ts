import { createTransport, type Transporter } from 'nodemailer';
import type { MailerPort, OutgoingMail } from '../../ports/mailer.port';

export interface SmtpMailerOptions {
  /** nodemailer connection URL, e.g. `smtps://user:pass@mail.example.com:465` or `smtp://host:587`; options as query parameters. */
  url: string;
  /** Sender address, e.g. `"Laser Service" <service@example.com>`. */
  from: string;
}

/** Sends mail through an SMTP server with nodemailer. */
export class SmtpMailer implements MailerPort {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(options: SmtpMailerOptions) {
    this.transport = createTransport(options.url);
    this.from = options.from;
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  close(): void {
    this.transport.close();
  }
}
