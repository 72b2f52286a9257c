// The 15 lesson diagrams of the nest tutorial videos. Each scene draws into the 516 x 226 canvas
// of the mock application window for a progress p from 0 to 1; `tool` is the toolbar button the
// lesson is about (-1: none) and `steps` the two captions (zh, en), switched halfway or at `switchAt`.
import {
  C,
  EN,
  HOLE,
  NEST,
  PART,
  ZH,
  along,
  bar,
  centreOf,
  check,
  chip,
  circle,
  circlePoints,
  clamp,
  cursor,
  drawOn,
  ease,
  group,
  laserHead,
  lerp,
  line,
  outlineOf,
  partShape,
  path,
  polyline,
  polylineLength,
  rect,
  rectPoints,
  seg,
  sheetShape,
  subPolyline,
  text,
} from './nest-video-svg.mjs';

const CUT = `fill="none" stroke="${C.laser}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"`;
const TRAVEL = `fill="none" stroke="${C.sky}" stroke-width="1.3" stroke-dasharray="4 4"`;
/** A dashed travel move shown up to `distance` (drawOn cannot be used: it needs the dash array itself). */
const dashedUpTo = (pts, distance) => {
  const piece = subPolyline(pts, 0, distance);
  return piece.length > 1 ? path(polyline(piece), TRAVEL) : '';
};
const DIM_LINE = `stroke="${C.mute}" stroke-width="1"`;

/** A panel on the right of the canvas with a heading, as the application shows lists. */
const sidePanel = (x, y, w, h, title) =>
  rect(x, y, w, h, `rx="5" fill="${C.night}" stroke="${C.dim}" stroke-width="1"`) + text(x + 8, y + 16, title, { size: 11, fill: C.mute, font: ZH });

const pad2 = (n) => String(n).padStart(2, '0');
const clock = (seconds) => `${pad2(Math.floor(seconds / 60))}:${pad2(Math.floor(seconds % 60))}`;

/** Lesson 1: the installer's progress, then the first start's language and unit choice. */
function install(p) {
  const x = 118;
  const y = 12;
  const w = 280;
  const h = 200;
  let body = rect(x, y, w, h, `rx="8" fill="#f1f5f9"`) + rect(x, y, w, 30, `rx="8" fill="${C.blue}"`) + rect(x, y + 22, w, 8, `fill="${C.blue}"`);
  body += text(x + 14, y + 20, 'Nest V2.0 安装向导 · Setup', { size: 12, fill: '#fff', font: ZH });
  const files = ['nest-core.dll', 'post/laser-x.pp', 'materials.db', 'fonts/cad.shx', 'help/zh-CN.chm', 'help/en-US.chm'];
  if (p < 0.6) {
    const done = ease(seg(p, 0.04, 0.56));
    body += text(x + 20, y + 62, '正在安装 Installing…', { size: 13, fill: '#0f172a', font: ZH });
    body += bar(x + 20, y + 80, w - 40, 12, done, '#2563eb');
    body += text(x + w - 20, y + 112, `${Math.round(done * 100)}%`, { size: 12, fill: '#334155', anchor: 'end' });
    body += text(x + 20, y + 112, files[Math.min(files.length - 1, Math.floor(done * files.length))], { size: 10, fill: '#64748b' });
    body += rect(x + 20, y + 132, w - 40, 46, `rx="4" fill="#e2e8f0"`);
    body += text(x + 30, y + 150, '安装位置 Folder', { size: 10, fill: '#64748b', font: ZH });
    body += text(x + 30, y + 168, 'C:\\Program Files\\Nest V2.0', { size: 11, fill: '#0f172a' });
  } else if (p < 0.72) {
    const a = seg(p, 0.6, 0.64);
    body += group(check(x + w / 2, y + 82, 24) + text(x + w / 2, y + 134, '安装完成 · Installed', { size: 15, fill: '#0f172a', anchor: 'middle', font: ZH }), { opacity: a });
    const pulse = 0.5 + 0.5 * Math.sin(p * 90);
    body += rect(x + w / 2 - 60, y + 152, 120, 30, `rx="6" fill="#2563eb" stroke="#93c5fd" stroke-width="${(pulse * 3).toFixed(1)}"`);
    body += text(x + w / 2, y + 172, '启动 Launch', { size: 13, fill: '#fff', anchor: 'middle', font: ZH });
    body += cursor(lerp(x + w - 30, x + w / 2 + 10, ease(seg(p, 0.62, 0.7))), lerp(y + h - 10, y + 170, ease(seg(p, 0.62, 0.7))));
  } else {
    body += text(x + 20, y + 58, '首次启动 · First start', { size: 14, fill: '#0f172a', font: ZH });
    const choice = (cy, label, options, pickAt) => {
      let s = text(x + 20, cy + 16, label, { size: 11, fill: '#475569', font: ZH });
      options.forEach((o, i) => {
        const on = i === 0 && p >= pickAt;
        s += rect(x + 110 + i * 80, cy, 72, 24, `rx="5" fill="${on ? '#2563eb' : '#fff'}" stroke="${on ? '#2563eb' : '#cbd5e1'}"`);
        s += text(x + 146 + i * 80, cy + 16, o, { size: 11, fill: on ? '#fff' : '#334155', anchor: 'middle', font: ZH });
      });
      return s;
    };
    body += choice(y + 78, '语言 Language', ['中文', 'English'], 0.8);
    body += choice(y + 116, '单位 Units', ['mm', 'inch'], 0.88);
    body += group(rect(x + w - 110, y + 160, 90, 28, `rx="6" fill="${C.ok}"`) + text(x + w - 65, y + 179, '完成 Done', { size: 12, fill: '#fff', anchor: 'middle', font: ZH }), {
      opacity: seg(p, 0.92, 0.96),
    });
    const target = p < 0.84 ? [x + 150, y + 94] : p < 0.92 ? [x + 150, y + 132] : [x + w - 60, y + 178];
    body += cursor(target[0], target[1]);
  }
  return body;
}

