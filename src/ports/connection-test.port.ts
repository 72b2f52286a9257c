import type { ProbeAnswer } from '../domain/shared/connection-test.machine';

/** The test page's probes (ADR 0031): the portal's API with this browser's login, and the portal's two websockets. */
export interface ConnectionTestPort {
  /** User/GetUserInfo: answered with the login valid, or the login expired, or no answer. */
  session(signal?: AbortSignal): Promise<ProbeAnswer>;
  /** A websocket to `/mqtt` (live machine data) or `/ws/data` (the sheet data service) opens, and is closed at once. */
  socket(path: '/mqtt' | '/ws/data', signal?: AbortSignal): Promise<ProbeAnswer>;
}
