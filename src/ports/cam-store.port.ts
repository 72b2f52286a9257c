/** A CAM product of the catalogue (DECISIONS 3): the type is data, not code. */
export interface CamProduct {
  type: number;
  name: string;
  kind: 'tube' | 'sheet';
  sort: number;
}

export interface CamRelease {
  id: string;
  type: number;
  versionNumber: string;
  remark: string;
  remarkEn: string;
  filename: string;
  fileId: string;
  size: number;
  sha256: string;
  createTime: Date;
  publishedBy: string | null;
}

export type NewCamRelease = Omit<CamRelease, 'id'>;

/** How a download was recorded: InsertDownload (user), AllowInsertDownload (visitor), or the file link alone (file). */
export type DownloadVia = 'user' | 'visitor' | 'file';

export interface DownloadCount {
  release: CamRelease;
  total: number;
  users: number;
  visitors: number;
  direct: number;
  last: Date | null;
}

export interface Page {
  offset: number;
  limit: number;
}

export interface CamCustomerRecord {
  id: string;
  userName: string;
  phone: string;
  email: string;
  companyName: string;
  address: string;
  ip: string;
  createdAt: Date;
}

/** CAM catalogue, releases, download records and the /Information leads. */
export interface CamStore {
  products(): Promise<CamProduct[]>;
  product(type: number): Promise<CamProduct | null>;
  putProduct(product: CamProduct): Promise<void>;
  /** Newest first. */
  releases(type: number, limit: number): Promise<CamRelease[]>;
  release(id: string): Promise<CamRelease | null>;
  findRelease(type: number, versionNumber: string): Promise<CamRelease | null>;
  /** Inserts; answers null when the product already has that version. */
  addRelease(release: NewCamRelease): Promise<CamRelease | null>;
  /** Points a release at another stored file (the seed repairs a demo release whose file is gone). */
  setReleaseFile(id: string, file: { fileId: string; size: number; sha256: string }): Promise<void>;
  recordDownload(download: { releaseId: string; userId: string | null; ip: string; via: DownloadVia; at: Date }): Promise<void>;
  /** Whether a download of the release from this ip was recorded since `since`. */
  recentlyRecorded(releaseId: string, ip: string, since: Date): Promise<boolean>;
  downloadCounts(type: number | null): Promise<DownloadCount[]>;
  addCustomer(customer: Omit<CamCustomerRecord, 'id'>): Promise<void>;
  customers(page: Page): Promise<{ rows: CamCustomerRecord[]; total: number }>;
}
