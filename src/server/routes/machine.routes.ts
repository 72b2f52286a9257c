import { defineRoute, type ApiRoute } from '../route-kit';
import type { DeviceService } from '../services/device.service';

const ORDER_NUMBER_BODY = {
  type: 'object',
  required: ['OrderNumber'],
  properties: { OrderNumber: { type: 'string', maxLength: 100, description: 'The order number on the machine plate' } },
};

/** api/Machine/*: the fleet, binding and the equipment lookup of the live pages (ADR 0005). */
export function machineRoutes(deps: { devices: DeviceService }): ApiRoute[] {
  const { devices } = deps;
  return [
    defineRoute<{ UserId?: string }>({
      controller: 'Machine',
      action: 'GetMyMachine',
      access: 'customer',
      summary: "The caller's machines, oldest binding first; UserId may only name the caller",
      body: { type: 'object', properties: { UserId: { type: ['string', 'integer'], maxLength: 64 } } },
      handle: ({ caller }) => devices.myMachines(caller!.userId),
    }),
    defineRoute<{ OrderNumber: string }>({
      controller: 'Machine',
      action: 'MachineBind',
      access: 'customer',
      summary: 'Binds a machine the portal knows to the caller; 400 未查询到数据 when unknown, 409 when bound to another account',
      body: ORDER_NUMBER_BODY,
      // Guessing order numbers is the way to find machines: keep it slow.
      rateLimit: { max: 30, timeWindow: 60_000 },
      handle: ({ body, caller }) => devices.bind(caller!.userId, body.OrderNumber),
    }),
    defineRoute<{ OrderNumber: string }>({
      controller: 'Machine',
      action: 'GetBpmMachine',
      access: 'customer',
      summary: "The maintenance platform's record of a delivered machine (the binding fallback)",
      body: ORDER_NUMBER_BODY,
      rateLimit: { max: 30, timeWindow: 60_000 },
      handle: ({ body }) => devices.lookup(body.OrderNumber),
    }),
    defineRoute<{ OrderNumber: string }>({
      controller: 'Machine',
      action: 'SaveMachineData',
      access: 'customer',
      summary: 'Saves a delivered machine into the portal from the registry; every field but OrderNumber is ignored',
      body: { ...ORDER_NUMBER_BODY, additionalProperties: true },
      rateLimit: { max: 30, timeWindow: 60_000 },
      handle: ({ body }) => devices.save(body.OrderNumber),
    }),
    defineRoute<{ Path?: string; Depth?: number }>({
      controller: 'Machine',
      action: 'GetDeviceSeries',
      access: 'customer',
      summary: 'Every machine series with its kind (Path and Depth are kept for old clients)',
      body: { type: 'object', properties: { Path: { type: 'string', maxLength: 200 }, Depth: { type: ['integer', 'string'], maxLength: 10 } } },
      handle: () => devices.series(),
    }),
    defineRoute<{ OrderNumber: string }>({
      controller: 'Machine',
      action: 'GetMachineTables',
      access: 'customer',
      summary: "The caller's machine by order number (EquipmentId); unknown and someone else's answer 404 alike",
      body: ORDER_NUMBER_BODY,
      handle: ({ body, caller }) => devices.machineTables(caller!.userId, body.OrderNumber),
    }),
  ];
}
