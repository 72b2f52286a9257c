import { describe, expect, it } from 'vitest';
import { KyHomeApi } from '../../src/adapters/ky/ky-home-api.adapter';
import type { Envelope } from '../../src/contract/envelope';
import type { ContactRequest } from '../../src/domain/shared/contact-form';
import { recordingHttp } from '../support/recording-http';

function setup(answer: Envelope<unknown>) {
  const { http, calls } = recordingHttp(answer);
  return { api: new KyHomeApi(http), calls };
}

const REQUEST: ContactRequest = { name: 'Li Lei', phone: '13800138000', email: '', company: 'Laser Works', message: 'Quote for MES', lang: 'zh' };

describe('ky home API', () => {
  it('sends the contact form with the spec body and the language; the form shows refusals itself (quiet)', async () => {
    const { api, calls } = setup({ code: 200, info: '提交成功，我们会尽快与您联系', ReturnData: null });
    expect(await api.saveContact(REQUEST)).toEqual({ kind: 'accepted' });
    expect(calls).toEqual([
      {
        path: 'Home/SaveContact',
        body: { Name: 'Li Lei', Phone: '13800138000', Email: '', Company: 'Laser Works', Message: 'Quote for MES', lang: 'zh' },
        quiet: true,
      },
    ]);
  });

  it('reads a refusal as its info', async () => {
    expect(await setup({ code: 429, info: 'Too many messages, try again later' }).api.saveContact(REQUEST)).toEqual({
      kind: 'refused',
      message: 'Too many messages, try again later',
    });
  });
});
