import { PgCompanyRepository } from '../../adapters/postgres/pg-company.repository';
import { companyRoutes } from '../routes/company.routes';
import { CompanyService } from '../services/company.service';
import type { Core } from './core';
import { defineArea } from './server-area';

/** Company accounts (issue 37, ADR 0030): the companies a person belongs to, members, roles, invitations. */
export const companiesArea = defineArea({
  name: 'companies',
  services: ({ database, users, unitOfWork, mailer, auditLog, clock }: Core, config) => ({
    companies: new CompanyService(new PgCompanyRepository(database.db), users, unitOfWork, mailer, auditLog, clock, config.publicUrl),
  }),
  routes: (services) => companyRoutes(services),
});
