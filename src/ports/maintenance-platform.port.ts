/** A delivered machine as the maintenance platform (the factory's registry) knows it. */
export interface RegistryMachine {
  orderNumber: string;
  name: string;
  seriesName: string;
  model: string;
  laserPowerKw: number;
  deliveryTime: Date | null;
}

/**
 * The maintenance platform of DECISIONS 4: where `GetBpmMachine` looks up an order number the
 * portal does not know yet. Embedded default: the registry table in the portal's database.
 */
export interface MaintenancePlatformPort {
  lookup(orderNumber: string): Promise<RegistryMachine | null>;
  /** Seeds and tests: records a delivered machine (idempotent). */
  register(machine: RegistryMachine): Promise<void>;
}
