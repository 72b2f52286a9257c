import path from 'node:path';
import { Redis } from 'ioredis';
import { OpenAiCompatibleAnswerer } from '../adapters/chat/openai-compatible.adapter';
import { RetrievalAssistant } from '../adapters/chat/retrieval-assistant.adapter';
import { DiskFileStore } from '../adapters/files/disk-file-store.adapter';
import { systemClock } from '../adapters/system/system-clock.adapter';
import { SmtpMailer } from '../adapters/mail/smtp-mailer.adapter';
import { Outbox, type OutboxEntry } from '../adapters/outbox/outbox.adapter';
import { migrateDatabase, openDatabase, type Database } from '../adapters/postgres/database';
import { PgChangeNotices } from '../adapters/postgres/pg-change-notices.adapter';
import { referencedFileIds } from '../adapters/postgres/pg-file-references';
import { startEmbeddedCluster, type EmbeddedCluster } from '../adapters/postgres/embedded-cluster.adapter';
import type { OpenBroker } from '../ports/broker.port';
import type { ChangeNoticesPort } from '../ports/change-notices.port';
import { PgLicenceServer } from '../adapters/postgres/pg-licence-server.adapter';
import type { ChatAnswererPort } from '../ports/chat-answerer.port';
import type { FileStorePort } from '../ports/file-store.port';
import type { MailerPort } from '../ports/mailer.port';
import type { SmsPort } from '../ports/sms.port';
import { embeddedAnswer, systemPrompt } from './services/chat/answer-texts';
import type { Config } from './config';
import type { Clock } from '../ports/clock.port';
import { EmbeddedBroker } from './telemetry/embedded-broker';
import { ExternalRelay } from './telemetry/external-relay';

/** The MQTT broker the portal uses, as decided from MQTT_URL; opened by the telemetry once the access rules exist. */
export interface BrokerChoice {
  /** The portal's own user on the external broker (it may read every machine topic); null when embedded. */
  readonly serviceUser: { username: string; password: string } | null;
  /** Where machines connect when the broker is not the portal's: MQTT_URL without its user; null when embedded. */
  readonly machinesUrl: string | null;
  readonly open: OpenBroker;
}

/**
 * Where the chat assistant's answers come from: the OpenAI-compatible service at CHAT_API_URL
 * (with CHAT_API_KEY), or the embedded assistant that answers from the knowledge libraries
 * (`KnowledgeSearchPort`). `chatAnswerer` is the adapter built from it.
 */
export type ChatUpstream = { readonly kind: 'openai-compatible'; readonly url: string; readonly apiKey: string | null } | { readonly kind: 'knowledge-base' };

/**
 * What the portal runs on, each piece chosen from the configuration (DECISIONS 5: an embedded
 * default, or the service the environment names). `compose.ts` wires the services from it.
 */
export interface Infrastructure {
  /** PostgreSQL: the embedded cluster in `<DATA_DIR>/postgres`, or the server at DATABASE_URL; migrated. */
  readonly database: Database;
  /** MQTT: aedes inside the server, or the external broker at MQTT_URL relayed to the browsers. */
  readonly broker: BrokerChoice;
  /** Mail: the SMTP server at SMTP_URL, or the outbox. */
  readonly mailer: MailerPort;
  /** SMS: the outbox (no SMS gateway is configured yet). */
  readonly sms: SmsPort;
  /** The outbox: keeps every SMS, and the mail while no SMTP server is set. */
  readonly outbox: Outbox;
  /** The outbox whose local page `/dev/outbox` is served: while no SMTP server is set and DEV_OUTBOX allows it, null otherwise. */
  readonly outboxPage: Outbox | null;
  /** Files (releases, uploads) on disk in `<DATA_DIR>/files`; an object-storage adapter fits the same port. */
  readonly files: FileStorePort;
  readonly clock: Clock;
  readonly chat: ChatUpstream;
  /** Redis at REDIS_URL, shared by the portals behind a balancer (rate limits); null keeps them in memory. */
  readonly redis: Redis | null;
  /** Cache-change notices between the portals on this database (LISTEN/NOTIFY). */
  readonly notices: ChangeNoticesPort;
  /** CAM licences: the embedded licence server in the portal's database (a real dongle/licence system fits `LicenceServerPort`). */
  readonly licenceServer: PgLicenceServer;
  /** Writes the assistant's answers: the embedded retrieval assistant, or the OpenAI-compatible service. */
  readonly chatAnswerer: ChatAnswererPort;
  /** Closes what was opened here: the SMTP transport, the database and the embedded cluster. */
  close(): Promise<void>;
}

