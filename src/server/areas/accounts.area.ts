import { AreaCatalogAdapter } from '../../adapters/area-data/area-catalog.adapter';
import type { Core } from './core';
import { loginRoutes } from '../routes/login.routes';
import { userRoutes } from '../routes/user.routes';
import { AreaService } from '../services/area.service';
import { RegistrationService } from '../services/registration.service';
import { ReviewService } from '../services/review.service';
import { defineArea } from './server-area';

/** Sign-in, registration, codes, password reset, the area catalogue and staff's review of accounts. */
export const accountsArea = defineArea({
  name: 'accounts',
  services: ({ users, hasher, codes, clock, sessions, unitOfWork, mailer }: Core, config) => ({
    registration: new RegistrationService(users, hasher, codes, clock, sessions, unitOfWork),
    review: new ReviewService(users, mailer, config.brand.name),
    areas: new AreaService(new AreaCatalogAdapter()),
  }),
  routes: (services, config) => [...loginRoutes(services.sessions, config.brand.name), ...userRoutes(services)],
});