/** Lesson 2: the regions of the window, one after another. */
function tour(p) {
  let body = sheetShape({ x: 14, y: 12, w: 340, h: 202 });
  body += NEST.parts.map((part) => partShape(part)).join('');
  body += sidePanel(364, 4, 148, 118, '零件列表 Parts');
  ['Bracket-A ×4', 'Cover-B ×2', 'Flange-C ×6', 'L-Plate ×3', 'Strip-E ×8'].forEach((name, i) => {
    body += rect(372, 28 + i * 18, 10, 10, `rx="2" fill="${C.part}" stroke="${C.ink}"`) + text(388, 37 + i * 18, name, { size: 10, fill: C.ink });
  });
  body += sidePanel(364, 128, 148, 94, '属性 Properties');
  [
    ['材料', 'Q235'],
    ['厚度 mm', '3.0'],
    ['数量', '4'],
    ['旋转', '0° / 90°'],
  ].forEach(([k, v], i) => {
    body += text(372, 160 + i * 16, k, { size: 10, fill: C.mute, font: ZH }) + text(504, 160 + i * 16, v, { size: 10, fill: C.ink, anchor: 'end' });
  });
  const regions = [
    { box: [-62, -2, 48, 230], label: '工具栏 Toolbar' },
    { box: [8, 6, 352, 214], label: '绘图区 Drawing area' },
    { box: [360, 0, 156, 126], label: '零件列表 Part list' },
    { box: [360, 124, 156, 102], label: '属性 Properties' },
  ];
  const at = clamp(p * regions.length, 0, regions.length - 0.001);
  const i = Math.floor(at);
  const move = ease(seg(at - i, 0, 0.25));
  const from = regions[Math.max(0, i - 1)].box;
  const to = regions[i].box;
  const box = i === 0 ? to : from.map((v, k) => lerp(v, to[k], move));
  body += rect(box[0], box[1], box[2], box[3], `rx="6" fill="${C.laser}" fill-opacity="0.08" stroke="${C.laser}" stroke-width="2.5"`);
  const labelX = i === 0 ? box[0] + 56 : box[0] + 8;
  body += chip(labelX, i === 0 ? 40 : box[1] + box[3] - 10, regions[i].label, { opacity: seg(at - i, 0.2, 0.35) });
  return body;
}

/** Lesson 3: three drawings imported one by one; each outline appears and joins the part list. */
function importDrawings(p) {
  const files = [
    { name: 'bracket.dxf', part: { kind: 'plate', x: 168, y: 14, w: 124, h: 64, holes: [[24, 32, 9], [100, 32, 9]] } },
    { name: 'flange.dxf', part: { kind: 'disc', cx: 332, cy: 62, r: 40, holes: [[0, 0, 14], [-27, 0, 5], [27, 0, 5]] } },
    { name: 'cover.dwg', part: { kind: 'ell', x: 196, y: 104, w: 118, h: 110, t: 40 } },
  ];
  let body = sidePanel(4, 4, 150, 218, '打开 Open…');
  body += sidePanel(392, 4, 120, 218, `零件 Parts (${files.filter((_, i) => p >= 0.3 + i * 0.25).length})`);
  files.forEach((f, i) => {
    const start = 0.06 + i * 0.25;
    const rowY = 30 + i * 30;
    const picked = p >= start && p < start + 0.22;
    body += rect(12, rowY, 134, 24, `rx="4" fill="${picked ? '#1d4ed8' : 'transparent'}"`);
    body += rect(18, rowY + 4, 16, 16, `rx="2" fill="${i === 2 ? '#0ea5e9' : C.laser}"`) + text(26, rowY + 15, i === 2 ? 'G' : 'D', { size: 9, fill: '#fff', anchor: 'middle', weight: 'bold' });
    body += text(40, rowY + 16, f.name, { size: 11, fill: C.ink });
    const [cx, cy] = centreOf(f.part);
    const fly = ease(seg(p, start + 0.04, start + 0.12));
    if (fly > 0 && fly < 1) body += circle(lerp(90, cx, fly), lerp(rowY + 12, cy, fly), 5, `fill="${C.laser}"`);
    const draw = seg(p, start + 0.1, start + 0.22);
    if (draw > 0) {
      const outline = outlineOf(f.part);
      body += group(partShape(f.part), { opacity: seg(draw, 0.7, 1) });
      if (draw < 1) body += path(polyline(outline), `${CUT} ${drawOn(polylineLength(outline), draw)}`);
    }
    body += group(rect(400, 28 + i * 24, 104, 20, `rx="3" fill="${C.part}"`) + text(408, 42 + i * 24, f.name.replace(/\.\w+$/, ''), { size: 10, fill: C.ink }), {
      opacity: seg(p, start + 0.2, start + 0.24),
    });
  });
  const cur = Math.min(2, Math.floor(clamp(p - 0.06) / 0.25));
  if (p < 0.82) body += cursor(116, 42 + cur * 30);
  return body;
}

