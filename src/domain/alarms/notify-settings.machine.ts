import { assign, fromPromise, setup } from 'xstate';
import type { CallAnswer } from '../shared/call-answer';
import { ALARM_KINDS, type AlarmKind } from './alarm-episode';
import type { NoticeEvent } from './bell.machine';
import type { RuleDraft } from './notify-rule';

export type { RuleDraft } from './notify-rule';

export type Lang = 'zh' | 'en';
export type WebhookFormat = 'json' | 'wecom' | 'dingtalk' | 'feishu';


export interface Webhook {
  id: number;
  format: WebhookFormat;
  url: string;
  hasSecret: boolean;
  allClear: boolean;
}

export interface Delivery {
  id: number;
  orderNumber: string;
  machineName: string;
  /** Null for a label request. */
  kind: AlarmKind | null;
  event: NoticeEvent;
  channel: 'bell' | 'email' | 'webhook';
  target: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string;
  at: string;
}

export interface OwnMachine {
  id: number;
  orderNumber: string;
  name: string;
}

export interface NotifySettings {
  rule: RuleDraft;
  webhooks: Webhook[];
  machines: OwnMachine[];
  deliveries: Delivery[];
}

export interface HookDraft {
  format: WebhookFormat;
  url: string;
  secret: string;
  allClear: boolean;
}

export type SaveRuleAnswer = CallAnswer<null, 'badZone' | 'badQuiet' | 'notYours'>;
export type AddHookAnswer = CallAnswer<number, 'badUrl' | 'privateUrl' | 'secretRequired' | 'tooMany'>;
export type RemoveHookAnswer = CallAnswer<null, 'notFound'>;

/** What the page says after an action, as message keys under `alarms.`. */
export type SettingsNotice = 'ruleSaved' | 'hookAdded' | 'hookRemoved';
export type SettingsProblem = 'badZone' | 'badQuiet' | 'notYours' | 'badUrl' | 'privateUrl' | 'secretRequired' | 'tooMany' | 'notFound' | 'noKinds' | 'noMachines' | 'urlRequired';

export interface NotifySettingsContext extends NotifySettings {
  hook: HookDraft;
  notice: SettingsNotice | null;
  problem: SettingsProblem | null;
  /** A refusal the contract does not name, or why loading failed, as the server said it. */
  error: string;
}

export type NotifySettingsEvent =
  | { type: 'rule.change'; patch: Partial<RuleDraft> }
  /** Saves the draft with the page's language and the browser's zone (the person's own). */
  | { type: 'rule.save'; language: Lang; zone: string }
  | { type: 'hook.change'; patch: Partial<HookDraft> }
  | { type: 'hook.add'; language: Lang }
  | { type: 'hook.remove'; id: number }
  | { type: 'settings.retry' };

const EMPTY_HOOK: HookDraft = { format: 'wecom', url: '', secret: '', allClear: true };

/** What the form itself refuses before asking the server. */
export function ruleProblem(rule: RuleDraft): SettingsProblem | null {
  if (rule.kinds.length === 0 && (rule.email || rule.bell)) return 'noKinds';
  if (rule.machineIds !== null && rule.machineIds.length === 0) return 'noMachines';
  if ((rule.quietFrom === null) !== (rule.quietTo === null)) return 'badQuiet';
  return null;
}

/** A change of the draft, kept within what the form offers (known kinds, minutes of a day). */
export function patchRule(rule: RuleDraft, patch: Partial<RuleDraft>): RuleDraft {
  const next = { ...rule, ...patch };
  const minute = (m: number | null) => (m === null || !Number.isFinite(m) ? null : Math.min(1439, Math.max(0, Math.round(m))));
  return { ...next, kinds: ALARM_KINDS.filter((k) => next.kinds.includes(k)), quietFrom: minute(next.quietFrom), quietTo: minute(next.quietTo), machineIds: next.machineIds === null ? null : [...new Set(next.machineIds)] };
}

const refusalOf = (answer: { kind: string; message?: string }): Pick<NotifySettingsContext, 'problem' | 'error'> =>
  answer.kind === 'refused' ? { problem: null, error: answer.message ?? '' } : { problem: answer.kind as SettingsProblem, error: '' };

/**
 * The notification settings page (issue 39 item 1): loads the caller's rule, webhooks, machines
 * and delivery log; the rule is edited and saved, webhooks added and removed, each answer shown.
 * After a webhook change the page loads again (`refreshing`, the content stays).
 */
