import { machineKindOf } from '../domain/devices/machine-kind';
import type { FileStorePort } from '../ports/file-store.port';
import type { RegistryMachine } from '../ports/maintenance-platform.port';
import type { ProductLifecyclePort } from '../ports/product-lifecycle.port';
import { DEMO_FLEET } from './devices.seed';

/** One line of a generated page: text at a position, in the regular or the bold face. */
interface PdfText {
  x: number;
  y: number;
  size: number;
  text: string;
  bold?: boolean;
}

/** A page: its text lines and raw drawing operators (lines, boxes). */
interface PdfPage {
  title: string;
  texts: PdfText[];
  drawing?: string;
}

/** PDF string literal: printable ASCII only (the standard 14 fonts have no CJK), with ( ) \ escaped. */
const pdfString = (text: string) => `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/([()\\])/g, '\\$1')})`;

const pdfDate = (d: Date) => `D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/**
 * A one-page PDF 1.4 built by hand: catalog, pages, page, two standard fonts, the content stream
 * and an info dictionary, with the cross-reference table at the byte offsets the objects start at.
 */
export function buildPdf(page: PdfPage, createdAt: Date): Buffer {
  const content = [
    page.drawing ?? '',
    ...page.texts.map((t) => `BT /${t.bold ? 'F2' : 'F1'} ${t.size} Tf ${t.x} ${t.y} Td ${pdfString(t.text)} Tj ET`),
  ]
    .filter(Boolean)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(page.title)} /Producer (Service portal demo data) /CreationDate (${pdfDate(createdAt)}) >>`,
  ];
  // The second line's bytes above 127 mark the file as binary for transfer tools (PDF 1.4, 7.5.2).
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    offsets.push(offset);
    parts.push(chunk);
    offset += chunk.length;
  });
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, n or f, space, newline.
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** The four documents every delivered machine comes with (ADR 0007). */
export const RANDOM_DOCUMENTS = [
  { classify: 'certificate', slug: 'certificate-of-conformity', zh: '产品合格证', en: 'Certificate of conformity', daysBeforeDelivery: 1 },
  { classify: 'schematic', slug: 'electrical-schematic', zh: '电气原理图', en: 'Electrical schematic', daysBeforeDelivery: 20 },
  { classify: 'packing-list', slug: 'packing-list', zh: '装箱单', en: 'Packing list', daysBeforeDelivery: 0 },
  { classify: 'test-report', slug: 'factory-test-report', zh: '出厂检验报告', en: 'Factory test report', daysBeforeDelivery: 2 },
] as const;

type RandomDocument = (typeof RANDOM_DOCUMENTS)[number];

const DAY = 24 * 3600_000;

