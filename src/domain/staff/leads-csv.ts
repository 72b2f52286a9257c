import type { Lead } from './staff-records';

/** A CSV cell: quoted, quotes doubled, and a leading = + - @ made inert for spreadsheets. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The leads as CSV (CRLF lines, a header row with the given labels in the order of the fields). */
export function leadsCsv(rows: readonly Lead[], header: Readonly<Record<keyof Omit<Lead, 'id'>, string>>): string {
  const keys = ['createdAt', 'name', 'phone', 'email', 'company', 'message'] as const;
  const lines = [keys.map((k) => csvCell(header[k])).join(',')];
  for (const row of rows) lines.push(keys.map((k) => csvCell(row[k])).join(','));
  return lines.join('\r\n') + '\r\n';
}
