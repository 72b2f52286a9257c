/**
 * Moving a machine from one company to another (issue 37 item 5): the staff console's dialog and
 * the server apply the same rule. What a company, its members and its machines are as the console
 * shows them.
 */

import type { CompanyRole } from '../companies/company-roles';

/** A company in the console's list. */
export interface StaffCompany {
  companyId: string;
  /** '' for a company of one: the page names it after its founder. */
  name: string;
  ownerName: string;
  ownerAccount: string;
  members: number;
  machines: number;
  createdAt: string;
}

export interface StaffCompanyMember {
  memberId: string;
  name: string;
  account: string;
  role: CompanyRole;
  joinedAt: string;
}

export interface StaffCompanyMachine {
  equipmentId: number;
  orderNumber: string;
  name: string;
  seriesName: string;
  kind: 'sheet' | 'tube';
  boundAt: string;
}

/** One company opened. */
export interface StaffCompanyDetail extends StaffCompany {
  memberList: StaffCompanyMember[];
  machineList: StaffCompanyMachine[];
}

/** A move as staff prepare it: the machine, the company it is in, the company chosen to take it. */
export interface MachineMoveDraft {
  orderNumber: string;
  fromCompanyId: string;
  /** '' until a company is chosen. */
  toCompanyId: string;
}

export type MachineMoveProblem = 'staff.companies.error.noMachine' | 'staff.companies.error.noTarget' | 'staff.companies.error.sameCompany';

/** What is wrong with a move before it is sent (a message key), or null. */
export function machineMoveProblem(draft: MachineMoveDraft): MachineMoveProblem | null {
  if (!draft.orderNumber.trim() || !draft.fromCompanyId) return 'staff.companies.error.noMachine';
  if (!draft.toCompanyId) return 'staff.companies.error.noTarget';
  if (draft.toCompanyId.toLowerCase() === draft.fromCompanyId.toLowerCase()) return 'staff.companies.error.sameCompany';
  return null;
}
