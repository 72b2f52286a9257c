import { ContainerModule } from 'inversify';
import { KyDevicesApi } from '../adapters/ky/ky-devices-api.adapter';
import { MqttTubeFeed } from '../adapters/mqtt/mqtt-tube-feed.adapter';
import { WebSocketSheetFeed } from '../adapters/websocket/websocket-sheet-feed.adapter';
import { DevicesApiToken, SheetFeedToken, TubeFeedToken } from '../ports/tokens';

/** The devices area's bindings: the Machine calls, the tube feed (MQTT, loaded on use) and the sheet feed (data socket). */
export const devicesModule = new ContainerModule((options) => {
  options.bind(DevicesApiToken).to(KyDevicesApi).inSingletonScope();
  options.bind(TubeFeedToken).to(MqttTubeFeed).inSingletonScope();
  options.bind(SheetFeedToken).to(WebSocketSheetFeed).inSingletonScope();
});
