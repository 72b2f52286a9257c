import type { SnapshotFrom } from 'xstate';
import type { latestReleaseMachine } from '../../domain/cam/latest-release.machine';
import { releaseDate, releaseNoteLines } from '../../domain/cam/software-catalog';

/** What a CAM card shows of its latest release. */
export type CamCardModel =
  | { status: 'loading' }
  | { status: 'release'; version: string; date: string; notes: string[] }
  /** No release: the server's message. */
  | { status: 'none'; message: string }
  /** Refused (the server's info, if any) or no answer at all. */
  | { status: 'failed'; message: string | null };

/** The latest-release snapshot as a card model. */
export function selectCamCard(snapshot: SnapshotFrom<typeof latestReleaseMachine>): CamCardModel {
  const { release, message } = snapshot.context;
  if (snapshot.matches('ready') && release) {
    return { status: 'release', version: release.versionnumber, date: releaseDate(release.createtime ?? ''), notes: releaseNoteLines(release.remark) };
  }
  if (snapshot.matches('empty')) return { status: 'none', message: message ?? '' };
  if (snapshot.matches('failed')) return { status: 'failed', message };
  return { status: 'loading' };
}
