import type { CodeRepository, SessionRepository, UserRepository } from './accounts-store.port';
import type { CustomerServicePort } from './customer-service.port';
import type { SparePartStore } from './spare-part-store.port';

/**
 * The stores a use case writes through together, all on one transaction (ADR 0027). A store joins
 * here when a use case first needs it beside another.
 */
export interface TransactionStores {
  /** The customer-service system's embedded default: work orders in the portal's database. */
  workOrders: CustomerServicePort;
  spareParts: SparePartStore;
  /** Accounts, their sessions and the verification codes that prove their addresses. */
  users: UserRepository;
  sessions: SessionRepository;
  codes: CodeRepository;
}

/**
 * One transaction around the writes of a use case: they all commit when `work` resolves, and none
 * does when it throws (the error is rethrown). Reads inside see the writes before them.
 */
export interface UnitOfWork {
  run<T>(work: (stores: TransactionStores) => Promise<T>): Promise<T>;
}
