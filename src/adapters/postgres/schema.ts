import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Accounts of customers and staff. `account` is the lower-cased e-mail or the phone number used to log in. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    account: text('account').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    realName: text('real_name').notNull().default(''),
    address: text('address').notNull().default(''),
    fullPathId: text('full_path_id').notNull().default(''),
    fullPathName: text('full_path_name').notNull().default(''),
    isDomestic: smallint('is_domestic').notNull().default(0),
    createOrigin: text('create_origin').notNull().default('0'),
    passwordHash: text('password_hash').notNull(),
    /** active, pending_review (manual review after a lost code) or rejected. */
    status: text('status').notNull().default('active'),
    isStaff: boolean('is_staff').notNull().default(false),
    avatarUrl: text('avatar_url').notNull().default(''),
    /** The e-mail bound for CAM software use after a Chinese registration (AllowSave). */
    camEmail: text('cam_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_account_key').on(t.account),
    uniqueIndex('users_email_key').on(t.email),
    index('users_status_idx').on(t.status),
  ],
);

/** Login sessions; only the SHA-256 of the random token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The company the person works in now (issue 37); null: their own, whose id is their user id. */
    companyId: uuid('company_id'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Verification codes sent by mail or SMS; only a salted hash of the code is stored. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    address: text('address').notNull(),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_address_idx').on(t.address, t.createdAt)],
);

/** Failed-login counters per account, for slowing down and locking guessing. */
export const loginThrottle = pgTable('login_throttle', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------
// Public face (issue 3): CAM catalogue, releases, downloads, leads and warranty rules.

/** CAM products; the type is the spec's ProductType (DECISIONS 3: 0 Nest Tube V1.0 ... 4 Nest V1.0). */
export const camProducts = pgTable('cam_products', {
  type: smallint('type').primaryKey(),
  /** Without the brand: the pages write `{brand}{name}`. */
  name: text('name').notNull(),
  /** tube or sheet. */
  kind: text('kind').notNull(),
  sort: smallint('sort').notNull().default(0),
});

/** Published versions of a CAM product; the file itself is in the file store under `file_id`. */
export const camReleases = pgTable(
  'cam_releases',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Tie-breaker for releases published in the same instant. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    type: smallint('type')
      .notNull()
      .references(() => camProducts.type),
    versionNumber: text('version_number').notNull(),
    /** Release notes, Chinese and English. */
    remark: text('remark').notNull().default(''),
    remarkEn: text('remark_en').notNull().default(''),
    filename: text('filename').notNull(),
    fileId: text('file_id').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('cam_releases_type_version_key').on(t.type, t.versionNumber), index('cam_releases_type_time_idx').on(t.type, t.createTime)],
);

/** One row per recorded download: `via` is user (InsertDownload), visitor (AllowInsertDownload) or file (the file link alone). */
export const downloads = pgTable(
  'downloads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => camReleases.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip').notNull().default(''),
    via: text('via').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('downloads_release_idx').on(t.releaseId, t.at), index('downloads_user_idx').on(t.userId), index('downloads_ip_idx').on(t.ip, t.at)],
);

/** The /Information form (SaveCamCustomer): leads for the CAM sales team. */
export const camCustomers = pgTable(
  'cam_customers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userName: text('user_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    address: text('address').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cam_customers_created_idx').on(t.createdAt)],
);

/** The landing page's contact form (Home/SaveContact). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    company: text('company').notNull().default(''),
    message: text('message').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Warranty policy (WarrantyRule/GetList): per machine type ('0' laser cutting, '1' hand-held welding), three sections, zh and en. */
export const warrantyRules = pgTable(
  'warranty_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    machineType: text('machine_type').notNull(),
    title: text('title').notNull(),
    warrantyScope: text('warranty_scope').notNull(),
    notWarrantyScope: text('not_warranty_scope').notNull(),
    serviceProcess: text('service_process').notNull(),
    titleEn: text('title_en').notNull(),
    warrantyScopeEn: text('warranty_scope_en').notNull(),
    notWarrantyScopeEn: text('not_warranty_scope_en').notNull(),
    serviceProcessEn: text('service_process_en').notNull(),
    sort: smallint('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('warranty_rules_type_idx').on(t.machineType, t.sort)],
);

// ---------------------------------------------------------------------------------------------
// Devices (issue 4): series, the factory's registry and the machines the portal knows.

/** Machine series (GetDeviceSeries); the kind follows the series: M, T, K, Q are tube. */
export const machineSeries = pgTable('machine_series', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  /** sheet or tube. */
  kind: text('kind').notNull(),
  sort: smallint('sort').notNull().default(0),
});

/**
 * The factory's registry of delivered machines: the embedded default of the maintenance-platform
 * port (DECISIONS 4), which `GetBpmMachine` asks when the portal does not know an order number yet.
 */
export const machineRegistry = pgTable('machine_registry', {
  orderNumber: text('order_number').primaryKey(),
  name: text('name').notNull(),
  seriesName: text('series_name').notNull(),
  model: text('model').notNull().default(''),
  laserPowerKw: integer('laser_power_kw').notNull().default(0),
  deliveryTime: timestamp('delivery_time', { withTimezone: true }),
});

