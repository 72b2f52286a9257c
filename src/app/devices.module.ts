import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyDevicesApi } from '../adapters/ky/ky-devices-api.adapter';
import { MqttTubeFeed } from '../adapters/mqtt/mqtt-tube-feed.adapter';
import { WebSocketSheetFeed } from '../adapters/websocket/websocket-sheet-feed.adapter';
import { bindingMachine } from '../domain/devices/binding.machine';
import * as Machine from '../contract/machine';
import { machineInfoMachine } from '../domain/devices/machine-info.machine';
import { machineLabelMachine } from '../domain/devices/machine-label.machine';
import { labelRequestMachine } from '../domain/devices/label-request.machine';
import { labelScanMachine } from '../domain/devices/label-scan.machine';
import { labelSheetMachine } from '../domain/devices/label-sheet.machine';
import { scannedMachineOf } from '../domain/devices/scanned-machine';
import { sheetLiveMachine } from '../domain/telemetry/sheet-live.machine';
import { tubeLiveMachine } from '../domain/telemetry/tube-live.machine';
import { KeyValueStorageToken, SheetFeedToken, TubeFeedToken } from '../ports/tokens';
import { DevicesApiToken, PortalHttpToken } from '../ports/api-tokens';
import { DevicesMachinesToken, type DevicesMachines } from '../ui/devices/devices-machines';
import { callActor } from './call-actor';
import { sheetSocketActor, tubeFeedActor } from './feed-actors';
import { providedFleetMachine } from './provided-machines';

/** The devices area's bindings: the Machine calls, the tube feed (MQTT, loaded on use), the sheet feed (data socket), and its machines. */
export const devicesModule = new ContainerModule((options) => {
  options.bind(DevicesApiToken).to(KyDevicesApi).inSingletonScope();
  options.bind(TubeFeedToken).to(MqttTubeFeed).inSingletonScope();
  options.bind(SheetFeedToken).to(WebSocketSheetFeed).inSingletonScope();
  options
    .bind(DevicesMachinesToken)
    .toDynamicValue((context): DevicesMachines => {
      const api = context.get(DevicesApiToken);
      const storage = context.get(KeyValueStorageToken);
      const http = context.get(PortalHttpToken);
      const orderNumberOf = (input: { orderNumber: string }) => ({ OrderNumber: input.orderNumber });
      const labelOf = (wire: { OrderNumber: string; Name: string; LabelPath: string }) => ({ orderNumber: wire.OrderNumber, name: wire.Name, path: wire.LabelPath });
      return {
        fleet: providedFleetMachine(api, (filter) => storage.set('series', filter)),
        binding: bindingMachine.provide({
          actors: {
            bind: fromPromise(({ input, signal }) => api.bind(input.orderNumber, signal)),
            getBpmMachine: fromPromise(({ input, signal }) => api.getBpmMachine(input.orderNumber, signal)),
            saveMachineData: fromPromise(({ input, signal }) => api.saveMachineData(input, signal)),
          },
        }),
        machineInfo: machineInfoMachine.provide({
          actors: { loadMachine: fromPromise(({ input, signal }) => api.getMachineTables(input.orderNumber, signal)) },
        }),
        label: machineLabelMachine.provide({
          actors: {
            loadLabel: callActor(http, Machine.GetMachineLabel, orderNumberOf, labelOf),
            withdrawLabels: callActor(http, Machine.WithdrawMachineLabels, orderNumberOf, labelOf),
          },
        }),
        labelSheet: labelSheetMachine.provide({
          actors: { loadLabels: callActor(http, Machine.GetMachineLabels, () => ({}), (wire) => wire.map(labelOf)) },
        }),
        scan: labelScanMachine.provide({
          actors: {
            scan: callActor(http, Machine.ScanMachineLabel, (input: { label: string }) => ({ Label: input.label }), scannedMachineOf),
          },
        }),
        labelRequest: labelRequestMachine.provide({
          actors: {
            requestCode: callActor(http, Machine.SendLabelRequestCode, (input: { label: string; contact: string }) => ({ Label: input.label, Contact: input.contact })),
            submit: callActor(
              http,
              Machine.RequestRepairByLabel,
              (input: { label: string; name: string; contact: string; code: string; content: string }) => ({
                Label: input.label,
                Name: input.name,
                Contact: input.contact,
                Code: input.code,
                Content: input.content,
              }),
              (wire) => wire.EventNum,
            ),
          },
        }),
        tubeLive: tubeLiveMachine.provide({ actors: { feed: tubeFeedActor(context.get(TubeFeedToken)) } }),
        sheetLive: sheetLiveMachine.provide({ actors: { socket: sheetSocketActor(context.get(SheetFeedToken)) } }),
      };
    })
    .inSingletonScope();
});
