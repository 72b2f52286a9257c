import type { Page } from './cam-store.port';

export interface ContactMessageRecord {
  id: string;
  name: string;
  phone: string;
  email: string;
  company: string;
  message: string;
  ip: string;
  createdAt: Date;
}

/** The landing page's contact form: leads that staff list. */
export interface ContactMessageStore {
  add(message: Omit<ContactMessageRecord, 'id'>): Promise<void>;
  list(page: Page): Promise<{ rows: ContactMessageRecord[]; total: number }>;
}

/** A warranty policy of one machine type ('0' laser cutting, '1' hand-held welding): three sections in zh and en. */
export interface WarrantyRuleRecord {
  id: number;
  machineType: string;
  title: string;
  warrantyScope: string;
  notWarrantyScope: string;
  serviceProcess: string;
  titleEn: string;
  warrantyScopeEn: string;
  notWarrantyScopeEn: string;
  serviceProcessEn: string;
  sort: number;
}

export interface WarrantyRuleStore {
  list(filter: { id?: number; machineType?: string }): Promise<WarrantyRuleRecord[]>;
  add(rule: Omit<WarrantyRuleRecord, 'id'>): Promise<void>;
}

/** A site video staff replaced: the file it plays now, and who put it there when. */
export interface SiteVideoRecord {
  videoId: string;
  fileId: string;
  size: number;
  /** The type the content showed (video/mp4, video/webm). */
  mediaType: string;
  sha256: string;
  fileName: string;
  replacedBy: string;
  replacedAt: Date;
}

/** The replaced site videos (domain/shared/site-videos.ts); a video without a record plays its committed file. */
export interface SiteVideoStore {
  list(): Promise<SiteVideoRecord[]>;
  find(videoId: string): Promise<SiteVideoRecord | null>;
  /** Puts the record in place of the video's last one and answers the file id that one played (null for none). */
  replace(record: SiteVideoRecord): Promise<string | null>;
}
