import path from 'node:path';

/** Brand settings: the spec's `{product}` and the contact details the pages show. */
export interface BrandConfig {
  name: string;
  hotline: string;
  mailbox: string;
  logoUrl: string;
  officialSite: string;
  miniProgramUrlZh: string;
  miniProgramUrlEn: string;
}

/** Everything the server reads from the environment, with the embedded defaults of DECISIONS 5. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  mqttUrl: string | null;
  /** The portal's client id on an external broker (a persistent session); null: `portal-<hostname>`. */
  mqttClientId: string | null;
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
  /** Multiplies every per-IP rate limit; benchmarks and fuzzing raise it, production keeps 1. */
  rateLimitScale: number;
  brand: BrandConfig;
}

const flag = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : /^(1|true|yes|on)$/i.test(v));
const orNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

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
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: orNull(env.DATABASE_URL),
    mqttUrl: orNull(env.MQTT_URL),
    mqttPort: portOrOff(env.MQTT_PORT, 1884, 'MQTT_PORT'),
    mqttClientId: orNull(env.MQTT_CLIENT_ID),
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
    seedDemo: flag(env.SEED_DEMO, true),
    logLevel: env.LOG_LEVEL || 'info',
    scryptCost: Number(env.SCRYPT_COST || 2 ** 15),
    bodyLimit: Number(env.BODY_LIMIT || 256 * 1024),
    releaseMaxBytes: Number(env.RELEASE_MAX_BYTES || 2 * 1024 * 1024 * 1024),
    fileMaxBytes: Number(env.FILE_MAX_BYTES || 2 * 1024 * 1024 * 1024),
    rateLimitScale: Math.max(1, Number(env.RATE_LIMIT_SCALE || 1)),
    brand: {
      name: env.BRAND_NAME || 'Laser',
      hotline: env.BRAND_HOTLINE || '400-000-0000',
      mailbox: env.BRAND_MAILBOX || 'service@example.com',
      logoUrl: env.BRAND_LOGO_URL || '',
      officialSite: env.BRAND_OFFICIAL_SITE || 'https://example.com',
      miniProgramUrlZh: env.BRAND_MINI_PROGRAM_ZH || 'https://example.com/mini-program/zh',
      miniProgramUrlEn: env.BRAND_MINI_PROGRAM_EN || 'https://example.com/mini-program/en',
    },
  };
}