export const notifySettingsMachine = setup({
  types: { context: {} as NotifySettingsContext, events: {} as NotifySettingsEvent },
  actors: {
    load: fromPromise<CallAnswer<NotifySettings>>(async () => {
      throw new Error('notifySettings: load not provided');
    }),
    saveRule: fromPromise<SaveRuleAnswer, { rule: RuleDraft; language: Lang }>(async () => {
      throw new Error('notifySettings: saveRule not provided');
    }),
    addHook: fromPromise<AddHookAnswer, { hook: HookDraft; language: Lang }>(async () => {
      throw new Error('notifySettings: addHook not provided');
    }),
    removeHook: fromPromise<RemoveHookAnswer, { id: number }>(async () => {
      throw new Error('notifySettings: removeHook not provided');
    }),
  },
}).createMachine({
  id: 'notifySettings',
  context: { rule: { machineIds: null, kinds: [...ALARM_KINDS], allClear: false, quietFrom: null, quietTo: null, zone: 'UTC', email: false, bell: true }, webhooks: [], machines: [], deliveries: [], hook: EMPTY_HOOK, notice: null, problem: null, error: '' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: [
          { guard: ({ event }) => event.output.kind === 'done', target: 'ready', actions: assign(({ event }) => (event.output.kind === 'done' ? { ...event.output.data, error: '' } : {})) },
          { target: 'failed', actions: assign(({ event }) => ({ error: event.output.kind === 'refused' ? event.output.message : '' })) },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'settings.retry': 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'rule.change': { actions: assign(({ context, event }) => ({ rule: patchRule(context.rule, event.patch), notice: null, problem: null, error: '' })) },
        'hook.change': { actions: assign(({ context, event }) => ({ hook: { ...context.hook, ...event.patch }, notice: null, problem: null, error: '' })) },
      },
      states: {
        idle: {
          on: {
            'rule.save': [
              { guard: ({ context }) => ruleProblem(context.rule) !== null, actions: assign(({ context }) => ({ problem: ruleProblem(context.rule), notice: null })) },
              { target: 'savingRule', actions: assign(({ context, event }) => ({ rule: { ...context.rule, zone: event.zone || context.rule.zone } })) },
            ],
            'hook.add': [
              { guard: ({ context }) => context.hook.url.trim() === '', actions: assign({ problem: 'urlRequired' as const, notice: null }) },
              { target: 'addingHook' },
            ],
            'hook.remove': 'removingHook',
          },
        },
        savingRule: {
          tags: ['busy'],
          invoke: {
            src: 'saveRule',
            input: ({ context, event }) => ({ rule: context.rule, language: (event as { language: Lang }).language }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'done', target: 'idle', actions: assign({ notice: 'ruleSaved' as const, problem: null, error: '' }) },
              { target: 'idle', actions: assign(({ event }) => refusalOf(event.output)) },
            ],
            onError: { target: 'idle', actions: assign({ error: '' }) },
          },
        },
        addingHook: {
          tags: ['busy'],
          invoke: {
            src: 'addHook',
            input: ({ context, event }) => ({ hook: { ...context.hook, url: context.hook.url.trim() }, language: (event as { language: Lang }).language }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'done', target: 'refreshing', actions: assign({ notice: 'hookAdded' as const, problem: null, error: '', hook: EMPTY_HOOK }) },
              { target: 'idle', actions: assign(({ event }) => refusalOf(event.output)) },
            ],
            onError: 'idle',
          },
        },
        removingHook: {
          tags: ['busy'],
          invoke: {
            src: 'removeHook',
            input: ({ event }) => ({ id: (event as { id: number }).id }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'done', target: 'refreshing', actions: assign({ notice: 'hookRemoved' as const, problem: null, error: '' }) },
              { target: 'idle', actions: assign(({ event }) => refusalOf(event.output)) },
            ],
            onError: 'idle',
          },
        },
        refreshing: {
          invoke: {
            src: 'load',
            onDone: { target: 'idle', actions: assign(({ context, event }) => (event.output.kind === 'done' ? { webhooks: event.output.data.webhooks, deliveries: event.output.data.deliveries, rule: context.rule } : {})) },
            onError: 'idle',
          },
        },
      },
    },
  },
});
