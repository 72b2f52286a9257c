import type { ServiceIdentifier } from 'inversify';
import type { faultArticleMachine } from '../../domain/repair/fault-article.machine';
import type { faultSummaryMachine } from '../../domain/repair/fault-summary.machine';
import type { stockPageMachine } from '../../domain/repair/stock-page.machine';
import type { workOrderConversationMachine } from '../../domain/repair/work-order-conversation.machine';
import type { workOrdersPageMachine } from '../../domain/repair/work-orders-page.machine';
import { useService } from '../common/services-context';

/** The repair pages' ready machines: app/repair.module.ts provides their calls. */
export interface RepairMachines {
  workOrdersPage: typeof workOrdersPageMachine;
  stockPage: typeof stockPageMachine;
  faultSummary: typeof faultSummaryMachine;
  faultArticle: typeof faultArticleMachine;
  /** The conversation in an order's drawer (ADR 0032). */
  conversation: typeof workOrderConversationMachine;
}

export const RepairMachinesToken: ServiceIdentifier<RepairMachines> = Symbol.for('RepairMachines');

export const useRepairMachines = (): RepairMachines => useService(RepairMachinesToken);
