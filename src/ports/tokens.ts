import type { ServiceIdentifier } from 'inversify';
import type { PortalHttpPort } from './portal-http.port';
import type { NotifierPort } from './notifier.port';
import type { KeyValueStoragePort } from './key-value-storage.port';
import type { AccountsApiPort } from './accounts-api.port';
import type { HomeApiPort } from './home-api.port';
import type { SoftwareApiPort } from './software-api.port';

export const PortalHttpToken: ServiceIdentifier<PortalHttpPort> = Symbol.for('PortalHttpPort');
export const NotifierToken: ServiceIdentifier<NotifierPort> = Symbol.for('NotifierPort');
export const KeyValueStorageToken: ServiceIdentifier<KeyValueStoragePort> = Symbol.for('KeyValueStoragePort');
export const AccountsApiToken: ServiceIdentifier<AccountsApiPort> = Symbol.for('AccountsApiPort');
export const SoftwareApiToken: ServiceIdentifier<SoftwareApiPort> = Symbol.for('SoftwareApiPort');
export const HomeApiToken: ServiceIdentifier<HomeApiPort> = Symbol.for('HomeApiPort');
