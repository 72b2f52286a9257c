import { PgContactMessageRepository, PgWarrantyRuleRepository } from '../../adapters/postgres/pg-site-content.repository';
import type { Core } from './core';
import { homeRoutes } from '../routes/home.routes';
import { warrantyRoutes } from '../routes/warranty.routes';
import { ContactService } from '../services/contact.service';
import { WarrantyService } from '../services/warranty.service';
import { defineArea } from './server-area';

/** The public pages' calls: the contact form and the warranty rules. */
export const siteArea = defineArea({
  name: 'site',
  services: ({ database, clock }: Core) => {
    const warrantyRules = new PgWarrantyRuleRepository(database.db);
    return {
      contacts: new ContactService(new PgContactMessageRepository(database.db), clock),
      warrantyRules,
      warranty: new WarrantyService(warrantyRules),
    };
  },
  routes: (services) => [...homeRoutes(services), ...warrantyRoutes(services)],
});
