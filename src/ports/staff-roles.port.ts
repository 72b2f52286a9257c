/** The staff role (DECISIONS 2: `Is{product}User` = 1 is a role on the user record), given and taken only by the staff command. */
export interface StaffRoles {
  setStaff(userId: string, isStaff: boolean): Promise<void>;
  /** The accounts that hold the role. */
  listStaff(): Promise<string[]>;
}