/** Lesson 4: a scan finds an open contour, a duplicate line and a rough arc; one click fixes them. */
function repair(p) {
  const fixed = seg(p, 0.55, 0.72);
  const a = [[120, 40], [330, 40], [330, 110], [352, 110]];
  const b = [[378, 110], [400, 110], [400, 196], [120, 196], [120, 40]];
  let body = path(polyline(a), `fill="none" stroke="${C.ink}" stroke-width="2"`) + path(polyline(b), `fill="none" stroke="${C.ink}" stroke-width="2"`);
  body += line(352, 110, lerp(352, 378, fixed), 110, `stroke="${C.ok}" stroke-width="2.4"`);
  body += group(line(160, 193, 300, 193, `stroke="${C.bad}" stroke-width="2" stroke-dasharray="5 3"`), { opacity: 1 - fixed });
  const rough = Array.from({ length: 9 }, (_, i) => [200 + 26 * Math.cos((i / 8) * 2 * Math.PI), 118 + 26 * Math.sin((i / 8) * 2 * Math.PI)]);
  body += group(path(`${polyline(rough)} Z`, `fill="none" stroke="${C.ink}" stroke-width="1.6"`), { opacity: 1 - fixed });
  body += group(circle(200, 118, 26, `fill="none" stroke="${C.ink}" stroke-width="1.6"`), { opacity: fixed });
  const scanX = lerp(96, 424, seg(p, 0.06, 0.42));
  if (p > 0.06 && p < 0.44) body += rect(scanX - 1, 20, 2, 190, `fill="${C.sky}"`) + rect(scanX - 14, 20, 14, 190, `fill="${C.sky}" opacity="0.12"`);
  const issues = [
    { x: 365, y: 110, label: '开口 Open', at: 365 },
    { x: 230, y: 193, label: '重线 Duplicate', at: 230 },
    { x: 200, y: 118, label: '粗糙圆弧 Rough arc', at: 200 },
  ];
  let found = 0;
  for (const issue of issues) {
    if (scanX < issue.at && p < 0.44) continue;
    found++;
    const color = fixed >= 1 ? C.ok : C.bad;
    body += circle(issue.x, issue.y, 15, `fill="none" stroke="${color}" stroke-width="2"`);
    body += chip(issue.x + 18, issue.y - 14, issue.label, { fill: color, size: 10 });
  }
  const remaining = fixed >= 1 ? 0 : found;
  const counter = p < 0.06 ? '检查中 Checking…' : `问题 Issues: ${remaining}`;
  body += chip(420, 214, counter, { fill: fixed >= 1 ? C.ok : remaining ? C.bad : C.dim, anchor: 'end', size: 11 });
  if (p > 0.46 && p < 0.6) body += chip(24, 214, '修复 Fix all', { fill: '#2563eb', size: 11 }) + cursor(104, 208);
  return body;
}

/** Lesson 5: the lead-in of the outer contour from the scrap side, then the holes' from their centres. */
function leads(p) {
  const part = { kind: 'plate', x: 140, y: 30, w: 250, h: 160, holes: [[64, 80, 28], [184, 80, 20]] };
  let body = group(partShape(part), { opacity: seg(p, 0, 0.08) });
  const outerLead = [[100, 150], [112, 134], [126, 122], [140, 110]];
  const outer = [[140, 110], [140, 30], [390, 30], [390, 190], [140, 190], [140, 110]];
  const leadP = seg(p, 0.1, 0.2);
  body += path(polyline(outerLead), `${CUT} ${drawOn(polylineLength(outerLead), leadP)}`);
  const runP = seg(p, 0.2, 0.45);
  body += path(polyline(outer), `${CUT} ${drawOn(polylineLength(outer), runP)}`);
  if (leadP > 0 && runP < 1) body += runP > 0 ? laserHead(...along(outer, runP)) : laserHead(...along(outerLead, leadP));
  body += chip(24, 188, '引入线 Lead-in', { opacity: seg(p, 0.14, 0.2) });
  body += chip(396, 28, '废料侧 Scrap side', { fill: C.dim, opacity: seg(p, 0.2, 0.26) });
  part.holes.forEach(([dx, dy, r], i) => {
    const cx = part.x + dx;
    const cy = part.y + dy;
    const start = 0.52 + i * 0.2;
    const lead = [[cx, cy], [cx + r * 0.55, cy], [cx + r, cy]];
    const ring = circlePoints(cx, cy, r, 0, 2 * Math.PI);
    const lp = seg(p, start, start + 0.06);
    const rp = seg(p, start + 0.06, start + 0.18);
    body += circle(cx, cy, 2.5, `fill="${C.laser}" opacity="${lp > 0 ? 1 : 0}"`);
    body += path(polyline(lead), `${CUT} ${drawOn(polylineLength(lead), lp)}`);
    body += path(polyline(ring), `${CUT} ${drawOn(polylineLength(ring), rp)}`);
    if (lp > 0 && rp < 1) body += rp > 0 ? laserHead(...along(ring, rp)) : laserHead(...along(lead, lp));
  });
  body += chip(204, 212, '内孔：从孔心引入 Holes: from the centre', { opacity: seg(p, 0.56, 0.62), anchor: 'middle' });
  return body;
}

