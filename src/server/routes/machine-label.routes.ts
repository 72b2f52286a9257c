import * as Machine from '../../contract/machine';
import { mapData } from '../outcome';
import { defineRoute, type ApiRoute } from '../route-kit';
import type { MachineLabelService } from '../services/machine-label.service';

/** The machines' QR labels (issue 39, item 3): the owner's label of a machine. */
export function machineLabelRoutes(deps: { machineLabels: MachineLabelService }): ApiRoute[] {
  const { machineLabels } = deps;
  return [
    defineRoute({
      call: Machine.GetMachineLabel,
      access: 'customer',
      handle: async ({ body, caller }) =>
        mapData(await machineLabels.label(caller!.userId, body.OrderNumber), (label) => ({ OrderNumber: label.orderNumber, Name: label.name, LabelPath: label.path })),
    }),
  ];
}
