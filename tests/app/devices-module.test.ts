// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { KyDevicesApi } from '../../src/adapters/ky/ky-devices-api.adapter';
import { MqttTubeFeed } from '../../src/adapters/mqtt/mqtt-tube-feed.adapter';
import { WebSocketSheetFeed } from '../../src/adapters/websocket/websocket-sheet-feed.adapter';
import { uiServicesOf } from '../../src/app/container-context';
import { createContainer } from '../../src/app/container';
import { SheetFeedToken, TubeFeedToken } from '../../src/ports/tokens';
import { DevicesApiToken } from '../../src/ports/api-tokens';
import { DevicesMachinesToken } from '../../src/ui/devices/devices-machines';

describe('devices module', () => {
  it('binds the Machine calls, the MQTT tube feed and the websocket sheet feed, and the views reach the area\'s machines by token', () => {
    const container = createContainer();
    expect(container.get(DevicesApiToken)).toBeInstanceOf(KyDevicesApi);
    expect(container.get(TubeFeedToken)).toBeInstanceOf(MqttTubeFeed);
    expect(container.get(SheetFeedToken)).toBeInstanceOf(WebSocketSheetFeed);
    const machines = uiServicesOf(container).get(DevicesMachinesToken);
    expect(Object.keys(machines).sort()).toEqual(['binding', 'fleet', 'label', 'labelRequest', 'labelSheet', 'machineInfo', 'scan', 'sheetLive', 'tubeLive']);
    expect(machines.fleet.id).toBe('fleet');
    expect(machines.binding.id).toBe('binding');
  });
});
