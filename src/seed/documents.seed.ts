import { createHash } from 'node:crypto';
import { machineKindOf } from '../domain/devices/machine-kind';
import type { Services } from '../server/compose';
import type { CamReportInput } from '../server/services/document.service';
import { ownCompanyCaller, type Caller } from '../server/services/session.service';
import { DEMO_FLEET } from './devices.seed';

/**
 * Demo industrial documents (issue 18): for each machine of the demo fleet, three job files named
 * as the jobs its task history reports (history.seed.ts), so their work reports have runs, and the
 * nesting software's CAM report of each with generated SVG part drawings.
 */

/** The job names history.seed.ts gives the tasks of each kind. */
export const TUBE_JOBS = ['rail-40x40x2.bnt', 'frame-60x30x3.bnt', 'pipe-D76x3.bnt'] as const;
export const SHEET_JOBS = ['bracket-8mm-CS.bnn', 'panel-2mm-SS.bnn', 'flange-12mm-CS.bnn'] as const;

/** A deterministic sequence of numbers in [0, 1) from a seed text. */
function randomOf(seed: string): () => number {
  let counter = 0;
  return () => {
    const digest = createHash('sha256').update(`${seed}:${counter++}`).digest();
    return digest.readUInt32BE(0) / 2 ** 32;
  };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A tube part seen from the side: the profile with its cut ends, holes and slots. */
export function tubePartSvg(name: string, lengthMm: number, heightMm: number, seed: string): string {
  const r = randomOf(seed);
  const w = 240;
  const h = Math.max(24, Math.min(80, (heightMm / lengthMm) * w * 2));
  const bevel = r() < 0.5 ? 0 : 12;
  const holeCount = 1 + Math.floor(r() * 4);
  const holes = Array.from({ length: holeCount }, (_, i) => {
    const x = 30 + ((w - 60) * (i + 0.5)) / holeCount;
    return r() < 0.6
      ? `<circle cx="${round(x)}" cy="${round(8 + h / 2)}" r="${round(Math.min(8, h / 5))}"/>`
      : `<rect x="${round(x - 12)}" y="${round(8 + h / 2 - 4)}" width="24" height="8" rx="4"/>`;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w + 20} ${round(h + 16)}" width="${w + 20}" height="${round(h + 16)}">` +
    `<title>${escapeXml(name)}</title>` +
    `<g fill="#e8f1fb" stroke="#1f4e79" stroke-width="1.5">` +
    `<path d="M10 8 H${w + 10 - bevel} L${w + 10} ${round(8 + h)} H${10 + bevel} Z"/>` +
    `<line x1="10" y1="${round(8 + h * 0.2)}" x2="${w + 10}" y2="${round(8 + h * 0.2)}" stroke-dasharray="4 3" stroke-width="0.8"/>` +
    `</g><g fill="#ffffff" stroke="#c0392b" stroke-width="1.2">${holes.join('')}</g></svg>`
  );
}

/** A flat part: an outline with rounded or chamfered corners and holes. */
export function platePartSvg(name: string, seed: string): string {
  const r = randomOf(seed);
  const w = 120 + Math.floor(r() * 80);
  const h = 60 + Math.floor(r() * 60);
  const c = 6 + Math.floor(r() * 14);
  const notch = r() < 0.5;
  const outline = notch
    ? `M${c} 0 H${w - c} L${w} ${c} V${h} H${w * 0.6} V${h * 0.65} H${w * 0.4} V${h} H0 V${c} Z`
    : `M${c} 0 H${w - c} Q${w} 0 ${w} ${c} V${h - c} Q${w} ${h} ${w - c} ${h} H${c} Q0 ${h} 0 ${h - c} V${c} Q0 0 ${c} 0 Z`;
  const holeCount = 2 + Math.floor(r() * 3);
  const holes = Array.from({ length: holeCount }, (_, i) => `<circle cx="${round((w * (i + 1)) / (holeCount + 1))}" cy="${round(h * 0.35)}" r="${round(4 + r() * 5)}"/>`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-6 -6 ${w + 12} ${h + 12}" width="${w + 12}" height="${h + 12}">` +
    `<title>${escapeXml(name)}</title>` +
    `<path d="${outline}" fill="#eef6ee" stroke="#1e6b35" stroke-width="1.5"/>` +
    `<g fill="#ffffff" stroke="#c0392b" stroke-width="1.2">${holes.join('')}</g></svg>`
  );
}

/** A sheet with its parts laid out (a nest). */
export function plateNestSvg(name: string, seed: string, plate: { w: number; h: number }, parts: number): string {
  const r = randomOf(seed);
  const scale = 300 / plate.w;
  const W = 300;
  const H = round(plate.h * scale);
  const cells: string[] = [];
  const cols = Math.ceil(Math.sqrt(parts * (W / H)));
  const rows = Math.ceil(parts / cols);
  for (let i = 0; i < parts; i++) {
    const cw = (W - 8) / cols;
    const ch = (H - 8) / rows;
    const x = 4 + (i % cols) * cw;
    const y = 4 + Math.floor(i / cols) * ch;
    const fill = r() < 0.5 ? '#d6eaf8' : '#d5f5e3';
    cells.push(`<rect x="${round(x + 1)}" y="${round(y + 1)}" width="${round(cw - 2 - r() * cw * 0.2)}" height="${round(ch - 2 - r() * ch * 0.2)}" rx="2" fill="${fill}" stroke="#1f4e79" stroke-width="0.8"/>`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><title>${escapeXml(name)}</title>` +
    `<rect width="${W}" height="${H}" fill="#f4f6f7" stroke="#566573" stroke-width="1.5"/>${cells.join('')}</svg>`
  );
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const b64 = (svg: string) => Buffer.from(svg, 'utf8').toString('base64');

/** A real-looking CAM report of a tube job (profile from the file name, e.g. rail-40x40x2). */
export function tubeCamReport(orderNumber: string, fileName: string, at: Date): CamReportInput {
  const r = randomOf(`${orderNumber}/${fileName}`);
  const base = fileName.replace(/\.[^.]+$/, '');
  const round40 = /D(\d+)x(\d+)/.exec(base);
  const square = /(\d+)x(\d+)x(\d+)/.exec(base);
  const section = round40 ? { type: 'Round', info: `Ø${round40[1]}`, wall: Number(round40[2]), h: Number(round40[1]) } : { type: 'Rectangle', info: `${square?.[1] ?? 40}x${square?.[2] ?? 40}`, wall: Number(square?.[3] ?? 2), h: Number(square?.[2] ?? 40) };
  const partNames = ['A', 'B', 'C', 'D'].slice(0, 2 + Math.floor(r() * 3)).map((s) => `${base}-${s}`);
  const parts = partNames.map((name, i) => {
    const length = 200 + Math.floor(r() * 900);
    const count = 4 + Math.floor(r() * 20);
    return { ID: i + 1, Name: name, Sort: i + 1, Size: `${length}x${section.info}`, Weight: round((length / 1000) * section.h * 0.12), Count: count, UsedCount: count, SurplusCount: 0, ImageFile: `${name}.svg`, length };
  });
  const tubeCount = 2 + Math.floor(r() * 6);
  const nests = Array.from({ length: Math.min(3, tubeCount) }, (_, i) => ({
    ID: i + 1, Sort: i + 1, NestTubeID: 1, Name: `N${i + 1}`, Length: 6000, SurplusLength: round(80 + r() * 400, 0), PartsCount: 6 + Math.floor(r() * 12),
    UsedTubeCount: 1 + Math.floor(r() * 2), Utilization: round(0.9 + r() * 0.09, 3), Count: 1 + Math.floor(r() * 3), CutLength: round(8 + r() * 20), AirLength: round(2 + r() * 6), PerforationCount: 20 + Math.floor(r() * 80),
  }));
  return {
    OrderNumber: orderNumber,
    FileName: fileName,
    Tube: {
      Report: {
        ProjectName: base, CreateTime: at.toISOString(), Gap: round(3 + r() * 5, 1), CutLength: round(nests.reduce((s, n) => s + n.CutLength * n.Count, 0)), Material: r() < 0.7 ? 'Q235' : 'SUS304',
        TubeInfo: `${section.info}x${section.wall}`, TubeThickness: section.wall, SectionInfo: section.info, SectionType: section.type,
      },
      Nests: nests,
      Parts: parts.map(({ length: _l, ...p }) => p),
      Tubes: [{ ID: 1, Name: `${section.type === 'Round' ? 'RT' : 'SQ'}${section.info}`, Sort: 1, Section: `${section.info}x${section.wall}`, Length: 6000, Count: tubeCount, UsedCount: tubeCount, SurplusCount: 0 }],
    },
    Images: parts.map((p) => ({ Name: `${p.Name}.svg`, ContentBase64: b64(tubePartSvg(p.Name, p.length, section.h, `${orderNumber}/${p.Name}`)) })),
  };
}

/** A real-looking CAM report of a sheet job (thickness and material from the file name, e.g. bracket-8mm-CS). */
export function plateCamReport(orderNumber: string, fileName: string, at: Date): CamReportInput {
  const r = randomOf(`${orderNumber}/${fileName}`);
  const base = fileName.replace(/\.[^.]+$/, '');
  const thickness = Number(/([\d.]+)mm/.exec(base)?.[1] ?? 3);
  const material = /SS/.test(base) ? 'SUS304' : /AL/.test(base) ? 'AL5052' : 'Q235B';
  const density = material === 'SUS304' ? 7.93 : material === 'AL5052' ? 2.68 : 7.85;
  const plate = r() < 0.5 ? { w: 3000, h: 1500 } : { w: 2500, h: 1250 };
  const nests = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, i) => {
    const partsCount = 8 + Math.floor(r() * 30);
    const cut = round(20 + r() * 120);
    const air = round(cut * 0.2);
    const pierce = partsCount * (2 + Math.floor(r() * 4));
    return {
      Material: material, TaskName: base, PlateSize: `${plate.w}x${plate.h}`, Thickness: thickness, Density: density, PlateCount: 1 + Math.floor(r() * 5),
      PlateWeight: round((plate.w * plate.h * thickness * density) / 1e6), PlateName: `${material}-${thickness}`, UtilizationRate: round(0.7 + r() * 0.2, 3),
      PartsCount: partsCount, PerforationCount: pierce, PerforationTime: round(pierce * 0.4, 1), AirLength: air, AirTime: round(air * 1.2, 1), CutLength: cut,
      CutTime: round(cut * 6, 1), ProcessingTime: round(cut * 6 + pierce * 0.4 + air * 1.2, 1), NestName: `${base}-${i + 1}`, ImageFile: `${base}-nest-${i + 1}.svg`, parts: partsCount,
    };
  });
  const parts = ['L', 'U', 'P', 'R'].slice(0, 2 + Math.floor(r() * 3)).map((s, i) => {
    const count = 6 + Math.floor(r() * 40);
    return {
      Code: `${base.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(3, '0')}`, Name: `${base}-${s}`, Size: `${120 + Math.floor(r() * 400)}x${60 + Math.floor(r() * 300)}`,
      Count: count, Weight: round(0.2 + r() * 4), LayoutQuantity: count, SurplusQuantity: 0, PartCutLength: round(0.5 + r() * 3), CreateTime: at.toISOString(), PartImageFile: `${base}-${s}.svg`,
    };
  });
  return {
    OrderNumber: orderNumber,
    FileName: fileName,
    Plate: { Reports: nests.map(({ parts: _p, ...n }) => n), Parts: parts },
    Images: [
      ...nests.map((n) => ({ Name: n.ImageFile, ContentBase64: b64(plateNestSvg(n.NestName, `${orderNumber}/${n.NestName}`, plate, n.parts)) })),
      ...parts.map((p) => ({ Name: p.PartImageFile, ContentBase64: b64(platePartSvg(p.Name, `${orderNumber}/${p.Name}`)) })),
    ],
  };
}

/** A job file's bytes: a small text nest header (the real formats are the nesting software's own). */
const jobFile = (fileName: string, orderNumber: string) => Buffer.from(`; nest job ${fileName}\n; machine ${orderNumber}\n; generated for the demo\n`, 'utf8');

/** Seeds the demo fleet's documents and CAM reports once; answers the machines that got them (0 when already done). */
export async function seedDocuments(services: Pick<Services, 'documents' | 'files' | 'database' | 'clock'>, ownerId: string): Promise<number> {
  const { rows } = await services.database.pool.query<{ n: number }>('select count(*)::int as n from industrial_documents');
  if (rows[0]!.n > 0) return 0;
  const caller: Caller = ownCompanyCaller(ownerId);
  const at = services.clock.now();
  let seeded = 0;
  for (const m of DEMO_FLEET) {
    const tube = machineKindOf(m.seriesName) === 'tube';
    const jobs = tube ? TUBE_JOBS : SHEET_JOBS;
    const stored = [];
    for (const job of jobs) stored.push({ file: await services.files.put(jobFile(job, m.orderNumber), { filename: job }), name: job });
    const added = await services.documents.addDocuments(caller, m.orderNumber, stored);
    if (!added.ok) continue;
    for (const job of jobs.slice(0, 2)) {
      await services.documents.postCamReport(caller, tube ? tubeCamReport(m.orderNumber, job, at) : plateCamReport(m.orderNumber, job, at));
    }
    seeded++;
  }
  return seeded;
}
