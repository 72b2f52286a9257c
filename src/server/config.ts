import path from 'node:path';
import { eventSubscriptionOf, type EventSubscriptionMode } from './telemetry/event-subscription';

/** Brand settings: the spec's `{product}` and the contact details the pages show. */
export interface BrandConfig {
  name: string;
  hotline: string;
  mailbox: string;
  logoUrl: string;
  officialSite: string;
  miniProgramUrlZh: string;
  miniProgramUrlEn: string;
  /** The external support chat the repair hub's online-chat tile opens. */
  supportChatUrl: string;
}

/** Everything the server reads from the environment, with the embedded defaults of DECISIONS 5. */
export interface Config {
  port: number;
  host: string;
  /** The portal's address as people open it (PUBLIC_URL): the links in notifications. */
  publicUrl: string;
  /** Webhooks may reach this machine and private networks (WEBHOOK_ALLOW_PRIVATE; by default only outside production): else refused (SSRF). */
  webhookAllowPrivate: boolean;
  /** How long `Alarm/WaitBell` holds a call without a change (BELL_WAIT_MS; the tests' portals: a moment). */
  bellWaitMs: number;
  dataDir: string;
  databaseUrl: string | null;
  /** Redis shared by several portals behind a balancer (rate limits); null keeps them in memory. */
  redisUrl: string | null;
  /** Prefix of the portal's Redis keys, so that portals of different sites can share one Redis. */
  redisPrefix: string;
  mqttUrl: string | null;
  /** The portal's client id on an external broker (a persistent session); null: `portal-<hostname>`. */
  mqttClientId: string | null;
  /** MQTT_EVENT_SUBSCRIPTION: `each` portal gets every machine event (default), or one portal of a `shared` subscription gets each (ADR 0022). */
  mqttEventSubscription: EventSubscriptionMode;
  /** TCP port of the embedded broker for machines (0 picks a free one); null: no TCP listener. */
  mqttPort: number | null;
  /** Secret the machines' broker passwords derive from; null: generated once into the data folder. */
  deviceKey: string | null;
  /** Shared secret the external broker's HTTP auth hooks must send (header `x-hook-secret`); null: the hooks answer nobody (issue 21, item 8). */
  mqttHookSecret: string | null;
  /** NODE_ENV is `production`: no outbox page unless DEV_OUTBOX, no codes in the log at info level. */
  production: boolean;
  /** The local outbox page `/dev/outbox` (while no SMTP is set): DEV_OUTBOX, by default on unless in production. */
  devOutbox: boolean;
  /** Fastify's trustProxy from TRUST_PROXY: client addresses from X-Forwarded-For of these proxies (true, a hop count, or addresses/CIDRs). */
  trustProxy: boolean | number | string[];
  /** Runs the machine simulator for the demo fleet inside the server. */
  simulator: boolean;
  smtpUrl: string | null;
  smtpFrom: string;
  chatApiUrl: string | null;
  chatApiKey: string | null;
  /** The model named to the chat service (CHAT_MODEL). */
  chatModel: string;
  /** The chat service's timeouts in ms (CHAT_FIRST_BYTE_MS, CHAT_IDLE_MS, CHAT_TOTAL_MS): first answer, silence between pieces, whole answer. */
  chatTimeouts: { firstByteMs: number; idleMs: number; totalMs: number };
  seedDemo: boolean;
  logLevel: string;
  /** scrypt cost; lowered only by tests. */
  scryptCost: number;
  /** Largest request body in bytes (uploads have their own limits). */
  bodyLimit: number;
  /** Largest release file staff may publish, in bytes (multipart upload; the base64 JSON form stays at most 32 MB). */
  releaseMaxBytes: number;
  /** Largest file the file store keeps at all, in bytes. */
  fileMaxBytes: number;
  /** Largest industrial document, and largest upload of several, in bytes (issue 18). */
  documentMaxBytes: number;
  documentRequestMaxBytes: number;
  /** Multiplies every per-IP rate limit; benchmarks and fuzzing raise it, production keeps 1. */
  rateLimitScale: number;
  /** Mean event-loop delay (ms, per second) above which calls are shed with 503 and Retry-After; 0 turns shedding off. */
  loadShedDelayMs: number;
  /** API calls worked on at once before more are shed with 503 and Retry-After; 0 turns the bound off. */
  maxCallsInFlight: number;
  /** Bytes of machine events the portal keeps on its disk while the database is away (EVENT_SPOOL_MAX_BYTES); 0 turns the spool off. */
  eventSpoolMaxBytes: number;
  brand: BrandConfig;
  /** How often the maintenance reminders are checked, in ms; 0 turns the check off (issue 17). */
  maintenanceCheckMs: number;
  /** SIGTERM: how long a portal answers readiness 503 before it closes, so the balancer stops sending first (DRAIN_MS). */
  drainMs: number;
  /** Feedback uploads never sent with a feedback: kept this long (ms), swept every `feedbackSweepMs` (0 turns the sweep off). */
  feedbackUploadTtlMs: number;
  feedbackSweepMs: number;
  /** The CAM page's exchange (spec 2 section 6): the two internal e-mail-domain patterns and the old users. */
  cam: CamConfig;
}

/** Who may exchange points for CAM licences. */
export interface CamConfig {
  /** Internal company e-mail domains, `domain` or `*.domain` (CAM_INTERNAL_DOMAINS, comma-separated). */
  internalDomains: string[];
  /** Accounts or e-mails that are old users (IsOldUser 1) whatever their licences say (CAM_OLD_USERS, comma-separated). */
  oldUsers: string[];
}

