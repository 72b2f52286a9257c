import { PgCamRepository } from '../../adapters/postgres/pg-cam.repository';
import { PgCamConfirmations } from '../../adapters/postgres/pg-licence-server.adapter';
import { PgPointsLedger } from '../../adapters/postgres/pg-points-ledger.repository';
import type { Core } from './core';
import { camLicenceRoutes } from '../routes/cam-licence.routes';
import { camPublishRoutes } from '../routes/cam-publish.routes';
import { camFileRoute, camRoutes } from '../routes/cam.routes';
import { pointsRoutes } from '../routes/points.routes';
import { CamLicenceService } from '../services/cam-licence.service';
import { CamService } from '../services/cam.service';
import { PointsService } from '../services/points.service';
import { defineArea } from './server-area';

/** The nesting software: releases and their files, CAM licences, and the points they are exchanged for. */
export const softwareArea = defineArea({
  name: 'software',
  services: ({ database, files, clock, users, infrastructure }: Core, config) => {
    const camStore = new PgCamRepository(database.db);
    // The points ledger (DECISIONS 4): GetMallPoints, staff grants, the CAM exchange.
    const pointsLedger = new PgPointsLedger(database.db);
    return {
      camStore,
      cam: new CamService(camStore, files, clock, config.releaseMaxBytes),
      pointsLedger,
      points: new PointsService(pointsLedger, clock),
      camLicences: new CamLicenceService(users, infrastructure.licenceServer, new PgCamConfirmations(database.db), pointsLedger, clock, config.cam),
    };
  },
  routes: (services, config) => [
    ...pointsRoutes(services),
    ...camLicenceRoutes(services, config.brand.name),
    ...camRoutes(services),
    camFileRoute(services.cam),
    camPublishRoutes({ cam: services.cam, releaseMaxBytes: config.releaseMaxBytes }),
  ],
});
