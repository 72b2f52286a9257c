import { defineCall } from './call';

/** api/Telemetry/*: what support engineers look at when a customer says "my machine shows offline". */

const count = { type: 'integer', minimum: 0 } as const;

export const GetStats = defineCall({
  path: 'Telemetry/GetStats',
  summary: 'Staff: broker mode, connected clients, machines with live values, messages accepted and dropped as malformed',
  body: { type: 'object', properties: {} },
  data: {
    type: 'object',
    required: [
      'broker',
      'externalConnected',
      'connectedClients',
      'dataServiceConnections',
      'machinesWithValues',
      'messagesAccepted',
      'messagesDropped',
      'messagesShed',
      'eventsStored',
      'eventsMalformed',
      'eventBatchesFailed',
      'eventsSpooled',
      'eventSpoolBytes',
    ],
    additionalProperties: false,
    properties: {
      broker: { type: 'string', enum: ['embedded', 'external'], description: 'external: machines publish to the broker at MQTT_URL' },
      externalConnected: { type: ['boolean', 'null'], description: "The portal's two clients on the external broker (events, live data) are connected, the events client's subscription acknowledged; null when embedded" },
      connectedClients: { ...count, description: "Clients of the portal's own broker (browsers, and machines when embedded)" },
      dataServiceConnections: { ...count, description: 'Open sockets of the sheet pages (/ws/data)' },
      machinesWithValues: { ...count, description: 'Machines whose live values the portal holds' },
      messagesAccepted: count,
      messagesDropped: { ...count, description: 'Live messages dropped as malformed' },
      messagesShed: { ...count, description: 'Live messages shed while the broker was overloaded' },
      eventsStored: { ...count, description: 'Machine events acknowledged: stored in the database, or spooled on disk while it was away (eventsSpooled)' },
      eventsMalformed: count,
      eventBatchesFailed: count,
      eventsSpooled: { ...count, description: 'Machine events kept on the portal\'s disk (and acknowledged) while the database was away' },
      eventSpoolBytes: { ...count, description: 'Bytes of the event spool waiting to be stored (EVENT_SPOOL_MAX_BYTES bounds it)' },
    },
  },
  refusals: {},
});