/** Lesson 6: the beam's width, offset outward on the outer contour and inward in the hole. */
function kerf(p) {
  const k = 9;
  const part = { kind: 'plate', x: 120, y: 40, w: 260, h: 150, holes: [[130, 75, 40]] };
  let body = partShape(part);
  const outer = rectPoints(part.x - k, part.y - k, part.w + 2 * k, part.h + 2 * k);
  const inner = circlePoints(part.x + 130, part.y + 75, 40 - k, -Math.PI / 2, (3 * Math.PI) / 2, 48);
  const po = seg(p, 0.06, 0.46);
  const pi = seg(p, 0.56, 0.9);
  for (const [pts, q] of [
    [outer, po],
    [inner, pi],
  ]) {
    const len = polylineLength(pts);
    body += path(polyline(pts), `fill="none" stroke="${C.laser}" stroke-opacity="0.35" stroke-width="${2 * k}" ${drawOn(len, q)}`);
    body += path(polyline(pts), `fill="none" stroke="${C.laser}" stroke-width="1.2" stroke-dasharray="5 3" opacity="${q > 0 ? 1 : 0}"`);
    if (q > 0 && q < 1) {
      const [x, y] = along(pts, q);
      body += circle(x, y, k, `fill="${C.laser}" opacity="0.55"`) + circle(x, y, 2.5, `fill="#fff7ed"`);
    }
  }
  body += group(
    line(part.x + part.w, 108, part.x + part.w + k, 108, `stroke="#fff" stroke-width="1.2"`) +
      line(part.x + part.w + k, 96, part.x + part.w + k, 120, DIM_LINE) +
      line(part.x + part.w, 96, part.x + part.w, 120, DIM_LINE) +
      chip(part.x + part.w + 16, 112, '½ 割缝 Kerf/2 = 0.1 mm', { size: 10 }),
    { opacity: seg(p, 0.3, 0.36) },
  );
  body += chip(250, 214, '补偿方向 Offset: 外 out / 内 in', { fill: C.dim, anchor: 'middle', opacity: seg(p, 0.6, 0.66) });
  body += chip(8, 20, '放大 Zoom ×20', { fill: '#2563eb', size: 10 });
  return body;
}

/** Lesson 7: tabs that keep a part in the sheet, then a bridge that cuts two parts in one pass. */
function joints(p) {
  const outline = rectPoints(30, 30, 190, 120);
  const total = polylineLength(outline);
  const tabs = [95, 250, 405, 560];
  const gap = 9;
  let body = partShape({ kind: 'plate', x: 30, y: 30, w: 190, h: 120, holes: [[95, 60, 22]] });
  const cutTo = seg(p, 0.04, 0.42) * total;
  const edges = [0, ...tabs.flatMap((t) => [t - gap / 2, t + gap / 2]), total];
  for (let i = 0; i < edges.length; i += 2) {
    const piece = subPolyline(outline, edges[i], Math.min(edges[i + 1], cutTo));
    if (piece.length > 1) body += path(polyline(piece), CUT);
  }
  for (const t of tabs) if (cutTo > t) body += circle(...along(outline, t / total), 4, `fill="none" stroke="#fff" stroke-width="1.5"`);
  if (cutTo > 0 && cutTo < total) body += laserHead(...along(outline, cutTo / total));
  const zoom = seg(p, 0.3, 0.36) * (1 - seg(p, 0.5, 0.54));
  body += group(
    line(along(outline, tabs[1] / total)[0] + 4, along(outline, tabs[1] / total)[1], 350, 62, `stroke="#fff" stroke-width="1" stroke-dasharray="3 3"`) +
      circle(400, 62, 48, `fill="${C.sheet}" stroke="#fff" stroke-width="1.5"`) +
      rect(352, 40, 40, 44, `fill="${C.part}"`) +
      rect(392, 30, 6, 20, `fill="${C.laser}"`) +
      rect(392, 74, 6, 20, `fill="${C.laser}"`) +
      rect(392, 50, 6, 24, `fill="#e2e8f0"`) +
      chip(400, 124, '微连 0.5 mm', { anchor: 'middle', size: 10 }),
    { opacity: zoom },
  );
  const bridged = [[280, 120], [360, 120], [360, 152], [396, 152], [396, 120], [476, 120], [476, 200], [396, 200], [396, 166], [360, 166], [360, 200], [280, 200], [280, 120]];
  const show = seg(p, 0.52, 0.58);
  body += group(path(`${polyline(bridged)} Z`, PART) + circle(320, 160, 12, HOLE) + circle(436, 160, 12, HOLE), { opacity: show });
  const bp = seg(p, 0.6, 0.92);
  body += path(polyline(bridged), `${CUT} ${drawOn(polylineLength(bridged), bp)}`);
  if (bp > 0 && bp < 1) body += laserHead(...along(bridged, bp));
  body += chip(378, 110, '桥接 Bridge', { anchor: 'middle', opacity: seg(p, 0.6, 0.66) });
  body += chip(378, 222, '一次切割两个零件 Two parts, one pass', { anchor: 'middle', fill: C.dim, size: 10, opacity: seg(p, 0.9, 0.95) });
  return body;
}

