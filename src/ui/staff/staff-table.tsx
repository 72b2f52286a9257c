import { DataTable, type DataTableProps } from '../common/data-table';
import { NoRows } from './staff-parts';

export interface StaffTableProps<R> extends Omit<DataTableProps<R>, 'label' | 'framed' | 'header' | 'empty' | 'footer'> {
  /** What the scroll region holds, for screen readers. */
  label: string;
  /** Said under the headers once a load answered no rows (absent: the caller says it instead of the table). */
  empty?: { loaded: boolean; text: string };
}

/**
 * The staff console's lists (registry, work orders, audit, ...): the portal's DataTable in the
 * staff cards' look, a named region without a frame of its own (the card has one) under plain
 * headers, which stay over an empty list with its "none" line.
 */
export function StaffTable<R>({ empty, ...table }: StaffTableProps<R>) {
  return <DataTable {...table} framed={false} header="plain" footer={empty?.loaded && table.rows.length === 0 && <NoRows text={empty.text} />} />;
}
