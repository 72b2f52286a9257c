import { fromCallback, type EventObject } from 'xstate';
import { eventOfFrame, type SheetLiveInput, type SheetSocketCommand } from '../domain/telemetry/sheet-live.machine';
import type { TubeLiveInput } from '../domain/telemetry/tube-live.machine';
import type { SheetFeedPort } from '../ports/sheet-feed.port';
import type { TubeFeedPort } from '../ports/tube-feed.port';

/** The tube machine's `feed` actor over a TubeFeedPort: one subscription while the page is open. */
export function tubeFeedActor(port: TubeFeedPort) {
  return fromCallback<EventObject, TubeLiveInput>(({ sendBack, input }) =>
    port.subscribe(input.orderNumber, {
      message: (payload) => sendBack({ type: 'feed.message', payload }),
      connected: () => sendBack({ type: 'feed.connected' }),
      reconnecting: () => sendBack({ type: 'feed.reconnecting' }),
      failed: (reason, detail) => sendBack({ type: 'feed.failed', reason, detail }),
    }),
  );
}

/** The sheet machine's `socket` actor over a SheetFeedPort: one socket per session, queries passed through. */
export function sheetSocketActor(port: SheetFeedPort) {
  return fromCallback<SheetSocketCommand, SheetLiveInput>(({ sendBack, receive }) => {
    const connection = port.open({
      frame: (frame) => sendBack(eventOfFrame(frame)),
      closed: (code) => sendBack({ type: 'socket.closed', code }),
    });
    receive((command) => connection.query(command.id, command.orderNumber, command.keys));
    return () => connection.close();
  });
}
