import type { ServiceIdentifier } from 'inversify';
import type { NotifierPort } from './notifier.port';
import type { KeyValueStoragePort } from './key-value-storage.port';
import type { SessionStorePort } from './session-store.port';
import type { TubeFeedPort } from './tube-feed.port';
import type { SheetFeedPort } from './sheet-feed.port';
import type { RefusalTextsPort } from './refusal-texts.port';
import type { PageAnswersPort } from './page-answers.port';

// The browser's own services a view may use: the notifier, storage, the session, the live feeds,
// the texts of refusals and the painted first screens' answers. The calls to the portal's API are
// in api-tokens.ts, which only app/ (the modules that provide machines) imports (docs/ARCHITECTURE.md).
export const NotifierToken: ServiceIdentifier<NotifierPort> = Symbol.for('NotifierPort');
export const KeyValueStorageToken: ServiceIdentifier<KeyValueStoragePort> = Symbol.for('KeyValueStoragePort');
export const SessionStoreToken: ServiceIdentifier<SessionStorePort> = Symbol.for('SessionStorePort');
export const TubeFeedToken: ServiceIdentifier<TubeFeedPort> = Symbol.for('TubeFeedPort');
export const SheetFeedToken: ServiceIdentifier<SheetFeedPort> = Symbol.for('SheetFeedPort');
export const RefusalTextsToken: ServiceIdentifier<RefusalTextsPort> = Symbol.for('RefusalTextsPort');
export const PageAnswersToken: ServiceIdentifier<PageAnswersPort> = Symbol.for('PageAnswersPort');
