import type { Language } from '../../domain/accounts/language';
import type { StoredUser } from '../../ports/session-store.port';
import type { Brand } from '../../ui/common/brand';
import type { MaintenanceDue } from '../../ui/common/maintenance-due';
import type { FleetViewModel } from '../../ui/devices/fleet.selectors';
import type { PagedTableViewModel } from '../../ui/reports/paged-table.selectors';
import type { ReportTable } from '../../ui/reports/report-columns';
import type { TaskPageViewModel } from '../../ui/reports/task.selectors';

// What the render worker (copy-worker.tsx) is asked to paint: the view models the app's own
// machines and selectors made on the main thread (personal-copies.ts), plain data only.

interface CopyJobBase {
  languages: readonly Language[];
  /** The address inside the app the copy stands for (`normalPath`). */
  path: string;
  /** Where the router stands while rendering, with the page's query. */
  at: string;
  /** The app's parts that take over once they have their data. */
  parts: readonly string[];
  /** The copy's inline script (first-screen-script.ts). */
  script: string;
  brand: Partial<Brand>;
  user: StoredUser & { UserId: string };
}

/** The fleet page: the tiles and due badges per language (the due badges' call names the language). */
export interface FleetCopyJob extends CopyJobBase {
  page: 'device';
  views: Partial<Record<Language, { model: FleetViewModel; due: Record<string, MaintenanceDue> }>>;
}

/** The task page: the picker and the chosen machine's first page of each table (the same in both languages). */
export interface TaskCopyJob extends CopyJobBase {
  page: 'task';
  model: TaskPageViewModel;
  tables: Array<[ReportTable, PagedTableViewModel]>;
}

export type CopyJob = FleetCopyJob | TaskCopyJob;
