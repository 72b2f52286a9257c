import type { CallContract } from '../../src/contract/call';
import type { Envelope } from '../../src/contract/envelope';
import type { PortalCallOptions, PortalHttpPort } from '../../src/ports/portal-http.port';

/** What an adapter asked the portal: the call's path, its body, and whether it asked not to toast. */
export interface RecordedCall {
  path: string;
  body: unknown;
  quiet: boolean;
}

/** A portal HTTP port for adapter tests: every call answers `answer`; `calls` records what was asked. */
export function recordingHttp(answer: Envelope<unknown>): { http: PortalHttpPort; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const http = {
    call: async (call: CallContract | string, body: unknown, _signal?: AbortSignal, options?: PortalCallOptions) => {
      calls.push({ path: typeof call === 'string' ? call : call.path, body, quiet: !!options?.quiet });
      return answer;
    },
  } as PortalHttpPort;
  return { http, calls };
}
