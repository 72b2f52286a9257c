import { PgMachineFiles } from '../../adapters/postgres/pg-machine-files.adapter';
import type { Core } from './core';
import { randomFilesRoutes } from '../routes/random-files.routes';
import { RandomFilesService } from '../services/random-files.service';
import { defineArea } from './server-area';

/** The files that came with each machine (drawings, manuals) from the product-lifecycle system. */
export const randomFilesArea = defineArea({
  name: 'randomFiles',
  services: ({ database, machines, files }: Core) => {
    // The product-lifecycle system's embedded default: the machine_files table (DECISIONS 4, ADR 0007).
    const productLifecycle = new PgMachineFiles(database.db);
    return { productLifecycle, randomFiles: new RandomFilesService(productLifecycle, machines, files) };
  },
  routes: (services) => randomFilesRoutes(services),
});
