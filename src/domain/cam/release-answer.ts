import type { Envelope } from '../shared/envelope';
import { NO_DATA } from '../shared/envelope';
import type { CamRelease } from './software-catalog';

/** What a card shows of a `GetCamAssistant` answer. */
export type LatestReleaseResult =
  | { kind: 'release'; release: CamRelease }
  /** No release yet: the answer's ReturnMsg (spec 1 section 8), else its info, else the no-data marker. */
  | { kind: 'none'; message: string }
  /** The server refused (code other than 200): its info. */
  | { kind: 'refused'; message: string };

function isRelease(value: unknown): value is CamRelease {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return typeof item.versionnumber === 'string' && item.versionnumber.trim() !== '';
}

/** Reads a `GetCamAssistant` answer: the first item is the newest release; an empty list or the marker is "none". */
export function readLatestRelease(answer: Envelope<CamRelease[] | string>): LatestReleaseResult {
  if (answer.code !== 200) return { kind: 'refused', message: answer.info || '' };
  const list = Array.isArray(answer.ReturnData) ? answer.ReturnData : [];
  const first = list.find(isRelease);
  if (first) return { kind: 'release', release: first };
  const message = [answer.ReturnMsg, typeof answer.ReturnData === 'string' ? answer.ReturnData : undefined, answer.info]
    .map((text) => (typeof text === 'string' ? text.trim() : ''))
    .find((text) => text !== '');
  return { kind: 'none', message: message ?? NO_DATA };
}

/** The release date as `YYYY-MM-DD` (the server sends ISO 8601 or the spec's "YYYY-MM-DD hh:mm:ss"). */
export function releaseDate(createtime: string): string {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(createtime.trim());
  if (!match) return createtime.trim();
  return `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}`;
}