/** Lesson 8: two parts slide together to share one edge, which is cut once. */
function commonLine(p) {
  const slide = ease(seg(p, 0.04, 0.32));
  const left = { kind: 'plate', x: 90, y: 40, w: 150, h: 110, holes: [[75, 55, 18]] };
  const right = { kind: 'plate', x: lerp(310, 240, slide), y: 40, w: 150, h: 110, holes: [[75, 55, 18]] };
  let body = partShape(left) + partShape(right);
  if (slide >= 1) {
    const glow = 0.5 + 0.5 * Math.sin(p * 60);
    body += line(240, 40, 240, 150, `stroke="${C.laser}" stroke-width="${(3 + glow * 3).toFixed(1)}" opacity="${seg(p, 0.32, 0.4)}"`);
    body += chip(240, 30, '共边 Common line', { anchor: 'middle', opacity: seg(p, 0.34, 0.4) });
    const route = [[90, 40], [390, 40], [390, 150], [90, 150], [90, 40], [240, 40], [240, 150]];
    const cp = seg(p, 0.5, 0.86);
    body += path(polyline(route), `${CUT} ${drawOn(polylineLength(route), cp)}`);
    if (cp > 0 && cp < 1) body += laserHead(...along(route, cp));
  }
  const shown = seg(p, 0.84, 0.9);
  body += group(
    text(240, 186, '切割长度 Cut length', { size: 12, fill: C.mute, anchor: 'middle', font: ZH }) +
      text(240, 210, '1040 mm  →  930 mm', { size: 16, fill: C.ink, anchor: 'middle' }) +
      chip(350, 210, '−11%', { fill: C.ok, size: 12 }),
    { opacity: shown },
  );
  return body;
}

/** Lesson 9: a sheet from the library, then the remnant cut off and kept for later. */
function remnants(p) {
  const rows = ['Q235 3 mm 3000×1500', 'SS304 2 mm 2500×1250', 'AL 3 mm 2000×1000'];
  let body = sidePanel(366, 4, 146, 218, '板材库 Sheet library');
  rows.forEach((r, i) => {
    const selected = p >= 0.28 && i === 0;
    body += group(rect(372, 26 + i * 26, 134, 22, `rx="3" fill="${selected ? '#1d4ed8' : C.part}"`) + text(378, 41 + i * 26, r, { size: 9.5, fill: C.ink }), {
      opacity: seg(p, 0.04 + i * 0.08, 0.08 + i * 0.08),
    });
  });
  const sheetIn = seg(p, 0.3, 0.42);
  body += group(sheetShape() + NEST.parts.filter((part) => (part.kind === 'disc' ? false : part.x + part.w <= 236)).map((part) => partShape(part)).join(''), { opacity: sheetIn });
  const cut = seg(p, 0.5, 0.62);
  body += line(246, 14, 246, lerp(14, 212, cut), `stroke="${C.laser}" stroke-width="2" stroke-dasharray="6 3" opacity="${cut > 0 ? 1 : 0}"`);
  const fly = ease(seg(p, 0.74, 0.88));
  const hatch = seg(p, 0.6, 0.68) * (1 - fly);
  body += `<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="8" fill="${C.ok}" opacity="0.45"/></pattern></defs>`;
  body += rect(247, 15, 108, 196, `fill="url(#hatch)" opacity="${hatch.toFixed(2)}"`);
  body += chip(300, 116, '余料 Remnant', { fill: C.ok, anchor: 'middle', opacity: hatch });
  if (fly > 0 && fly < 1) body += rect(lerp(247, 372, fly), lerp(15, 104, fly), lerp(108, 134, fly), lerp(196, 22, fly), `rx="3" fill="${C.ok}" opacity="0.5"`);
  body += group(rect(372, 104, 134, 22, `rx="3" fill="#166534"`) + text(378, 119, '余料 #12 650×1500', { size: 9.5, fill: '#dcfce7', font: ZH }) + check(496, 115, 7), {
    opacity: seg(p, 0.86, 0.9),
  });
  return body;
}

/** Where the parts wait before automatic nesting: thumbnails in the list on the right. */
const queueSlot = (i) => [408 + (i % 2) * 56, 44 + Math.floor(i / 2) * 46];

/** Lesson 10: the parts fly from the list into the sheet; the utilisation counts up. */
function autoNest(p) {
  let body = sheetShape() + sidePanel(372, 4, 140, 218, '零件 Parts');
  const order = [7, 2, 0, 3, 4, 1, 6, 5];
  const placed = [];
  order.forEach((index, k) => {
    const part = NEST.parts[index];
    const [cx, cy] = centreOf(part);
    const start = 0.1 + k * 0.09;
    const f = ease(seg(p, start, start + 0.12));
    const [qx, qy] = queueSlot(k);
    const x = lerp(qx, cx, f);
    const y = lerp(qy, cy, f);
    const s = lerp(0.3, 1, f);
    const r = lerp(k % 3 === 0 ? 90 : 0, 0, f);
    body += group(partShape(part), { x: x - cx, y: y - cy, cx, cy, scale: s, rotate: r });
    if (f >= 1) placed.push(index);
  });
  const pressed = p < 0.1;
  body += rect(380, 194, 124, 22, `rx="4" fill="${pressed ? C.laser : '#2563eb'}"`) + text(442, 209, '自动排样 Auto nest', { size: 10.5, fill: '#fff', anchor: 'middle', font: ZH });
  if (p < 0.12) body += cursor(470, 206);
  const util = (placed.length / order.length) * 86.4;
  body += chip(186, 224, `利用率 Utilisation ${util.toFixed(1)}%`, { fill: placed.length === order.length ? C.ok : C.dim, anchor: 'middle', size: 11 });
  return body;
}

