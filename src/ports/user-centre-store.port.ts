/** The profile fields the user centre saves. */
export interface ProfileUpdate {
  realName: string;
  mobile: string | null;
  fullPathId: string;
  fullPathName: string;
  address: string;
}

/** What the user centre changes of an account, beside what registration and login keep. */
export interface UserCentreStore {
  updateProfile(userId: string, profile: ProfileUpdate, passwordHash?: string): Promise<void>;
  /** Sets the avatar's file id and URL; answers the file id it replaced, if any. */
  setAvatar(userId: string, fileId: string, url: string): Promise<string | null>;
  /** Ends every session of the user but the one of `keepTokenHash`. */
  revokeOtherSessions(userId: string, keepTokenHash: string, at: Date): Promise<void>;
}

/** A support question as the store keeps it. */
export interface QuestionRecord {
  id: number;
  ownerId: string | null;
  product: number;
  version: string;
  title: string;
  userName: string;
  phone: string;
  htmlContent: string;
  mainFileId: string | null;
  mainFileName: string;
  otherFileId: string | null;
  otherFileName: string;
  expectedAt: Date;
  processingStatus: number;
  isComplaint: number;
  answer: string;
  answeredAt: Date | null;
  createdAt: Date;
}

export type NewQuestion = Omit<QuestionRecord, 'id' | 'processingStatus' | 'isComplaint' | 'answer' | 'answeredAt' | 'createdAt'> & { createdAt?: Date };

export interface QuestionFilter {
  ownerId?: string;
  id?: number;
  /** Substring of the title, whitespace already stripped (matched against the title without whitespace). */
  title?: string;
  isComplaint?: number;
  processingStatus?: number;
}

/** A file uploaded for a feedback, waiting to be sent with it. */
export interface FeedbackUpload {
  fileId: string;
  ownerId: string | null;
  slot: 'main' | 'other';
  fileName: string;
  size: number;
  /** When it was uploaded (the infrastructure's clock); the database's time when not given. */
  createdAt?: Date;
}

/** Support questions and their uploads. */
export interface SupportStore {
  create(question: NewQuestion): Promise<QuestionRecord>;
  find(id: number): Promise<QuestionRecord | null>;
  list(filter: QuestionFilter, page?: { offset: number; limit: number }): Promise<{ rows: QuestionRecord[]; total: number }>;
  /** Marks urgent only if still open and not urgent (atomic); answers whether it did. */
  urge(id: number, ownerId: string): Promise<boolean>;
  answer(id: number, answer: string, by: string | null, at: Date, close: boolean): Promise<QuestionRecord | null>;
  close(id: number): Promise<boolean>;
  addUpload(upload: FeedbackUpload): Promise<void>;
  upload(fileId: string): Promise<FeedbackUpload | null>;
  /**
   * Forgets the uploads made before `before` that no question names (never sent with a feedback),
   * in one statement, and answers their file ids for the file store to remove.
   */
  sweepUnsentUploads(before: Date): Promise<string[]>;
}

/** A warranty row of the maintenance platform (spec 2 section 3). */
export interface WarrantyRecord {
  orderNumber: string;
  deliveryTime: Date | null;
  marketingDept: string;
  belongDept: string;
  laserBrand: string;
  guaranteeUntil: Date | null;
  extendedUntil: Date | null;
  extendedType: string;
}

/** Warranty of delivered machines, as the maintenance platform knows it. Embedded default: a table, seeded. */
export interface WarrantyRegistryPort {
  warrantyOf(orderNumbers: readonly string[]): Promise<WarrantyRecord[]>;
  /** Seeds and tests (idempotent by order number: the latest wins). */
  put(record: WarrantyRecord): Promise<void>;
}