/** 256 MiB: about 650,000 task events (some 400 bytes each in the spool; alarms and run-time days take less). */
export const DEFAULT_EVENT_SPOOL_MAX_BYTES = 256 * 1024 * 1024;

const flag = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : /^(1|true|yes|on)$/i.test(v));
const orNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
const listOf = (v: string | undefined, dflt: string[]) => (v === undefined ? dflt : v.split(',').map((x) => x.trim().toLowerCase()).filter(Boolean));

// 1883 is the usual MQTT port, but a Mosquitto often holds it already (it does on the CI machine).
function portOrOff(v: string | undefined, dflt: number, name: string): number | null {
  if (v === undefined || v.trim() === '') return dflt;
  if (/^(off|none|false)$/i.test(v.trim())) return null;
  const port = Number(v);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number or "off", got ${v}`);
  return port;
}

/** TRUST_PROXY: unset or false for none, true for any, a number of hops, or a comma list of addresses and CIDRs. */
function trustProxyOf(v: string | undefined): boolean | number | string[] {
  const value = (v ?? '').trim();
  if (value === '' || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    bellWaitMs: Number(env.BELL_WAIT_MS ?? 25_000),
    webhookAllowPrivate: flag(env.WEBHOOK_ALLOW_PRIVATE, !production),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: orNull(env.DATABASE_URL),
    redisUrl: orNull(env.REDIS_URL),
    redisPrefix: env.REDIS_PREFIX || 'portal:',
    mqttUrl: orNull(env.MQTT_URL),
    mqttPort: portOrOff(env.MQTT_PORT, 1884, 'MQTT_PORT'),
    mqttClientId: orNull(env.MQTT_CLIENT_ID),
    mqttEventSubscription: eventSubscriptionOf(env.MQTT_EVENT_SUBSCRIPTION),
    deviceKey: orNull(env.DEVICE_KEY),
    mqttHookSecret: orNull(env.MQTT_HOOK_SECRET),
    production,
    devOutbox: flag(env.DEV_OUTBOX, !production),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    simulator: flag(env.SIMULATOR, flag(env.SEED_DEMO, true)),
    smtpUrl: orNull(env.SMTP_URL),
    smtpFrom: env.SMTP_FROM || 'Service Portal <no-reply@localhost>',
    chatApiUrl: orNull(env.CHAT_API_URL),
    chatApiKey: orNull(env.CHAT_API_KEY),
    chatModel: env.CHAT_MODEL || 'gpt-4o-mini',
    chatTimeouts: {
      firstByteMs: Number(env.CHAT_FIRST_BYTE_MS || 20_000),
      idleMs: Number(env.CHAT_IDLE_MS || 20_000),
      totalMs: Number(env.CHAT_TOTAL_MS || 120_000),
    },
    seedDemo: flag(env.SEED_DEMO, true),
    logLevel: env.LOG_LEVEL || 'info',
    scryptCost: Number(env.SCRYPT_COST || 2 ** 15),
    bodyLimit: Number(env.BODY_LIMIT || 256 * 1024),
    releaseMaxBytes: Number(env.RELEASE_MAX_BYTES || 2 * 1024 * 1024 * 1024),
    fileMaxBytes: Number(env.FILE_MAX_BYTES || 2 * 1024 * 1024 * 1024),
    documentMaxBytes: Number(env.DOCUMENT_MAX_BYTES || 256 * 1024 * 1024),
    documentRequestMaxBytes: Number(env.DOCUMENT_REQUEST_MAX_BYTES || 512 * 1024 * 1024),
    rateLimitScale: Math.max(1, Number(env.RATE_LIMIT_SCALE || 1)),
    loadShedDelayMs: Math.max(0, Number(env.LOAD_SHED_DELAY_MS ?? 1000) || 0),
    maxCallsInFlight: Math.max(0, Number(env.MAX_CALLS_IN_FLIGHT ?? 200) || 0),
    eventSpoolMaxBytes: Math.max(0, Number(env.EVENT_SPOOL_MAX_BYTES ?? DEFAULT_EVENT_SPOOL_MAX_BYTES) || 0),
    brand: {
      name: env.BRAND_NAME || 'Laser',
      hotline: env.BRAND_HOTLINE || '400-000-0000',
      mailbox: env.BRAND_MAILBOX || 'service@example.com',
      logoUrl: env.BRAND_LOGO_URL || '',
      officialSite: env.BRAND_OFFICIAL_SITE || 'https://example.com',
      miniProgramUrlZh: env.BRAND_MINI_PROGRAM_ZH || 'https://example.com/mini-program/zh',
      miniProgramUrlEn: env.BRAND_MINI_PROGRAM_EN || 'https://example.com/mini-program/en',
      supportChatUrl: env.BRAND_SUPPORT_CHAT_URL || 'https://example.com/support-chat',
    },
    maintenanceCheckMs: Math.max(0, Number(env.MAINTENANCE_CHECK_MS ?? 60_000) || 0),
    drainMs: Math.max(0, Number(env.DRAIN_MS ?? 0) || 0),
    feedbackUploadTtlMs: Math.max(60_000, Number(env.FEEDBACK_UPLOAD_TTL_HOURS ?? 24) * 3600_000 || 24 * 3600_000),
    feedbackSweepMs: Math.max(0, Number(env.FEEDBACK_SWEEP_MS ?? 3600_000) || 0),
    cam: {
      internalDomains: listOf(env.CAM_INTERNAL_DOMAINS, ['laser.internal', '*.laser.internal']),
      oldUsers: listOf(env.CAM_OLD_USERS, []),
    },
  };
}