/** Lesson 11: a part dragged over the sheet, turned 90 degrees and snapped into the gap. */
function manualNest(p) {
  let body = sheetShape();
  body += NEST.parts.filter((_, i) => i !== 5 && i !== 6).map((part) => partShape(part)).join('');
  body += rect(112, 144, 120, 58, `rx="2" fill="none" stroke="${C.sky}" stroke-width="1.2" stroke-dasharray="4 3" opacity="${seg(p, 0.2, 0.3).toFixed(2)}"`);
  const drag = ease(seg(p, 0.12, 0.45));
  const turn = ease(seg(p, 0.5, 0.64));
  const snap = ease(seg(p, 0.68, 0.8));
  const home = [440, 110];
  const near = [188, 112];
  const gapCentre = [172, 173];
  const cx = p < 0.68 ? lerp(home[0], near[0], drag) : lerp(near[0], gapCentre[0], snap);
  const cy = p < 0.68 ? lerp(home[1], near[1], drag) : lerp(near[1], gapCentre[1], snap);
  const colliding = drag > 0.8 && snap < 1;
  const snapped = snap >= 1;
  const style = `fill="${snapped ? '#14532d' : C.part}" stroke="${colliding ? C.bad : snapped ? C.ok : C.ink}" stroke-width="1.8"`;
  body += group(rect(-23, -50, 46, 100, `rx="3" ${style}`) + circle(0, -30, 7, HOLE) + circle(0, 30, 7, HOLE), { x: cx, y: cy, rotate: lerp(0, 90, turn) });
  if (p < 0.82) body += cursor(cx + 4, cy + 4);
  body += chip(cx + 36, cy - 28, '冲突 Overlap', { fill: C.bad, opacity: colliding && turn < 1 ? 1 : 0, size: 10 });
  body += chip(cx + 36, cy - 28, '旋转 90° Rotate', { fill: '#2563eb', opacity: turn > 0 && turn < 1 ? 1 : 0, size: 10 });
  body += chip(232, 138, '吸附 Snap', { fill: C.ok, opacity: snapped ? 1 : 0, size: 10 });
  if (snap > 0) {
    body += line(112, 144, 112, 20, `stroke="${C.sky}" stroke-width="1" stroke-dasharray="3 3"`) + line(232, 202, 380, 202, `stroke="${C.sky}" stroke-width="1" stroke-dasharray="3 3"`);
  }
  body += chip(186, 224, `利用率 Utilisation ${snapped ? '84.7' : '80.1'}%`, { fill: snapped ? C.ok : C.dim, anchor: 'middle', size: 11 });
  return body;
}

/** The cutting order the optimiser finds for the sample sheet, and the travel between parts. */
const ORDER = [0, 1, 4, 3, 5, 6, 7, 2];
const travelRoute = () => [[16, 14], ...ORDER.map((i) => centreOf(NEST.parts[i]))];

/** Lesson 12: the numbered order, holes first, and the rapid moves between parts. */
function cuttingOrder(p) {
  let body = sheetShape() + NEST.parts.map((part) => partShape(part)).join('');
  const messy = [[16, 14], ...[3, 2, 5, 0, 7, 4, 1, 6].map((i) => centreOf(NEST.parts[i]))];
  const before = 1 - seg(p, 0.22, 0.28);
  body += group(path(polyline(messy), `fill="none" stroke="${C.bad}" stroke-width="1.3" stroke-dasharray="4 4"`) + chip(186, 224, '优化前 Before: 2.9 m', { fill: C.bad, anchor: 'middle', size: 10 }), {
    opacity: before * seg(p, 0, 0.05),
  });
  const route = travelRoute();
  const rp = seg(p, 0.3, 0.86);
  const total = polylineLength(route);
  body += dashedUpTo(route, rp * total);
  let walked = 0;
  route.slice(1).forEach(([x, y], k) => {
    walked += Math.hypot(x - route[k][0], y - route[k][1]);
    if (rp * total >= walked - 0.5) body += circle(x, y, 9, `fill="#2563eb" stroke="#fff" stroke-width="1.2"`) + text(x, y + 4, String(k + 1), { size: 10, fill: '#fff', anchor: 'middle', weight: 'bold' });
  });
  body += chip(372, 30, '先内孔 Holes first', { fill: C.dim, opacity: seg(p, 0.34, 0.4), size: 10 });
  body += chip(372, 52, '再外轮廓 Then outlines', { fill: C.dim, opacity: seg(p, 0.34, 0.4), size: 10 });
  body += chip(380, 110, '空程 Travel', { fill: '#2563eb', opacity: seg(p, 0.86, 0.9), size: 11 });
  body += group(text(384, 136, '2.9 m → 2.2 m', { size: 15, fill: C.ink }) + chip(384, 164, '−23%', { fill: C.ok, size: 12 }), { opacity: seg(p, 0.86, 0.9) });
  return body;
}

/** Lesson 13: the laser head runs the job; time, cut length and pierces count up. */
function simulation(p) {
  let body = sheetShape() + NEST.parts.map((part) => partShape(part)).join('');
  const legs = [];
  let prev = [16, 14];
  for (const i of ORDER) {
    const outline = outlineOf(NEST.parts[i]);
    legs.push({ pts: [prev, outline[0]], cut: false }, { pts: outline, cut: true });
    prev = outline[outline.length - 1];
  }
  const lengths = legs.map((l) => polylineLength(l.pts));
  const total = lengths.reduce((a, b) => a + b, 0);
  const sp = seg(p, 0.04, 0.9);
  let left = sp * total;
  let head = null;
  legs.forEach((leg, k) => {
    const q = clamp(left / lengths[k]);
    if (q > 0) body += leg.cut ? path(polyline(leg.pts), `${CUT} ${drawOn(lengths[k], q)}`) : dashedUpTo(leg.pts, q * lengths[k]);
    if (q > 0 && q < 1) head = along(leg.pts, q);
    left -= lengths[k];
  });
  if (head && sp < 1) body += laserHead(head[0], head[1]);
  body += sidePanel(372, 4, 140, 218, '仿真 Simulation');
  const stats = [
    ['时间 Time', clock(272 * sp)],
    ['切割 Cut', `${(7.84 * sp).toFixed(2)} m`],
    ['空程 Travel', `${(2.21 * sp).toFixed(2)} m`],
    ['穿孔 Pierces', String(Math.round(14 * sp))],
  ];
  stats.forEach(([k, v], i) => {
    body += text(382, 44 + i * 34, k, { size: 10, fill: C.mute, font: ZH }) + text(382, 62 + i * 34, v, { size: 15, fill: C.ink });
  });
  body += bar(382, 190, 120, 8, sp, C.laser);
  body += group(check(492, 30, 8), { opacity: sp >= 1 ? 1 : 0 });
  return body;
}