/** Machines the portal knows (saved from the registry), with their owner once bound. */
export const machines = pgTable(
  'machines',
  {
    /** The spec's `equipmentid`. */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNumber: text('order_number').notNull(),
    name: text('name').notNull(),
    seriesName: text('series_name').notNull(),
    /** sheet or tube, fixed when the machine is saved. */
    kind: text('kind').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    /** The member who bound it to the company (issue 37 item 4). */
    boundBy: uuid('bound_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The QR labels' revision (issue 39): a label printed with an older one answers "withdrawn". */
    labelRevision: integer('label_revision').notNull().default(0),
  },
  (t) => [uniqueIndex('machines_order_number_key').on(t.orderNumber), index('machines_owner_idx').on(t.ownerId, t.boundAt)],
);

// ---------------------------------------------------------------------------------------------
// Machine events (issue 5, ADR 0006): finished tasks, alarms and daily run time.

/**
 * Finished tasks: the report row as the machine sent it (`row`, sheet or tube fields of spec 2
 * section 3) and the measures every statistic sums, whatever the kind.
 */
export const machineTasks = pgTable(
  'machine_tasks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNumber: text('order_number').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** Metres cut: sheet CuttingLength, tube SlicingLength. */
    cutLength: doublePrecision('cut_length').notNull(),
    /** Seconds of processing: sheet ProcessingTime, tube TotalDuration. */
    durationS: doublePrecision('duration_s').notNull(),
    /** Pierces: sheet PunchingNum, tube PierceCount. */
    pierces: integer('pierces').notNull(),
    row: jsonb('row').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // `id` in the time index lets a deep page be found from the index alone.
  (t) => [uniqueIndex('machine_tasks_event_key').on(t.orderNumber, t.eventId), index('machine_tasks_time_idx').on(t.orderNumber, t.endTime, t.id)],
);

/** Tasks stored per machine, kept with every insert: a report's total without counting years of rows. */
export const machineTaskCounts = pgTable('machine_task_counts', {
  orderNumber: text('order_number').primaryKey(),
  tasks: bigint('tasks', { mode: 'number' }).notNull(),
});

export const machineAlarms = pgTable(
  'machine_alarms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNumber: text('order_number').notNull(),
    eventId: text('event_id').notNull(),
    errorDate: timestamp('error_date', { withTimezone: true }).notNull(),
    errorType: text('error_type').notNull(),
    errorContent: text('error_content').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('machine_alarms_event_key').on(t.orderNumber, t.eventId), index('machine_alarms_time_idx').on(t.orderNumber, t.errorDate)],
);

/** A machine's run time per local day, in hours; a later event for the same day replaces the earlier. */
export const machineRuntime = pgTable(
  'machine_runtime',
  {
    orderNumber: text('order_number').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    run: doublePrecision('run').notNull(),
    idle: doublePrecision('idle').notNull(),
    offline: doublePrecision('offline').notNull(),
    /** Emergency stop hours; tube machines only. */
    estop: doublePrecision('estop'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderNumber, t.day] })],
);

// ---------------------------------------------------------------------------------------------
// Knowledge and documentation (issue 6, ADR 0007): four libraries of classified articles.

/** Classifications of the four libraries: a root per library, language branches, folders. */
export const kbNodes = pgTable(
  'kb_nodes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** knowledge, download, guide or faults. */
    library: text('library').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => kbNodes.id),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    /** zh or en below a language branch; null for the root and the knowledge library's top classifications. */
    lang: text('lang'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kb_nodes_parent_idx').on(t.library, t.parentId)],
);

/**
 * Articles. `html` is sanitised before it is stored; `search_title` and `search_body` hold the
 * text split into words (Chinese by Intl.Segmenter) so PostgreSQL's parser sees one word per token.
 */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    library: text('library').notNull(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => kbNodes.id),
    title: text('title').notNull(),
    label: text('label').notNull().default(''),
    series: text('series').notNull().default(''),
    language: text('language').notNull(),
    html: text('html').notNull(),
    plainText: text('plain_text').notNull(),
    searchTitle: text('search_title').notNull(),
    searchBody: text('search_body').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, search_title), 'A') || setweight(to_tsvector('english'::regconfig, search_body), 'B')`,
    ),
    /** Imported content: library/path of the source file, so a second import updates instead of adding. */
    sourceKey: text('source_key'),
    views: integer('views').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kb_articles_node_idx').on(t.library, t.nodeId, t.createdAt),
    // The newest articles of a whole classification (many folders) without sorting all of them.
    index('kb_articles_recent_idx').on(t.library, t.createdAt.desc(), t.id.desc()),
    index('kb_articles_search_idx').using('gin', t.searchVector),
    uniqueIndex('kb_articles_source_key').on(t.sourceKey),
  ],
);

/** Files of articles: attachments (downloads) and images of the editor, kept by the file store. */
export const kbFiles = pgTable(
  'kb_files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Null for an editor image uploaded before its article was saved. */
    articleId: integer('article_id').references(() => kbArticles.id, { onDelete: 'set null' }),
    fileId: text('file_id').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** attachment or image. */
    kind: text('kind').notNull().default('attachment'),
    /** The type the content's signature shows (file-type), null when it shows none; served by this, never by the name. */
    detectedType: text('detected_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kb_files_article_idx').on(t.articleId)],
);

/** Random files of each machine: the product-lifecycle port's embedded default (DECISIONS 4). */
export const machineFiles = pgTable(
  'machine_files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderNumber: text('order_number').notNull(),
    title: text('title').notNull(),
    classify: text('classify').notNull().default(''),
    /** 0 cutting machine, 1 welding machine. */
    machineType: smallint('machine_type').notNull().default(0),
    fileId: text('file_id').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('machine_files_order_idx').on(t.orderNumber, t.createdAt)],
);
