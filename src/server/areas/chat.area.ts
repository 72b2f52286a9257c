import { PgChatRepository } from '../../adapters/postgres/pg-chat.repository';
import type { Core } from './core';
import { chatRoutes } from '../routes/chat.routes';
import { ChatService } from '../services/chat/chat.service';
import { alarmFacts } from '../services/chat/facts/alarm.facts';
import { deviceFacts } from '../services/chat/facts/device.facts';
import { LIVE_FRESH_MS, liveStateFacts } from '../services/chat/facts/live-state.facts';
import { maintenanceFacts } from '../services/chat/facts/maintenance.facts';
import { warrantyFacts } from '../services/chat/facts/warranty.facts';
import { workOrderFacts } from '../services/chat/facts/work-order.facts';
import { alarmLeads, alarmMeaningLeads, liveAlarmLeads, maintenanceLeads, outputLeads, warrantyLeads, workOrderLeads } from '../services/chat/owner-leads';
import { ChatRetrieval } from '../services/chat/retrieval';
import type { KnowledgeServices } from './knowledge.area';
import type { MaintenanceServices } from './maintenance.area';
import type { RepairServices } from './repair.area';
import { defineArea } from './server-area';

/** The assistant: answers from the caller's machines first, then the knowledge base's articles. */
export const chatArea = defineArea({
  name: 'chat',
  services: ({ database, machines, machineEvents, warrantyRegistry, knowledge, knowledgeStore, repair, maintenance, infrastructure, clock }: Core & RepairServices & MaintenanceServices & KnowledgeServices) => ({
    // The assistant's machine facts: one source per area (the live state is added once telemetry runs).
    chat: new ChatService(
      new PgChatRepository(database.db),
      machines,
      new ChatRetrieval(knowledge, async (id) => (await knowledgeStore.article(id))?.html ?? null),
      [deviceFacts, alarmFacts(machineEvents), workOrderFacts(repair), maintenanceFacts(maintenance), warrantyFacts(warrantyRegistry)],
      infrastructure.chatAnswerer,
      clock,
    ),
  }),
  routes: (services) => chatRoutes(services),
  attach: ({ chat, machineEvents, maintenance, warrantyRegistry, repair }, { telemetry }) => {
    const latestLive = (orderNumber: string) => telemetry.live.latest(orderNumber, LIVE_FRESH_MS);
    chat.addFactSource(liveStateFacts(latestLive));
    // The owner's alarm questions answered from the data first (issue 35): the live state, then the error log.
    chat.addLeadSource(liveAlarmLeads(latestLive, machineEvents));
    chat.addLeadSource(alarmLeads(machineEvents));
    chat.addLeadSource(alarmMeaningLeads(machineEvents));
    chat.addLeadSource(maintenanceLeads(maintenance));
    chat.addLeadSource(warrantyLeads(warrantyRegistry));
    chat.addLeadSource(workOrderLeads(repair));
    chat.addLeadSource(outputLeads(machineEvents));
  },
});
