import type { SnapshotFrom } from 'xstate';
import type { MachineKind } from '../../domain/devices/machine-kind';
import type { pagedTableMachine } from '../../domain/reports/paged-table.machine';
import { pageCount, pageOffset, type PageSize } from '../../domain/reports/paging';
import type { TableRow } from '../../domain/reports/report-rows';

/** What a paged table card shows. */
export interface PagedTableViewModel {
  /** idle without a machine; loading before a page of it came; failed (the last load); empty (no rows); ready. */
  status: 'idle' | 'loading' | 'failed' | 'empty' | 'ready';
  kind: MachineKind;
  rows: TableRow[];
  page: number;
  pages: number;
  size: PageSize;
  total: number;
  /** 1-based numbers of the first and last row shown. */
  from: number;
  to: number;
  /** The server's info of a failed load ('' when the call itself failed). */
  error: string;
  /** A new page is loading while the old one stays on screen. */
  reloading: boolean;
}

/** The paged table machine's snapshot as a view model. */
export function selectPagedTable(snapshot: SnapshotFrom<typeof pagedTableMachine>): PagedTableViewModel {
  const { machine, rows, page, size, total, error, loaded } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const failed = snapshot.matches('failed');
  const status = !machine ? 'idle' : failed ? 'failed' : !loaded ? 'loading' : rows.length === 0 ? 'empty' : 'ready';
  const from = rows.length === 0 ? 0 : pageOffset(page, size) + 1;
  return {
    status,
    kind: machine?.kind ?? 'sheet',
    rows,
    page,
    pages: pageCount(total, size),
    size,
    total,
    from,
    to: rows.length === 0 ? 0 : from + rows.length - 1,
    error,
    reloading: busy && loaded,
  };
}
