import { Table, type TableCellProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ScrollRegion } from '../common/scroll-region';
import { NoRows } from './staff-parts';

/** A cell's props, data attributes included. */
type CellProps = TableCellProps & { [attribute: `data-${string}`]: string | number };

/** One column of a staff list: its header and what a row shows under it. */
export interface StaffColumn<R> {
  header: ReactNode;
  cell: (row: R) => ReactNode;
  /** The cell's own props (white space, width, data attributes), the same for every row or by row. */
  cellProps?: CellProps | ((row: R) => CellProps);
}

export interface StaffTableProps<R> {
  /** What the scroll region holds, for screen readers. */
  label: string;
  columns: readonly StaffColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** The row's data attributes (test ids, the record's key). */
  rowProps?: (row: R) => Record<`data-${string}`, string | number>;
  /** Said under the table once a load answered no rows (absent: the caller says it instead of the table). */
  empty?: { loaded: boolean; text: string };
  testId?: string;
  regionProps?: Record<`data-${string}`, string>;
  interactive?: boolean;
}

/**
 * The staff console's lists (registry, work orders, the service page's machines): a keyboard-
 * scrollable region with the column headers, one row per record, and the empty line. Each tab
 * gives its columns; the markup lives here once.
 */
export function StaffTable<R>({ label, columns, rows, rowKey, rowProps, empty, testId, regionProps, interactive }: StaffTableProps<R>) {
  return (
    <ScrollRegion label={label} {...regionProps}>
      <Table.Root size="sm" interactive={interactive} data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {columns.map((c, i) => (
              <Table.ColumnHeader key={i}>{c.header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((c, i) => (
                <Table.Cell key={i} {...(typeof c.cellProps === 'function' ? c.cellProps(row) : c.cellProps)}>
                  {c.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {empty?.loaded && rows.length === 0 && <NoRows text={empty.text} />}
    </ScrollRegion>
  );
}
