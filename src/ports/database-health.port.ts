/** Whether the portal's database answers: what the readiness probe (`GET /api/ready`) reports. */
export interface DatabaseHealthPort {
  /** True when the database answers a trivial query within the pool's limits; false, never a throw, when it does not. */
  ping(): Promise<boolean>;
}
