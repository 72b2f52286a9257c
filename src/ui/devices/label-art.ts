import type { MachineLabel } from '../../domain/devices/machine-label.machine';

/** The label: the code above the machine's name and order number, at print resolution (about 50 mm wide at 300 dpi). */
const LABEL_PX = { width: 600, height: 760, qr: 520 };

/** A4 portrait, in millimetres: a grid of labels 60 mm wide, with their cut lines. */
const SHEET_MM = { width: 210, height: 297, columns: 3, rows: 3, label: { width: 60, height: 76 }, gap: 6 };

/** The link the code holds: the portal's own origin, so a label printed from a site's portal opens that portal. */
export const linkOf = (label: MachineLabel) => `${window.location.origin}${label.path}`;

// The encoders load with the dialogs, not with the pages.
export const loadQr = () => import('qrcode');
const loadPdf = () => import('jspdf');

/** Draws a label: code, name, order number (the fonts the page has, so Chinese names print too). */
async function labelCanvas(label: MachineLabel): Promise<HTMLCanvasElement> {
  const QRCode = await loadQr();
  const code = document.createElement('canvas');
  await QRCode.toCanvas(code, linkOf(label), { errorCorrectionLevel: 'M', margin: 0, width: LABEL_PX.qr });
  const canvas = document.createElement('canvas');
  canvas.width = LABEL_PX.width;
  canvas.height = LABEL_PX.height;
  const pen = canvas.getContext('2d')!;
  pen.fillStyle = '#fff';
  pen.fillRect(0, 0, canvas.width, canvas.height);
  pen.drawImage(code, (LABEL_PX.width - LABEL_PX.qr) / 2, 40);
  pen.fillStyle = '#111';
  pen.textAlign = 'center';
  pen.font = 'bold 36px sans-serif';
  pen.fillText(label.name || label.orderNumber, LABEL_PX.width / 2, 640, LABEL_PX.width - 40);
  pen.font = '30px monospace';
  pen.fillText(label.orderNumber, LABEL_PX.width / 2, 700, LABEL_PX.width - 40);
  return canvas;
}

/** One label as a PNG. */
export async function labelPng(label: MachineLabel): Promise<Blob> {
  const canvas = await labelCanvas(label);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'));
}

/**
 * Labels on A4 sheets (PDF), nine to a page with grey cut lines. Each label is its drawing as a
 * picture: the PDF needs no font of its own for Chinese names, and prints as the PNG does.
 */
export async function labelSheetPdf(labels: readonly MachineLabel[]): Promise<Blob> {
  const { jsPDF } = await loadPdf();
  const pdf = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true });
  const { columns, rows, label: size, gap } = SHEET_MM;
  const left = (SHEET_MM.width - columns * size.width - (columns - 1) * gap) / 2;
  const top = (SHEET_MM.height - rows * size.height - (rows - 1) * gap) / 2;
  const perPage = columns * rows;
  pdf.setDrawColor(200);
  pdf.setLineWidth(0.2);
  for (const [index, label] of labels.entries()) {
    if (index > 0 && index % perPage === 0) pdf.addPage();
    const slot = index % perPage;
    const x = left + (slot % columns) * (size.width + gap);
    const y = top + Math.floor(slot / columns) * (size.height + gap);
    pdf.addImage(await labelCanvas(label), 'PNG', x, y, size.width, (size.width * LABEL_PX.height) / LABEL_PX.width);
    pdf.rect(x, y, size.width, size.height);
  }
  return pdf.output('blob');
}

/** How many A4 pages a sheet of `count` labels takes. */
export const sheetPages = (count: number) => Math.max(1, Math.ceil(count / (SHEET_MM.columns * SHEET_MM.rows)));