const GCODE = [
  '%',
  'N10 G21 G90',
  'N20 M07 (gas O2)',
  'N30 G00 X26.0 Y24.0',
  'N40 M03 (pierce)',
  'N50 G01 X136.0 F8000',
  'N60 G01 Y84.0',
  'N70 G01 X26.0',
  'N80 G01 Y24.0',
  'N90 M05',
  'N100 G00 X142.0 Y24.0',
  'N110 M03',
  'N120 G01 X232.0 F8000',
  'N130 G01 Y84.0',
  'N140 G02 X187.0 Y54.0 R12',
  'N150 G01 X142.0',
  'N160 M05',
  'N170 G00 X326.0 Y58.0',
  'N180 M03',
  'N190 G03 I-36.0 J0',
  'N200 M05',
  'N210 M09',
  'N220 M30',
  '%',
];

/** Lesson 14: the post-processor writes G-code, which travels to the machine. */
function sendCode(p) {
  let body = rect(4, 4, 196, 218, `rx="5" fill="#020617" stroke="${C.dim}"`) + text(12, 20, '后处理 Post: Laser-X 2.0', { size: 10, fill: C.mute, font: ZH });
  const written = Math.floor(seg(p, 0.02, 0.45) * GCODE.length);
  const first = Math.max(0, written - 12);
  GCODE.slice(first, written).forEach((l, i) => {
    body += text(12, 40 + i * 14.5, l, { size: 10, fill: /M0[35]/.test(l) ? C.laser : '#86efac', font: 'DejaVu Sans Mono' });
  });
  const send = seg(p, 0.5, 0.86);
  body += path('M212 112 L312 112', `stroke="${C.dim}" stroke-width="3" stroke-linecap="round"`) + path('M304 104 L314 112 L304 120', `fill="none" stroke="${C.dim}" stroke-width="3"`);
  if (send > 0 && send < 1) for (let k = 0; k < 3; k++) body += circle(212 + ((send * 600 + k * 33) % 100), 112, 4, `fill="${C.sky}"`);
  body += chip(262, 94, 'LAN / USB', { fill: C.dim, anchor: 'middle', size: 10, font: EN });
  // the machine: bed, gantry and head
  const gx = lerp(350, 470, 0.5 + 0.5 * Math.sin(p * 14));
  body += rect(330, 120, 176, 70, `rx="4" fill="#334155" stroke="${C.mute}"`) + rect(338, 128, 160, 54, `fill="#1e293b"`);
  body += rect(324, 186, 188, 12, `rx="3" fill="#475569"`) + rect(336, 198, 10, 18, `fill="#475569"`) + rect(490, 198, 10, 18, `fill="#475569"`);
  body += rect(gx - 4, 112, 8, 78, `fill="#94a3b8"`) + rect(gx - 8, 146, 16, 14, `rx="2" fill="#e2e8f0"`) + laserHead(gx, 164, 2.5);
  body += rect(360, 30, 116, 64, `rx="5" fill="#020617" stroke="${C.dim}"`);
  body += text(418, 52, send >= 1 ? '已接收 Received' : '接收 Receiving', { size: 10, fill: C.mute, anchor: 'middle', font: ZH });
  body += bar(372, 64, 92, 8, send, send >= 1 ? C.ok : C.sky) + text(418, 88, `${Math.round(send * 100)}%`, { size: 10, fill: C.ink, anchor: 'middle' });
  body += group(check(486, 32, 10) + chip(418, 222, '已发送到设备 Sent to the machine', { fill: C.ok, anchor: 'middle', size: 10 }), { opacity: seg(p, 0.88, 0.92) });
  return body;
}

