import * as Machine from '../../contract/machine';
import * as Staff from '../../contract/staff';
import { mapData } from '../outcome';
import { defineRoute, type ApiRoute } from '../route-kit';
import type { LabelRepairRequestService } from '../services/label-repair-request.service';
import type { MachineLabel, MachineLabelService } from '../services/machine-label.service';
import { communicationStatusOf } from './machine.routes';

const labelWire = (label: MachineLabel) => ({ OrderNumber: label.orderNumber, Name: label.name, LabelPath: label.path });

/** The machines' QR labels (issue 39, item 3): the owner's label, withdrawing old prints, and what a scan opens. */
export function machineLabelRoutes(deps: { machineLabels: MachineLabelService; labelRequests: LabelRepairRequestService }): ApiRoute[] {
  const { machineLabels, labelRequests } = deps;
  return [
    defineRoute({
      call: Machine.GetMachineLabel,
      access: 'customer', needs: 'read',
      handle: async ({ body, caller }) => mapData(await machineLabels.label(caller!.companyId, body.OrderNumber), labelWire),
    }),
    defineRoute({
      call: Machine.GetMachineLabels,
      access: 'customer', needs: 'read',
      handle: async ({ caller }) => mapData(await machineLabels.labels(caller!.companyId), (labels) => labels.map(labelWire)),
    }),
    defineRoute({
      call: Machine.WithdrawMachineLabels,
      access: 'customer', needs: 'machines',
      rateLimit: { max: 10, timeWindow: 60_000 },
      handle: async ({ body, caller }) => mapData(await machineLabels.withdraw(caller!.companyId, body.OrderNumber), labelWire),
    }),
    defineRoute({
      call: Staff.WithdrawMachineLabels,
      access: 'staff',
      audit: {
        object: (body) => `machine:${String(body.OrderNumber ?? '')}`,
        before: async (body) => ({ LabelRevision: await machineLabels.revisionOf(String(body.OrderNumber ?? '')) }),
        after: (_body, data) => (data ? { LabelRevision: data.LabelRevision } : null),
      },
      handle: async ({ body }) => mapData(await machineLabels.withdrawAny(body.OrderNumber), (w) => ({ OrderNumber: w.orderNumber, LabelRevision: w.revision })),
    }),
    defineRoute({
      call: Machine.ScanMachineLabel,
      // Anyone with a phone at the machine; the owner's token adds the way to the live page.
      access: 'public',
      // Per address: a label's signature is not guessed by asking, but scans of many labels are not a phone's work.
      rateLimit: { max: 60, timeWindow: 60_000 },
      handle: async ({ body, caller }) =>
        mapData(await machineLabels.scan(body.Label, caller?.userId ?? null), (scan) => ({
          Mine: scan.mine,
          SeriesName: scan.seriesName,
          Kind: scan.kind,
          OrderNumber: scan.orderNumber,
          communicationstatus: communicationStatusOf(scan),
        })),
    }),
      defineRoute({
      call: Machine.SendLabelRequestCode,
      // Anyone at the machine; the address's minute between codes and the hourly caps are the service's.
      access: 'public',
      rateLimit: { max: 5, timeWindow: 60_000 },
      handle: ({ body }) => labelRequests.sendCode(body.Label, body.Contact),
    }),
    defineRoute({
      call: Machine.RequestRepairByLabel,
      access: 'public',
      rateLimit: { max: 10, timeWindow: 60_000 },
      handle: async ({ body }) =>
        mapData(await labelRequests.submit(body.Label, { contact: body.Contact, code: body.Code, name: body.Name, content: body.Content }), (order) => ({
          EventNum: order.eventNum,
        })),
    }),
  ];
}
