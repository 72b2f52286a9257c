import { PgSupportStore } from '../../adapters/postgres/pg-user-centre.repository';
import type { Core } from './core';
import { feedbackUploadRoutes, supportRoutes } from '../routes/support.routes';
import { SupportService } from '../services/support.service';
import { defineArea } from './server-area';

/** Customers' questions and feedback with their files, and staff's answers. */
export const supportArea = defineArea({
  name: 'support',
  services: ({ database, users, files, mailer, clock }: Core, config) => {
    const supportStore = new PgSupportStore(database.db);
    return { supportStore, support: new SupportService(supportStore, users, files, mailer, clock, config.brand.name, config.feedbackUploadTtlMs) };
  },
  routes: (services) => [...supportRoutes(services), feedbackUploadRoutes(services)],
});
