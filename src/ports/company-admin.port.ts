import type { MemberRecord } from './company-store.port';

/** A company as the staff console lists it: its name, its founder (who names a company of one) and its size. */
export interface StaffCompanyRow {
  companyId: string;
  /** '' for a company of one, which the page names after its founder. */
  name: string;
  ownerName: string;
  ownerAccount: string;
  members: number;
  machines: number;
  createdAt: Date;
}

/** A machine of a company, as staff see it on the company's page. */
export interface StaffCompanyMachine {
  equipmentId: number;
  orderNumber: string;
  name: string;
  seriesName: string;
  kind: 'sheet' | 'tube';
  boundAt: Date | null;
}

/** One company opened: its members (owners first) and its machines. */
export interface StaffCompanyDetail extends StaffCompanyRow {
  memberList: MemberRecord[];
  machineList: StaffCompanyMachine[];
}

/** What a move of a machine between companies came to. */
export type MachineMoveResult =
  | { kind: 'moved'; equipmentId: number; name: string; fromCompanyId: string; toCompanyId: string; fromMembers: string[] }
  | { kind: 'unknownMachine' }
  | { kind: 'notBound' }
  /** The machine is in another company than the one staff saw it in (moved or unbound meanwhile). */
  | { kind: 'movedMeanwhile' }
  | { kind: 'unknownCompany' };

/** Every company, as the staff console reads and changes them (issue 37 item 5). */
export interface CompanyAdminStore {
  /** Companies newest first; `search` matches a part of the name, or of an owner's account, e-mail or name. */
  list(search: string, page: { offset: number; limit: number }): Promise<{ rows: StaffCompanyRow[]; total: number }>;
  find(companyId: string): Promise<StaffCompanyDetail | null>;
  /**
   * Moves a bound machine from `fromCompanyId` to `toCompanyId` under the machine's row lock, with
   * its maintenance plans; answers the former company's members (whose live connections close).
   */
  moveMachine(orderNumber: string, fromCompanyId: string, toCompanyId: string, at: Date): Promise<MachineMoveResult>;
}
