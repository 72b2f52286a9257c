import type { DayRange } from '../../domain/reports/day-range';

/** Hands a file to the browser's downloads under `fileName` (an object URL behind a download link). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: let it live a while.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A chart picture's name: order number, chart and range, e.g. `LC-1-tasks-2025-06-01_2025-06-07.png`. */
export function chartFileName(orderNumber: string, chart: string, range: DayRange): string {
  return `${orderNumber.replace(/[^A-Za-z0-9_-]/g, '_')}-${chart}-${range.start}_${range.end}.png`;
}
