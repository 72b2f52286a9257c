import { describe, it, expect, afterEach } from 'vitest';
import type { Server } from 'node:net';
import { SmtpMailer } from '../../src/adapters/mail/smtp-mailer.adapter';
import { startSmtpServer } from '../support/smtp-server';

let server: Server | undefined;
let mailer: SmtpMailer | undefined;

afterEach(async () => {
  mailer?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  mailer = undefined;
});

describe('SmtpMailer', () => {
  it('delivers a plain-text mail with sender, recipient and subject', async () => {
    const smtp = await startSmtpServer();
    server = smtp.server;
    mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, from: '"Laser Service" <service@example.com>' });

    await mailer.send({ to: 'owner@example.com', subject: 'Verification code', text: 'Your code is 123456.\n.leading dot line' });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.from).toBe('service@example.com');
    expect(mail.to).toEqual(['owner@example.com']);
    expect(mail.data).toMatch(/^Subject: Verification code\r?$/m);
    expect(mail.data).toMatch(/^To: owner@example.com\r?$/m);
    expect(mail.data).toContain('Your code is 123456.');
    expect(mail.data).toContain('\r\n.leading dot line');
  });

  it('rejects when the server refuses the connection', async () => {
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'service@example.com' });
    await expect(mailer.send({ to: 'owner@example.com', subject: 's', text: 't' })).rejects.toThrow();
  });
});
