/** An industrial document (spec 3 entities): a file of a machine's job, kept by the file store. */
export interface DocumentRecord {
  id: string;
  orderNumber: string;
  fileName: string;
  fileId: string;
  size: number;
  sha256: string;
  uploadedBy: string | null;
  /** The uploader's name (issue 37 item 4); '' when unknown. */
  uploadedByName: string;
  createdAt: Date;
  /** The newest CAM report of the same machine and file name; null when none was posted. */
  projectId: string | null;
}

export interface NewDocument {
  orderNumber: string;
  fileName: string;
  fileId: string;
  size: number;
  sha256: string;
  uploadedBy: string;
}

/** A CAM report as stored: its sections as the wire names them, images already replaced by their paths. */
export interface CamReportRecord {
  id: string;
  orderNumber: string;
  fileName: string;
  createdAt: Date;
  tube: { report: Record<string, unknown>; nests: Record<string, unknown>[]; parts: Record<string, unknown>[]; tubes: Record<string, unknown>[] } | null;
  plate: { reports: Record<string, unknown>[]; parts: Record<string, unknown>[] } | null;
  /** File-store ids of the report's images, removed with it. */
  imageIds: string[];
}

export interface DocumentQuery {
  /** The machines to list (the caller's). */
  orderNumbers: readonly string[];
  /** Part of the file name, case-insensitive. */
  fileName?: string;
  offset: number;
  limit: number;
}

/** Industrial documents and CAM reports (issue 18). */
export interface IndustrialDocumentStore {
  /** Adds the documents of one upload in one transaction. */
  insertMany(documents: readonly NewDocument[], at: Date): Promise<DocumentRecord[]>;
  list(query: DocumentQuery): Promise<{ rows: DocumentRecord[]; total: number }>;
  find(id: string): Promise<DocumentRecord | null>;
  /** Removes the row; answers it (for its file), or null when there was none. */
  remove(id: string): Promise<DocumentRecord | null>;
  /** Stores a CAM report; the older reports of the same machine and file stay until pruned. */
  insertCamReport(report: Omit<CamReportRecord, 'id' | 'createdAt'>, at: Date): Promise<CamReportRecord>;
  findCamReport(id: string): Promise<CamReportRecord | null>;
  /** Whether a file id is an image of some CAM report (images are served only then). */
  camImageExists(fileId: string): Promise<boolean>;
}
