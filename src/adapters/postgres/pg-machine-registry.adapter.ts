import { eq } from 'drizzle-orm';
import type { MaintenancePlatformPort, RegistryMachine } from '../../ports/maintenance-platform.port';
import type { Db } from './database';
import { machineRegistry } from './schema';

/** The maintenance platform's embedded default: the factory's registry table in the portal's database. */
export class PgMachineRegistry implements MaintenancePlatformPort {
  constructor(private readonly db: Db) {}

  async lookup(orderNumber: string): Promise<RegistryMachine | null> {
    const [row] = await this.db.select().from(machineRegistry).where(eq(machineRegistry.orderNumber, orderNumber)).limit(1);
    return row ?? null;
  }

  async register(machine: RegistryMachine): Promise<void> {
    await this.db.insert(machineRegistry).values(machine).onConflictDoNothing({ target: machineRegistry.orderNumber });
  }
}