/** Lesson 15: the report's rows and utilisation chart appear; it is exported as PDF or Excel. */
function report(p) {
  let body = rect(60, 4, 330, 218, `rx="6" fill="#f8fafc"`) + rect(60, 4, 330, 30, `rx="6" fill="${C.blue}"`) + rect(60, 26, 330, 8, `fill="${C.blue}"`);
  body += text(74, 24, '套料报告 Nesting report', { size: 13, fill: '#fff', font: ZH }) + text(378, 24, 'Job #2041', { size: 10, fill: '#c7d2fe', anchor: 'end' });
  const rows = [
    ['板材 Sheets', 'Q235 3 mm ×3'],
    ['零件 Parts', '24 / 186 pcs'],
    ['利用率 Utilisation', '86.4%'],
    ['切割时间 Cut time', '13 min 36 s'],
    ['切割长度 Cut length', '23.5 m'],
    ['穿孔 Pierces', '412'],
  ];
  rows.forEach(([k, v], i) => {
    const y = 56 + i * 26;
    body += group(
      (i % 2 ? '' : rect(70, y - 15, 200, 24, `fill="#e2e8f0"`)) + text(78, y + 1, k, { size: 10, fill: '#475569', font: ZH }) + text(262, y + 1, v, { size: 10.5, fill: '#0f172a', anchor: 'end' }),
      { opacity: seg(p, 0.04 + i * 0.07, 0.08 + i * 0.07) },
    );
  });
  const r = 42;
  const len = 2 * Math.PI * r;
  const fill = ease(seg(p, 0.45, 0.7)) * 0.864;
  body += circle(330, 112, r, `fill="none" stroke="#cbd5e1" stroke-width="14"`);
  body += circle(330, 112, r, `fill="none" stroke="#2563eb" stroke-width="14" stroke-dasharray="${(len * fill).toFixed(1)} ${len.toFixed(1)}" transform="rotate(-90 330 112)"`);
  body += text(330, 117, `${(fill * 100).toFixed(1)}%`, { size: 13, fill: '#0f172a', anchor: 'middle', weight: 'bold' });
  body += text(330, 176, '利用率 Utilisation', { size: 9.5, fill: '#475569', anchor: 'middle', font: ZH });
  const out = seg(p, 0.74, 0.8);
  body += group(rect(404, 70, 100, 30, `rx="5" fill="#dc2626"`) + text(454, 90, '导出 PDF', { size: 12, fill: '#fff', anchor: 'middle', font: ZH }), { opacity: out, x: lerp(20, 0, out) });
  body += group(rect(404, 112, 100, 30, `rx="5" fill="#16a34a"`) + text(454, 132, '导出 Excel', { size: 12, fill: '#fff', anchor: 'middle', font: ZH }), { opacity: seg(p, 0.78, 0.84), x: lerp(20, 0, seg(p, 0.78, 0.84)) });
  if (p > 0.8) body += cursor(470, 92) + group(check(454, 170, 12), { opacity: seg(p, 0.88, 0.92) });
  return body;
}

/** The toolbar of the mock application, top to bottom; a lesson highlights one. */
export const TOOLS = ['导入 Import', '修复 Repair', '引线 Leads', '补偿 Kerf', '微连 Joints', '共边 Common', '板材 Sheets', '排样 Nest', '排序 Order', '仿真 Simulate', '后处理 Post', '报告 Report'];

/** One scene per lesson, in the order of service.nestvideo.v1..v15. */
export const SCENES = [
  { tool: -1, draw: install, switchAt: 0.6, steps: [['运行安装程序，按向导完成安装', 'Run the installer and follow the wizard'], ['首次启动：选择语言和单位', 'First start: choose the language and units']] },
  { tool: -1, draw: tour, steps: [['工具栏与绘图区', 'The toolbar and the drawing area'], ['零件列表与属性面板', 'The part list and the properties']] },
  { tool: 0, draw: importDrawings, steps: [['文件 → 导入 DXF / DWG 图纸', 'File → Import DXF / DWG drawings'], ['零件自动加入零件列表', 'The parts join the part list']] },
  { tool: 1, draw: repair, steps: [['检查开口、重线和粗糙圆弧', 'Find open contours, duplicates and rough arcs'], ['一键修复，轮廓全部闭合', 'Fix them in one click: every contour closes']] },
  { tool: 2, draw: leads, steps: [['外轮廓：引线放在废料一侧', 'Outer contours: lead in from the scrap side'], ['内孔：从孔心引入', 'Holes: lead in from the centre']] },
  { tool: 3, draw: kerf, steps: [['外轮廓向外补偿半个割缝', 'Outer contours move out by half the kerf'], ['内孔向内补偿，零件尺寸准确', 'Holes move in: parts come out true to size']] },
  { tool: 4, draw: joints, steps: [['微连：零件留在板上不翘起', 'Micro-joints hold the part in the sheet'], ['桥接：多个零件一次切完', 'Bridges: several parts in one pass']] },
  { tool: 5, draw: commonLine, steps: [['零件靠拢，共用一条边', 'Parts move together and share an edge'], ['少切一刀，省时省气', 'One cut fewer saves time and gas']] },
  { tool: 6, draw: remnants, steps: [['从板材库选择材质、厚度和尺寸', 'Pick material, thickness and size from the library'], ['切下的余料存入库中再次使用', 'Save the remnant to use it again']] },
  { tool: 7, draw: autoNest, steps: [['选择零件和板材，点击自动排样', 'Choose parts and sheets, press Auto nest'], ['零件自动排满，利用率 86%', 'The sheet fills up: 86% utilisation']] },
  { tool: 7, draw: manualNest, steps: [['拖动零件，冲突标为红色', 'Drag a part: overlaps turn red'], ['旋转 90°，吸附到空位', 'Rotate 90° and snap it into the gap']] },
  { tool: 8, draw: cuttingOrder, steps: [['自动排序：先内孔，再就近切割', 'Auto order: holes first, then the nearest part'], ['空行程缩短 23%', 'Travel moves 23% shorter']] },
  { tool: 9, draw: simulation, steps: [['模拟整张板的切割过程', 'Simulate the whole sheet'], ['预估工时：4 分 32 秒', 'Estimated time: 4 min 32 s']] },
  { tool: 10, draw: sendCode, steps: [['选择后处理器，生成 G 代码', 'Choose the post-processor: G-code'], ['经网络或 U 盘发送到设备', 'Send it over the network or USB']] },
  { tool: 11, draw: report, steps: [['汇总板材、零件、利用率和工时', 'Sheets, parts, utilisation and times'], ['导出 PDF 或 Excel', 'Export as PDF or Excel']] },
];
