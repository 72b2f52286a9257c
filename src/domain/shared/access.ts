/** Who may call a route: anyone, a logged-in customer (staff included), or staff only. */
export type Access = 'public' | 'customer' | 'staff';
