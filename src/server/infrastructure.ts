import path from 'node:path';
import { DiskFileStore } from '../adapters/files/disk-file-store.adapter';
import { SmtpMailer } from '../adapters/mail/smtp-mailer.adapter';
import { Outbox, type OutboxEntry } from '../adapters/outbox/outbox.adapter';
import { migrateDatabase, openDatabase, type Database } from '../adapters/postgres/database';
import { startEmbeddedCluster, type EmbeddedCluster } from '../adapters/postgres/embedded-cluster.adapter';
import type { OpenBroker } from '../ports/broker.port';
import type { FileStorePort } from '../ports/file-store.port';
import type { MailerPort } from '../ports/mailer.port';
import type { SmsPort } from '../ports/sms.port';
import type { Config } from './config';
import { systemClock, type Clock } from './services/clock';
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
 * (`KnowledgeSearchPort`). No chat exists yet: this is the decision, taken here with the others,
 * that the chat issue's adapter will be built from; nothing reads it until then.
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
}

/** Decides and opens the portal's infrastructure from the configuration: the one place adapters are picked. */
export async function openInfrastructure(config: Config, options: InfrastructureOptions = {}): Promise<Infrastructure> {
  const store = options.database ? { database: options.database, close: async () => {} } : await openOwnDatabase(config, options.poolSize);
  try {
    const outbox = new Outbox({ dataDir: config.dataDir, log: options.logOutbox });
    const smtp = config.smtpUrl ? new SmtpMailer({ url: config.smtpUrl, from: config.smtpFrom }) : null;
    return {
      database: store.database,
      broker: brokerOf(config),
      mailer: smtp ?? outbox.mailer,
      sms: outbox.sms,
      outbox,
      // The page shows verification codes: on only where asked for (DEV_OUTBOX, default outside production).
      outboxPage: smtp || !config.devOutbox ? null : outbox,
      files: new DiskFileStore({ dataDir: config.dataDir, maxBytes: config.fileMaxBytes }),
      clock: options.clock ?? systemClock,
      chat: config.chatApiUrl ? { kind: 'openai-compatible', url: config.chatApiUrl, apiKey: config.chatApiKey } : { kind: 'knowledge-base' },
      async close() {
        smtp?.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
}

/** The embedded cluster in the data folder unless DATABASE_URL names a server; migrated before use. */
async function openOwnDatabase(config: Config, poolSize?: number): Promise<{ database: Database; close(): Promise<void> }> {
  let cluster: EmbeddedCluster | null = null;
  let url = config.databaseUrl;
  if (!url) {
    cluster = await startEmbeddedCluster({ dir: path.join(config.dataDir, 'postgres') });
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
  return { database, close };
}

function brokerOf(config: Config): BrokerChoice {
  const url = config.mqttUrl;
  if (!url) return { serviceUser: null, machinesUrl: null, open: (deps) => EmbeddedBroker.open(deps) };
  return {
    serviceUser: userOf(url),
    machinesUrl: url.replace(/\/\/[^@/]*@/, '//'),
    open: (deps) => ExternalRelay.open(url, config.mqttClientId, deps),
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
