import { Skeleton, Table, type HTMLChakraProps, type SystemStyleObject } from '@chakra-ui/react';
import type { Key, ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

/** Attributes a row or a cell carries for tests and for the page's language check (`data-lang-neutral`). */
export type DataAttributes = { [attribute: `data-${string}`]: string | number | boolean | undefined };

/** One column: its header, what a row shows under it, and how its cells sit. */
export interface DataColumn<R> {
  /** The header cell's content; `null` for an empty header (a column of buttons). */
  header: ReactNode;
  cell: (row: R, index: number) => ReactNode;
  /** Numbers and actions: header and cells at the end. */
  align?: 'end';
  /** Hidden on a phone, shown from `md` up (header and cells): `display={{ base: 'none', md: 'table-cell' }}`. */
  hideOnPhone?: boolean;
  /** The cells wrap; otherwise they keep one line, as the scroll area makes every cell. */
  wrap?: boolean;
  /** The column's width (header and cells). */
  width?: SystemStyleObject['width'];
  minWidth?: SystemStyleObject['minWidth'];
  maxWidth?: SystemStyleObject['maxWidth'];
  /** The cells' own look (font, colour, truncation). */
  cellStyle?: SystemStyleObject;
  /** The cells hold the records' own words (names, codes, what people wrote): the page's language check skips them. */
  langNeutral?: boolean;
  /** Each cell's attributes (a test id, the field's name), the same for every row or by row. */
  cellData?: DataAttributes | ((row: R) => DataAttributes);
}

export interface DataTableProps<R> {
  /** `false`, `null` or `undefined` entries are left out (a column only some pages show). */
  columns: readonly (DataColumn<R> | false | null | undefined)[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => Key;
  /** Each row's `data-testid`. */
  rowTestId?: string;
  /** Each row's other attributes (the record's key, its state). */
  rowData?: (row: R) => DataAttributes;
  /** The table element's `data-testid`. */
  testId?: string;
  /**
   * Names the scroll area: then it is a focusable region with the "scrolls sideways" line above it
   * (ScrollRegion); without a name, a plain scroll area.
   */
  label?: string;
  /** The house frame around the scroll area (1px gray.200, rounded); `false` inside a card that has one. */
  framed?: boolean;
  /** The header row: `shaded` gray.50 (the house look), `strong` shaded with semibold gray.700 text, `plain` none. */
  header?: 'shaded' | 'strong' | 'plain';
  interactive?: boolean;
  stickyHeader?: boolean;
  /** A page of rows on its way: the rows shown dim and the table `aria-busy`. */
  reloading?: boolean;
  /** Shown instead of the table when there are no rows (and no placeholder rows). */
  empty?: ReactNode;
  /** Inside the scroll area under the table (a "no rows" line under the headers). */
  footer?: ReactNode;
  /** While the first rows load: this many rows of one skeleton bar each under the real headers (ADR 0024: one bar a row). */
  placeholderRows?: number;
  /** The scroll area's own props: a margin, a max height, its test id and state. */
  area?: Omit<HTMLChakraProps<'div'>, 'children'> & DataAttributes;
  /** Looks that hang on a row's attributes, by selector (`& tr[data-reached=true] > td[data-field=submit]`). */
  css?: SystemStyleObject;
}

const FRAME = { borderWidth: '1px', borderColor: 'gray.200', borderRadius: 'lg', maxW: 'full' } as const;
const PHONE_HIDDEN = { base: 'none', md: 'table-cell' } as const;
const HEADER_ROW = '& > thead > tr';
const HEADER_ROW_STYLE = { bg: 'gray.50' } as const;
const STRONG_HEADER = { color: 'gray.700', fontWeight: 'semibold' } as const;

/** The table's own style: the header row's look and each column's cells, by position. */
function tableCss<R>(columns: readonly DataColumn<R>[], header: DataTableProps<R>['header'], extra: SystemStyleObject | undefined): SystemStyleObject {
  const css: Record<string, SystemStyleObject> = {};
  if (header !== 'plain') css[HEADER_ROW] = HEADER_ROW_STYLE;
  if (header === 'strong') css[`${HEADER_ROW} > th`] = STRONG_HEADER;
  columns.forEach((column, i) => {
    const both: SystemStyleObject = {};
    if (column.align) both.textAlign = column.align;
    if (column.hideOnPhone) both.display = PHONE_HIDDEN;
    if (column.width !== undefined) both.width = column.width;
    if (column.minWidth !== undefined) both.minWidth = column.minWidth;
    if (column.maxWidth !== undefined) both.maxWidth = column.maxWidth;
    const cells: SystemStyleObject = { ...both, ...(column.wrap ? { whiteSpace: 'normal' } : null), ...column.cellStyle };
    const nth = `:nth-of-type(${i + 1})`;
    if (Object.keys(both).length) css[`${HEADER_ROW} > th${nth}`] = both;
    if (Object.keys(cells).length) css[`& > tbody > tr > td${nth}`] = cells;
  });
  return { ...css, ...extra };
}

/**
 * The portal's tables: columns declared as data, one row per record, inside a scroll area that
 * scrolls sideways on a phone. Rows and cells are plain `<tr>`/`<td>` under Chakra's `native`
 * table, which styles them from the table element; each column's alignment, width, wrapping and
 * phone visibility are one rule of that style (by position) instead of props on every cell, so a
 * row costs no Chakra element (each one is an emotion serialisation per render, ADR 0024, issue
 * 36). What hangs on a row's data is an attribute and a selector in `css`.
 *
 * Every table of the portal is one of these, the reports' dynamic columns and their loading
 * skeleton included. A record's fields as a label/value list (the CAM tube report in the document
 * drawer, the maintenance details) is not a table of rows and stays a `<dl>` or a grid.
 */
export function DataTable<R>(props: DataTableProps<R>) {
  const { rows, rowKey, rowTestId, rowData, testId, label, framed = true, header = 'shaded', interactive, stickyHeader, reloading, empty, footer, placeholderRows, area } = props;
  const columns = props.columns.filter((c): c is DataColumn<R> => !!c);
  if (rows.length === 0 && !placeholderRows && empty !== undefined) return <>{empty}</>;
  const table = (
    <Table.Root
      native
      size="sm"
      interactive={interactive}
      stickyHeader={stickyHeader}
      data-testid={testId}
      {...(reloading === undefined ? null : { 'aria-busy': reloading, opacity: reloading ? 0.6 : 1, transition: 'opacity 0.2s' })}
      css={tableCss(columns, header, props.css)}
    >
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={i}>{column.header}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {placeholderRows
          ? Array.from({ length: placeholderRows }, (_, i) => (
              <tr key={i}>
                <td colSpan={columns.length}>
                  <Skeleton h="1.25rem" borderRadius="sm" />
                </td>
              </tr>
            ))
          : rows.map((row, index) => (
              <tr key={rowKey(row, index)} data-testid={rowTestId} {...rowData?.(row)}>
                {columns.map((column, i) => (
                  <td key={i} data-lang-neutral={column.langNeutral ? '' : undefined} {...(typeof column.cellData === 'function' ? column.cellData(row) : column.cellData)}>
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))}
      </tbody>
    </Table.Root>
  );
  const frame = framed ? FRAME : null;
  return label ? (
    <ScrollRegion label={label} {...frame} {...area}>
      {table}
      {footer}
    </ScrollRegion>
  ) : (
    <Table.ScrollArea {...frame} {...area}>
      {table}
      {footer}
    </Table.ScrollArea>
  );
}
