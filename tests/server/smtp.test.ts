import { describe, expect, it } from 'vitest';
import { createTestPortal } from '../support/test-portal';
import { startSmtpServer } from '../support/smtp-server';

describe('mail through SMTP_URL', () => {
  it('sends codes to the SMTP server, keeps them out of the outbox and turns the outbox page off', async () => {
    const smtp = await startSmtpServer();
    const portal = await createTestPortal({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, SMTP_FROM: 'Portal <no-reply@example.com>' });
    try {
      const res = await portal.call('User/RegisterEmlie', { Email: 'smtp-user@example.com' });
      expect(res.body).toMatchObject({ code: 200, ReturnData: 60 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual(['smtp-user@example.com']);
      expect(smtp.received[0].data).toMatch(/verification code is \d{6}/);
      expect(portal.services.outbox.list()).toHaveLength(0);
      expect((await portal.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await portal.close();
      await new Promise((r) => smtp.server.close(r));
    }
  });
});