/** The page of one document of one machine: a header naming the machine, then the document's own lines. */
function documentPage(doc: RandomDocument, m: RegistryMachine, date: Date): PdfPage {
  const day = date.toISOString().slice(0, 10);
  const kind = machineKindOf(m.seriesName) === 'tube' ? 'Tube laser cutting machine' : 'Sheet laser cutting machine';
  const header: PdfText[] = [
    { x: 56, y: 780, size: 22, text: doc.en, bold: true },
    { x: 56, y: 740, size: 12, text: `Machine: ${m.name}` },
    { x: 56, y: 722, size: 12, text: `Order number: ${m.orderNumber}`, bold: true },
    { x: 56, y: 704, size: 12, text: `Model: ${m.model}   Series: ${m.seriesName}   Laser power: ${m.laserPowerKw} kW` },
    { x: 56, y: 686, size: 12, text: `Type: ${kind}   Date: ${day}` },
  ];
  const rule = '0.11 0.31 0.85 RG 1.5 w 56 765 m 539 765 l S 0.8 0.8 0.8 RG 0.5 w 56 670 m 539 670 l S';
  const body = (lines: string[], top = 640, step = 20): PdfText[] => lines.map((text, i) => ({ x: 56, y: top - i * step, size: 11, text }));
  switch (doc.classify) {
    case 'certificate':
      return {
        title: `${doc.en} ${m.orderNumber}`,
        drawing: `${rule} 0.11 0.31 0.85 RG 2 w 380 160 m 539 160 l S`,
        texts: [
          ...header,
          ...body([
            'This certifies that the machine named above has been inspected and tested',
            'before delivery and conforms to the product standard, the safety requirements',
            'and the technical agreement of its order.',
            '',
            'Inspection result: PASSED',
          ]),
          { x: 380, y: 145, size: 10, text: 'Quality department' },
          { x: 380, y: 130, size: 10, text: `Inspector QA-07, ${day}` },
        ],
      };
    case 'schematic': {
      const blocks = ['Main power 380 V', 'Laser source', 'Chiller', 'CNC controller', 'Servo drives X/Y/Z', 'Safety circuit'];
      const boxes = blocks.map((_, i) => `${56 + (i % 3) * 165} ${560 - Math.floor(i / 3) * 120} 150 60 re S`).join(' ');
      const wires = '131 560 m 131 500 l S 296 560 m 296 500 l S 461 560 m 461 500 l S 206 590 m 221 590 l S 371 590 m 386 590 l S';
      return {
        title: `${doc.en} ${m.orderNumber}`,
        drawing: `${rule} 0.2 0.2 0.2 RG 1 w ${boxes} 0.85 0.35 0.1 RG ${wires}`,
        texts: [
          ...header,
          { x: 56, y: 640, size: 11, text: 'Overview of the electrical cabinet (sheet 1 of 12). Full drawings: service.' },
          ...blocks.map((label, i) => ({ x: 66 + (i % 3) * 165, y: 585 - Math.floor(i / 3) * 120, size: 10, text: label })),
          { x: 56, y: 360, size: 10, text: 'Supply 3 x 380 V AC 50 Hz, PE. Protective earth on every cabinet door.' },
        ],
      };
    }
    case 'packing-list':
      return {
        title: `${doc.en} ${m.orderNumber}`,
        drawing: rule,
        texts: [
          ...header,
          { x: 56, y: 640, size: 11, text: 'Item', bold: true },
          { x: 460, y: 640, size: 11, text: 'Quantity', bold: true },
          ...[
            ['Machine body', '1'],
            [`Laser source ${m.laserPowerKw} kW`, '1'],
            ['Water chiller', '1'],
            ['Electrical cabinet with CNC controller', '1'],
            ['Cutting head', '1'],
            ['Nozzle set', '1'],
            ['Protective lenses', '10'],
            ['Tool kit', '1'],
            ['Manuals and software (USB drive)', '1'],
          ].flatMap(([item, qty], i) => [
            { x: 56, y: 615 - i * 20, size: 11, text: item! },
            { x: 460, y: 615 - i * 20, size: 11, text: qty! },
          ]),
        ],
      };
    case 'test-report':
      return {
        title: `${doc.en} ${m.orderNumber}`,
        drawing: rule,
        texts: [
          ...header,
          { x: 56, y: 640, size: 11, text: 'Test', bold: true },
          { x: 330, y: 640, size: 11, text: 'Measured', bold: true },
          { x: 470, y: 640, size: 11, text: 'Result', bold: true },
          ...[
            ['Positioning accuracy', '0.03 mm'],
            ['Repeatability', '0.02 mm'],
            [`Laser power at the head`, `${m.laserPowerKw} kW`],
            ['Assist gas pressure', '1.6 MPa'],
            ['Emergency stop circuit', 'stops < 0.5 s'],
            ['Test cut 10 mm carbon steel', 'clean edge'],
          ].flatMap(([test, value], i) => [
            { x: 56, y: 615 - i * 20, size: 11, text: test! },
            { x: 330, y: 615 - i * 20, size: 11, text: value! },
            { x: 470, y: 615 - i * 20, size: 11, text: 'PASS' },
          ]),
        ],
      };
  }
}

/**
 * The demo fleet's random files: four generated PDFs per machine in the file store and rows in
 * the product-lifecycle port. A machine that already has files is left alone; answers how many
 * machines got files.
 */
export async function seedRandomFiles(
  deps: { files: FileStorePort; productLifecycle: ProductLifecyclePort },
  fleet: readonly RegistryMachine[] = DEMO_FLEET,
): Promise<number> {
  let seeded = 0;
  for (const m of fleet) {
    if ((await deps.productLifecycle.filesOf(m.orderNumber)).length) continue;
    const delivered = m.deliveryTime ?? new Date(Date.UTC(2025, 0, 1));
    for (const doc of RANDOM_DOCUMENTS) {
      const createdAt = new Date(delivered.getTime() - doc.daysBeforeDelivery * DAY);
      const fileName = `${m.orderNumber}-${doc.slug}.pdf`;
      const bytes = buildPdf(documentPage(doc, m, createdAt), createdAt);
      const stored = await deps.files.put(bytes, { filename: fileName, contentType: 'application/pdf' });
      await deps.productLifecycle.add({
        orderNumber: m.orderNumber,
        title: `${doc.zh} ${doc.en}`,
        classify: doc.classify,
        machineType: 0,
        fileId: stored.id,
        fileName,
        size: stored.size,
        createdAt,
      });
    }
    seeded++;
  }
  return seeded;
}
