import { PgContactMessageRepository, PgSiteVideoRepository, PgWarrantyRuleRepository } from '../../adapters/postgres/pg-site-content.repository';
import type { Core } from './core';
import { homeRoutes } from '../routes/home.routes';
import { siteVideoFileRoute, siteVideoRoutes, siteVideoUploadRoutes } from '../routes/site-video.routes';
import { warrantyRoutes } from '../routes/warranty.routes';
import { ContactService } from '../services/contact.service';
import { SiteVideoService } from '../services/site-video.service';
import { WarrantyService } from '../services/warranty.service';
import { defineArea } from './server-area';

/** The public pages' calls: the contact form, the warranty rules and the site videos (which staff replace). */
export const siteArea = defineArea({
  name: 'site',
  services: ({ database, clock, files, users }: Core) => {
    const warrantyRules = new PgWarrantyRuleRepository(database.db);
    return {
      contacts: new ContactService(new PgContactMessageRepository(database.db), clock),
      warrantyRules,
      warranty: new WarrantyService(warrantyRules),
      siteVideos: new SiteVideoService(new PgSiteVideoRepository(database.db), files, users, clock),
    };
  },
  routes: (services) => [...homeRoutes(services), ...warrantyRoutes(services), ...siteVideoRoutes(services), siteVideoUploadRoutes(services), siteVideoFileRoute(services)],
});
