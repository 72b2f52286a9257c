import { createHmac } from 'node:crypto';

/** The message formats a company's webhook can take (issue 39 item 1). */
export type WebhookFormat = 'json' | 'wecom' | 'dingtalk' | 'feishu';
export const WEBHOOK_FORMATS: readonly WebhookFormat[] = ['json', 'wecom', 'dingtalk', 'feishu'];

/** One notification as every format carries it: the title and lines in the receiver's language, and the facts. */
export interface AlarmNotice {
  title: string;
  lines: readonly string[];
  /** The link to the machine's live page. */
  link: string;
  facts: { event: 'raised' | 'cleared'; kind: string; orderNumber: string; machineName: string; text: string; at: string; episodeId: string };
}

/** A request ready to send: where, the headers and the body. */
export interface SignedRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The generic JSON's signature header: `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (as Stripe signs). */
export const SIGNATURE_HEADER = 'x-portal-signature';

/**
 * Builds the request for one webhook: the generic JSON signed with HMAC-SHA256 in a header, or
 * the group robot's own message, signed as each asks (DingTalk: `timestamp` and `sign` in the
 * query; Feishu: in the body; WeCom: its key is in the URL and it has no signature).
 */
export function robotRequest(format: WebhookFormat, url: string, secret: string, notice: AlarmNotice, now: number): SignedRequest {
  const headers = { 'content-type': 'application/json' };
  const markdown = [`**${notice.title}**`, ...notice.lines, `[${notice.link}](${notice.link})`].join('\n\n');
  const text = [notice.title, ...notice.lines, notice.link].join('\n');
  switch (format) {
    case 'json': {
      const body = JSON.stringify({ ...notice.facts, title: notice.title, lines: notice.lines, link: notice.link });
      const t = Math.floor(now / 1000);
      const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
      return { url, headers: { ...headers, [SIGNATURE_HEADER]: `t=${t},v1=${v1}` }, body };
    }
    case 'wecom':
      return { url, headers, body: JSON.stringify({ msgtype: 'markdown', markdown: { content: markdown } }) };
    case 'dingtalk': {
      const body = JSON.stringify({ msgtype: 'markdown', markdown: { title: notice.title, text: markdown } });
      if (!secret) return { url, headers, body };
      const sign = createHmac('sha256', secret).update(`${now}\n${secret}`).digest('base64');
      const signed = new URL(url);
      signed.searchParams.set('timestamp', String(now));
      signed.searchParams.set('sign', sign);
      return { url: signed.toString(), headers, body };
    }
    case 'feishu': {
      const message = { msg_type: 'text', content: { text } };
      if (!secret) return { url, headers, body: JSON.stringify(message) };
      const timestamp = String(Math.floor(now / 1000));
      const sign = createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64');
      return { url, headers, body: JSON.stringify({ timestamp, sign, ...message }) };
    }
  }
}
