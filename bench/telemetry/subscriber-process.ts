import { Pages, type PagesResult, type SubscriberSpec } from './pages';

// The browser pages of the telemetry bench in a process of their own: started once by
// load-phase.ts with `fork` and driven over the IPC channel, the pages connecting anew for each
// load. Apart from the publishers, the pages' unread receive buffers cannot hold up the
// publishers' sends, nor the publishers' work delay the pages' reading, so the latency measured
// is the broker's. One process for the whole bench keeps it warm: a fresh one per load spent
// its first second compiling, which read as 100-200 ms of p99 in every load's first second.

export type ToSubscribers =
  | { type: 'connect'; wsUrl: string | string[]; subscribers: SubscriberSpec[] }
  | { type: 'start'; t0: number; seconds: number; deadline: number }
  /** Answers the result and closes the pages' connections. */
  | { type: 'stop' };

export type FromSubscribers = { type: 'ready' } | { type: 'started' } | { type: 'error'; message: string } | ({ type: 'result' } & PagesResult);

const pages = new Pages();
const send = (message: FromSubscribers) => process.send!(message);

process.on('message', async (message: ToSubscribers) => {
  try {
    if (message.type === 'connect') {
      await pages.connect(message.wsUrl, message.subscribers);
      send({ type: 'ready' });
    } else if (message.type === 'start') {
      pages.startCounting(message.t0, message.seconds, message.deadline);
      send({ type: 'started' });
    } else {
      send({ type: 'result', ...pages.stop() });
      await pages.close();
    }
  } catch (error) {
    send({ type: 'error', message: (error as Error).message });
  }
});
