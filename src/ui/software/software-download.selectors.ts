import type { SnapshotFrom } from 'xstate';
import { releaseNoteLines, type SoftwareDownloadPageInfo } from '../../domain/cam/software-catalog';
import type { softwareDownloadMachine } from '../../domain/cam/software-download.machine';
import { dateTimeFormat } from '../common/intl-formats';

/** What a software download page shows. */
export interface SoftwareDownloadViewModel {
  status: 'loading' | 'ready' | 'empty' | 'failed';
  product: string;
  kind: 'sheet' | 'tube';
  runtimePackages: boolean;
  release: { version: string; createdAt: string; filename: string; notes: string[] } | null;
  /** The server's message when there is no release. */
  emptyMessage: string;
  downloading: boolean;
  downloadError: string;
}

/** The download page's snapshot as a view model. */
export function selectSoftwareDownloadView(
  snapshot: SnapshotFrom<typeof softwareDownloadMachine>,
  info: SoftwareDownloadPageInfo,
): SoftwareDownloadViewModel {
  const { release, emptyMessage, downloadError } = snapshot.context;
  const status = snapshot.matches('loading') ? 'loading' : snapshot.matches('empty') ? 'empty' : snapshot.matches('failed') ? 'failed' : 'ready';
  return {
    status,
    product: info.product,
    kind: info.kind,
    runtimePackages: info.runtimePackages,
    release: release
      ? {
          version: release.versionnumber,
          createdAt: release.createtime,
          filename: release.filename,
          notes: releaseNoteLines(release.remark),
        }
      : null,
    emptyMessage,
    downloading: snapshot.hasTag('downloading'),
    downloadError,
  };
}

/** A release time as a date in the page's language; an unreadable value is shown as it came. */
export function formatReleaseDate(value: string, locale: string): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return dateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(time);
}
