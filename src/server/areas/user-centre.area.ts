import { AreaCatalogAdapter } from '../../adapters/area-data/area-catalog.adapter';
import { PgUserCentreStore } from '../../adapters/postgres/pg-user-centre.repository';
import type { Core } from './core';
import { avatarFileRoute, avatarUploadRoutes, userCentreRoutes } from '../routes/user-centre.routes';
import { UserCentreService } from '../services/user-centre.service';
import type { PointsService } from '../services/points.service';
import { defineArea } from './server-area';

/** The user centre: profile, avatar, e-mail change and the warranty of the customer's machines. */
export const userCentreArea = defineArea({
  name: 'userCentre',
  services: ({ users, database, sessions, hasher, codes, files, machines, warrantyRegistry, clock, unitOfWork }: Core & { points: PointsService }) => ({
    userCentre: new UserCentreService(users, new PgUserCentreStore(database.db), sessions, hasher, codes, files, machines, warrantyRegistry, clock, unitOfWork, new AreaCatalogAdapter()),
  }),
  routes: (services) => [...userCentreRoutes(services), avatarUploadRoutes(services), avatarFileRoute(services)],
});
