/** A part of the catalogue (Component/GetList) in both languages. */
export interface SparePart {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  /** Specifications and size in Chinese; the `En` fields in English (issue 35 item 6). */
  specifications: string;
  specificationsEn: string;
  size: string;
  sizeEn: string;
  createdAt: Date;
}

/** A customer's record of one part: the part, their counts and threshold (a part never used has zeros and no threshold). */
export interface StockRecord {
  part: SparePart;
  sumNumber: number;
  submitNumber: number;
  threshold: number | null;
  /** The member who last set the threshold or reset the count, by name, and when (issue 37 item 4); '' and null until someone did. */
  changedByName: string;
  changedAt: Date | null;
}

/** Who made a change to a stock record, and when. */
export interface StockChange {
  by: string;
  at: Date;
}

/** Spare parts, each customer's stock records and fault counts (spec 3 sections 3 and 7). */
export interface SparePartStore {
  catalogue(): Promise<SparePart[]>;
  find(partId: number): Promise<SparePart | null>;
  /**
   * Adds the parts whose code is missing, and gives a part stored before it had English texts
   * (`specifications_en` empty: its one text was English) both languages from `parts`.
   * Answers how many were added.
   */
  ensureCatalogue(parts: ReadonlyArray<Omit<SparePart, 'id' | 'createdAt'> & { sort: number }>): Promise<number>;
  /** A customer's records, one per catalogue part, in catalogue order; `partId` narrows to one. */
  stockPage(userId: string, query: { partId?: number; offset: number; limit: number }): Promise<{ rows: StockRecord[]; total: number }>;
  setThreshold(userId: string, partId: number, threshold: number, change: StockChange): Promise<void>;
  resetCount(userId: string, partId: number, change: StockChange): Promise<void>;
  /** Counts one work order against the part (and its UTC month); answers the count since the reset and the threshold. */
  countOrder(userId: string, partId: number, at: Date): Promise<{ submitNumber: number; threshold: number | null }>;
  faultsPerPart(userId: string): Promise<Array<{ partId: number; count: number }>>;
  /** Counts per UTC month (YYYY-MM), oldest first, of one part or all. */
  faultsPerMonth(userId: string, partId?: number): Promise<Array<{ month: string; partId: number; count: number }>>;
}
