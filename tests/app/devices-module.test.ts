// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { KyDevicesApi } from '../../src/adapters/ky/ky-devices-api.adapter';
import { MqttTubeFeed } from '../../src/adapters/mqtt/mqtt-tube-feed.adapter';
import { WebSocketSheetFeed } from '../../src/adapters/websocket/websocket-sheet-feed.adapter';
import { uiServicesOf } from '../../src/app/container-context';
import { createContainer } from '../../src/app/container';
import { DevicesApiToken, SheetFeedToken, TubeFeedToken } from '../../src/ports/tokens';
import '../../src/ui/devices/devices-ports';

describe('devices module', () => {
  it('binds the Machine calls, the MQTT tube feed and the websocket sheet feed, and the views reach them by name', () => {
    const container = createContainer();
    expect(container.get(DevicesApiToken)).toBeInstanceOf(KyDevicesApi);
    expect(container.get(TubeFeedToken)).toBeInstanceOf(MqttTubeFeed);
    expect(container.get(SheetFeedToken)).toBeInstanceOf(WebSocketSheetFeed);
    const services = uiServicesOf(container);
    expect(services.port('DevicesApiPort')).toBe(container.get(DevicesApiToken));
    expect(services.port('TubeFeedPort')).toBe(container.get(TubeFeedToken));
    expect(services.port('SheetFeedPort')).toBe(container.get(SheetFeedToken));
  });
});
