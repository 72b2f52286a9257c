import type { ServiceIdentifier } from 'inversify';
import type { DocumentsApiPort } from './documents-api.port';
import type { RepairApiPort } from './repair-api.port';
import type { PortalDownloadPort, PortalHttpPort, PortalStreamPort, PortalUploadPort } from './portal-http.port';
import type { ChatApiPort } from './chat-api.port';
import type { CamLicencesApiPort } from './cam-licences-api.port';
import type { AccountsApiPort } from './accounts-api.port';
import type { HomeApiPort } from './home-api.port';
import type { SoftwareApiPort } from './software-api.port';
import type { DevicesApiPort } from './devices-api.port';
import type { ReportsApiPort } from './reports-api.port';
import type { MaintenanceApiPort } from './maintenance-api.port';
import type { RandomFilesApiPort } from './random-files-api.port';
import type { KnowledgeAdminApiPort, KnowledgeApiPort } from './knowledge-api.port';
import type { UserCentreApiPort } from './user-centre-api.port';
import type { StaffApiPort } from './staff-api.port';

// The portal's API and its transports: bound by app/'s modules and used by the actors they provide
// to the machines. A view never calls one (a dependency-cruiser rule, `ui-never-calls-the-api`).
export const PortalHttpToken: ServiceIdentifier<PortalHttpPort> = Symbol.for('PortalHttpPort');
export const AccountsApiToken: ServiceIdentifier<AccountsApiPort> = Symbol.for('AccountsApiPort');
export const SoftwareApiToken: ServiceIdentifier<SoftwareApiPort> = Symbol.for('SoftwareApiPort');
export const HomeApiToken: ServiceIdentifier<HomeApiPort> = Symbol.for('HomeApiPort');
export const DevicesApiToken: ServiceIdentifier<DevicesApiPort> = Symbol.for('DevicesApiPort');
export const ReportsApiToken: ServiceIdentifier<ReportsApiPort> = Symbol.for('ReportsApiPort');
export const MaintenanceApiToken: ServiceIdentifier<MaintenanceApiPort> = Symbol.for('MaintenanceApiPort');
export const PortalDownloadToken: ServiceIdentifier<PortalDownloadPort> = Symbol.for('PortalDownloadPort');
export const PortalUploadToken: ServiceIdentifier<PortalUploadPort> = Symbol.for('PortalUploadPort');
export const KnowledgeAdminApiToken: ServiceIdentifier<KnowledgeAdminApiPort> = Symbol.for('KnowledgeAdminApiPort');
export const KnowledgeApiToken: ServiceIdentifier<KnowledgeApiPort> = Symbol.for('KnowledgeApiPort');
export const RandomFilesApiToken: ServiceIdentifier<RandomFilesApiPort> = Symbol.for('RandomFilesApiPort');
export const CamLicencesApiToken: ServiceIdentifier<CamLicencesApiPort> = Symbol.for('CamLicencesApiPort');
export const UserCentreApiToken: ServiceIdentifier<UserCentreApiPort> = Symbol.for('UserCentreApiPort');
export const DocumentsApiToken: ServiceIdentifier<DocumentsApiPort> = Symbol.for('DocumentsApiPort');
export const PortalStreamToken: ServiceIdentifier<PortalStreamPort> = Symbol.for('PortalStreamPort');
export const ChatApiToken: ServiceIdentifier<ChatApiPort> = Symbol.for('ChatApiPort');
export const StaffApiToken: ServiceIdentifier<StaffApiPort> = Symbol.for('StaffApiPort');
export const RepairApiToken: ServiceIdentifier<RepairApiPort> = Symbol.for('RepairApiPort');
