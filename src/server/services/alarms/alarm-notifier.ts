import type { Episode } from '../../../domain/alarms/alarm-episode';
import { liveRouteOf } from '../../../domain/devices/fleet';
import { channelsFor, DEFAULT_RULE, labelRequestChannels } from '../../../domain/alarms/notify-rule';
import type { AlarmStore, MachineAudience, NewDelivery, StoredRule } from '../../../ports/alarm-store.port';
import type { UnitOfWork } from '../../../ports/unit-of-work.port';
import { alarmMessage, labelRequestMessage } from './alarm-texts';

/** The rule of a person who chose none: the bell for all, in the language their registration suggests. */
export const defaultRuleFor = (owner: { isDomestic: boolean }): StoredRule => ({ ...DEFAULT_RULE, language: owner.isDomestic ? 'zh' : 'en' });

/** The address a webhook's log shows: the receiver without its query (a robot's key is there). */
export const shownUrl = (url: string) => {
  try {
    const u = new URL(url);
    const keys = [...new Set(u.searchParams.keys())];
    return `${u.origin}${u.pathname}${keys.length ? `?${keys.map((k) => `${encodeURIComponent(k)}=…`).join('&')}` : ''}`;
  } catch {
    return '';
  }
};

/**
 * Writes an episode's opening or close with every message it sends, in one transaction (ADR
 * 0027): the episode row (at most one open per machine, so of two portals that see the same
 * trouble one raises it), each member's bell messages and e-mails (ADR 0030) and the webhooks to send. Sending
 * happens after the commit (`AlarmDeliveries`), so a receiver that is down never holds it.
 */
export class AlarmNotifier {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly publicUrl: string,
    /** Called with the deliveries a change committed: send them, ring the bells. */
    private readonly written: (deliveries: readonly NewDelivery[]) => void,
  ) {}

  async raised(orderNumber: string, episode: Episode): Promise<boolean> {
    const rows = await this.unitOfWork.run(async ({ alarms }) => {
      const audience = await alarms.audienceOf(orderNumber);
      if (!audience) return null;
      const at = new Date(episode.since);
      const id = await alarms.openEpisode(audience.machineId, episode.kind, episode.text, at);
      if (!id) return null;
      const list = this.deliveries(audience, id, 'raised', episode, at);
      await alarms.addDeliveries(list, at);
      return list;
    });
    if (rows) this.written(rows);
    return rows !== null;
  }

  async cleared(orderNumber: string, at: number): Promise<boolean> {
    const rows = await this.unitOfWork.run(async ({ alarms }) => {
      const audience = await alarms.audienceOf(orderNumber);
      const closed = audience && (await alarms.closeEpisode(audience.machineId, new Date(at)));
      if (!audience || !closed) return null;
      const episode: Episode = { kind: closed.kind, since: closed.openedAt.getTime(), text: closed.text, calmSince: null };
      const list = this.deliveries(audience, closed.id, 'cleared', episode, new Date(at));
      await alarms.addDeliveries(list, new Date(at));
      return list;
    });
    if (rows) this.written(rows);
    return rows !== null;
  }

  /**
   * Writes the bell messages and e-mails of a repair request raised from the machine's QR label to
   * every member of the company that owns it, each by their own rule, through `alarms`, the store
   * of the transaction that opens the work order (so neither is kept without the other); answers
   * what to do once it commits (send the e-mails, ring the bells).
   */
  async labelRequested(
    alarms: AlarmStore,
    request: { orderNumber: string; eventNum: string; requester: { name: string; contact: string }; content: string },
    at: Date,
  ): Promise<() => void> {
    const audience = await alarms.audienceOf(request.orderNumber);
    if (!audience) return () => {};
    const link = `${this.publicUrl}/app/click?event=${encodeURIComponent(request.eventNum)}`;
    const list: NewDelivery[] = [];
    for (const member of audience.members) {
      const rule = member.rule ?? defaultRuleFor(member);
      const message = labelRequestMessage({ lang: rule.language, zone: rule.zone, machine: audience, eventNum: request.eventNum, requester: request.requester, content: request.content, at, link });
      const base = { episodeId: null, workOrderEvent: request.eventNum, ownerId: audience.ownerId, event: 'labelRequest', userId: member.id, webhookId: null, message } as const;
      for (const channel of labelRequestChannels(member.rule)) {
        if (channel === 'bell') list.push({ ...base, channel, target: '', status: 'sent' });
        else if (member.email) list.push({ ...base, channel, target: member.email, status: 'pending' });
      }
    }
    await alarms.addDeliveries(list, at);
    return () => this.written(list);
  }

  /** Each member's messages by their own rule, and the company's webhooks (their zone: the founder's rule's, the first member's). */
  private deliveries(audience: MachineAudience, episodeId: string, event: 'raised' | 'cleared', episode: Episode, at: Date): NewDelivery[] {
    const route = liveRouteOf({ communicationstatus: audience.kind === 'tube' ? 1 : 0, ordernumber: audience.orderNumber, seriesname: audience.seriesName });
    const link = `${this.publicUrl}/app/${route.page}/${encodeURIComponent(route.orderNumber)}/${route.type}`;
    const message = (lang: StoredRule['language'], zone: string) =>
      alarmMessage({ lang, zone, event, kind: episode.kind, machine: audience, text: episode.text, at, since: new Date(episode.since), link });
    const base = { episodeId, workOrderEvent: null, ownerId: audience.ownerId, event } as const;
    const list: NewDelivery[] = [];
    for (const member of audience.members) {
      const rule = member.rule ?? defaultRuleFor(member);
      for (const channel of channelsFor(rule, { machineId: audience.machineId, kind: episode.kind, change: event, at: at.getTime() })) {
        if (channel === 'bell') list.push({ ...base, channel, userId: member.id, webhookId: null, target: '', status: 'sent', message: message(rule.language, rule.zone) });
        else if (member.email) list.push({ ...base, channel, userId: member.id, webhookId: null, target: member.email, status: 'pending', message: message(rule.language, rule.zone) });
      }
    }
    const first = audience.members[0];
    const zone = first ? (first.rule ?? defaultRuleFor(first)).zone : DEFAULT_RULE.zone;
    for (const hook of audience.webhooks) {
      if (event === 'cleared' && !hook.allClear) continue;
      list.push({ ...base, channel: 'webhook', userId: null, webhookId: hook.id, target: shownUrl(hook.url), status: 'pending', message: message(hook.language, zone) });
    }
    return list;
  }
}