export interface InfrastructureOptions {
  /** A database the caller opened and migrated (the tests' clone of the template); the caller closes it. */
  database?: Database;
  /** Connections of the pool when the database is opened here. */
  poolSize?: number;
  /** The tests' clock; the system's by default. */
  clock?: Clock;
  /** Called for each message the outbox takes (the server logs it). */
  logOutbox?: (entry: OutboxEntry) => void;
  /** What opening the infrastructure did that an operator should know (an orphaned PostgreSQL stopped). */
  warn?: (line: string) => void;
  /** The embedded assistant's pause between streamed pieces (tests and the bench: 0). */
  chatPaceMs?: number;
}

/** Decides and opens the portal's infrastructure from the configuration: the one place adapters are picked. */
export async function openInfrastructure(config: Config, options: InfrastructureOptions = {}): Promise<Infrastructure> {
  const store = options.database ? { database: options.database, sole: false, close: async () => {} } : await openOwnDatabase(config, options.poolSize, options.warn);
  try {
    const outbox = new Outbox({ dataDir: config.dataDir, log: options.logOutbox });
    const smtp = config.smtpUrl ? new SmtpMailer({ url: config.smtpUrl, from: config.smtpFrom }) : null;
    // Short timeouts and one retry: a limit that cannot be counted is skipped, not waited for.
    const files = new DiskFileStore({ dataDir: config.dataDir, maxBytes: config.fileMaxBytes });
    // Uploads a killed portal never finished, and files it stored without committing their row
    // (docs/RELIABILITY.md). The portal that owns the embedded cluster is alone on its data folder
    // (cluster-owner.ts) and sweeps at once; one on DATABASE_URL may share the folder with portals
    // writing right now, so only what was left alone for an hour.
    const idleMs = store.sole ? 0 : undefined;
    const leftovers = await files.removeLeftovers(idleMs);
    if (leftovers) options.warn?.(`removed ${leftovers} partial upload file(s) left by an ended portal`);
    const unreferenced = await files.setAsideUnreferenced(await referencedFileIds(store.database.pool), idleMs);
    if (unreferenced) options.warn?.(`set aside ${unreferenced} stored file(s) no row points to (files/unreferenced/)`);
    const notices = new PgChangeNotices(store.database.pool, store.database.pool.options);
    const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableAutoPipelining: true }) : null;
    return {
      database: store.database,
      broker: brokerOf(config),
      mailer: smtp ?? outbox.mailer,
      sms: outbox.sms,
      outbox,
      // The page shows verification codes: on only where asked for (DEV_OUTBOX, default outside production).
      outboxPage: smtp || !config.devOutbox ? null : outbox,
      files,
      clock: options.clock ?? systemClock,
      chat: config.chatApiUrl ? { kind: 'openai-compatible', url: config.chatApiUrl, apiKey: config.chatApiKey } : { kind: 'knowledge-base' },
      redis,
      notices,
      licenceServer: new PgLicenceServer(store.database.db),
      chatAnswerer: config.chatApiUrl
        ? new OpenAiCompatibleAnswerer({ url: config.chatApiUrl, apiKey: config.chatApiKey, model: config.chatModel, systemPrompt, ...config.chatTimeouts })
        : new RetrievalAssistant({ write: embeddedAnswer, paceMs: options.chatPaceMs }),
      async close() {
        smtp?.close();
        redis?.disconnect();
        await notices.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
}

/** The embedded cluster in the data folder unless DATABASE_URL names a server; migrated before use. */
async function openOwnDatabase(config: Config, poolSize?: number, warn?: (line: string) => void): Promise<{ database: Database; sole: boolean; close(): Promise<void> }> {
  let cluster: EmbeddedCluster | null = null;
  let url = config.databaseUrl;
  if (!url) {
    cluster = await startEmbeddedCluster({ dir: path.join(config.dataDir, 'postgres'), warn });
    url = cluster.url('postgres');
  }
  const database = openDatabase(url, poolSize);
  const close = async () => {
    await database.close();
    await cluster?.stop();
  };
  try {
    await migrateDatabase(database);
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  return { database, sole: cluster !== null, close };
}

function brokerOf(config: Config): BrokerChoice {
  const url = config.mqttUrl;
  if (!url) return { serviceUser: null, machinesUrl: null, open: (deps) => EmbeddedBroker.open(deps) };
  return {
    serviceUser: userOf(url),
    machinesUrl: url.replace(/\/\/[^@/]*@/, '//'),
    open: (deps) => ExternalRelay.open(url, { clientId: config.mqttClientId, events: config.mqttEventSubscription }, deps),
  };
}

/** The portal's own user on the external broker, from the URL's user info. */
function userOf(url: string): { username: string; password: string } | null {
  try {
    const parsed = new URL(url);
    return parsed.username ? { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) } : null;
  } catch {
    return null;
  }
}
