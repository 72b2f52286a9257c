// Drawing helpers for the nest tutorial videos (scripts/make-nest-videos.mjs): tiny SVG builders,
// easing, and the parts the diagrams reuse. Plain strings, so a frame is one template literal.

export const ZH = 'WenQuanYi Zen Hei';
export const EN = 'DejaVu Sans';

export const C = {
  night: '#0b1220',
  navy: '#0f172a',
  blue: '#1e3a8a',
  sky: '#60a5fa',
  ink: '#e2e8f0',
  mute: '#94a3b8',
  dim: '#475569',
  panel: '#111c2e',
  sheet: '#1e293b',
  part: '#334155',
  laser: '#f97316',
  ok: '#22c55e',
  bad: '#ef4444',
};

export const clamp = (x, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, x));
/** Progress of `p` within [a, b], 0 before and 1 after. */
export const seg = (p, a, b) => clamp((p - a) / (b - a));
export const ease = (x) => (x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2);
export const lerp = (a, b, x) => a + (b - a) * x;
export const r1 = (n) => Math.round(n * 10) / 10;

const escapeXml = (s) => String(s).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);

/** A line of text; `font` ZH for Chinese (WenQuanYi has Latin too), EN for English only. */
export function text(x, y, s, { size = 12, fill = C.ink, anchor = 'start', font = EN, weight = 'normal', opacity = 1, spacing = 0 } = {}) {
  if (opacity <= 0) return '';
  return `<text x="${r1(x)}" y="${r1(y)}" font-family="${font}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${spacing ? ` letter-spacing="${spacing}"` : ''}${opacity < 1 ? ` opacity="${r1(opacity * 100) / 100}"` : ''}>${escapeXml(s)}</text>`;
}

export const group = (body, { x = 0, y = 0, opacity = 1, rotate = 0, cx = 0, cy = 0, scale = 1 } = {}) => {
  if (opacity <= 0 || !body) return '';
  const t = [`translate(${r1(x)} ${r1(y)})`];
  if (rotate) t.push(`rotate(${r1(rotate)} ${r1(cx)} ${r1(cy)})`);
  if (scale !== 1) t.push(`translate(${r1(cx)} ${r1(cy)}) scale(${Math.round(scale * 1000) / 1000}) translate(${-r1(cx)} ${-r1(cy)})`);
  return `<g transform="${t.join(' ')}"${opacity < 1 ? ` opacity="${Math.round(opacity * 100) / 100}"` : ''}>${body}</g>`;
};

export const rect = (x, y, w, h, attrs = '') => `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(Math.max(0, w))}" height="${r1(Math.max(0, h))}" ${attrs}/>`;
export const circle = (cx, cy, r, attrs = '') => `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(Math.max(0, r))}" ${attrs}/>`;
export const line = (x1, y1, x2, y2, attrs = '') => `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" ${attrs}/>`;
export const path = (d, attrs = '') => `<path d="${d}" ${attrs}/>`;

/** Stroke attributes that show the first `p` of a path of length `len` (drawn by the laser, as it were). */
export const drawOn = (len, p) => `stroke-dasharray="${r1(len)} ${r1(len + 1)}" stroke-dashoffset="${r1(len * (1 - clamp(p)))}"`;

export const polylineLength = (pts) => pts.slice(1).reduce((sum, [x, y], i) => sum + Math.hypot(x - pts[i][0], y - pts[i][1]), 0);
export const polyline = (pts) => `M${pts.map(([x, y]) => `${r1(x)} ${r1(y)}`).join(' L')}`;

/** The point at fraction `p` along a polyline. */
export function along(pts, p) {
  const total = polylineLength(pts);
  let left = clamp(p) * total;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    const d = Math.hypot(x1 - x0, y1 - y0);
    if (left <= d || i === pts.length - 1) {
      const f = d ? clamp(left / d) : 0;
      return [lerp(x0, x1, f), lerp(y0, y1, f)];
    }
    left -= d;
  }
  return pts[pts.length - 1];
}

/** Closed outline of a rectangle as points, clockwise from the top-left corner. */
export const rectPoints = (x, y, w, h) => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
  [x, y],
];

export const PART = `fill="${C.part}" stroke="${C.ink}" stroke-width="1.5"`;
export const HOLE = `fill="${C.sheet}" stroke="${C.ink}" stroke-width="1.2"`;
export const SHEET = `fill="${C.sheet}" stroke="${C.mute}" stroke-width="1.5"`;

/** A glowing laser head. */
export const laserHead = (x, y, r = 4) =>
  circle(x, y, r * 3.2, `fill="${C.laser}" opacity="0.18"`) + circle(x, y, r * 1.8, `fill="${C.laser}" opacity="0.35"`) + circle(x, y, r, `fill="#fff7ed"`);

/** A mouse pointer whose tip is at (x, y). */
export const cursor = (x, y) =>
  group(path('M0 0 L0 17 L4.5 13 L8 21 L11 19.5 L7.6 11.8 L13 11.8 Z', `fill="#ffffff" stroke="#0f172a" stroke-width="1.2"`), { x, y });

export const check = (x, y, r, color = C.ok) =>
  circle(x, y, r, `fill="${color}"`) +
  path(`M${r1(x - r * 0.45)} ${r1(y)} L${r1(x - r * 0.1)} ${r1(y + r * 0.35)} L${r1(x + r * 0.5)} ${r1(y - r * 0.35)}`, `fill="none" stroke="#fff" stroke-width="${r1(r * 0.22)}" stroke-linecap="round" stroke-linejoin="round"`);

/** A label chip: a rounded box with a short text, for call-outs on the diagrams. */
export function chip(x, y, s, { fill = C.laser, color = '#fff', size = 11, font = ZH, opacity = 1, anchor = 'start' } = {}) {
  if (opacity <= 0) return '';
  const w = [...s].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? size : size * 0.62), 0) + 12;
  const left = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
  return group(rect(left, y - size - 3, w, size + 9, `rx="4" fill="${fill}"`) + text(left + 6, y + 1, s, { size, fill: color, font }), { opacity });
}

/** The nested sheet most lessons reuse, in the 516 x 226 canvas: the sheet and its parts. */
export const NEST = {
  sheet: { x: 16, y: 14, w: 340, h: 198 },
  parts: [
    { kind: 'plate', x: 26, y: 24, w: 110, h: 60, holes: [[20, 30, 8], [90, 30, 8]] },
    { kind: 'plate', x: 142, y: 24, w: 90, h: 60, holes: [[45, 30, 12]] },
    { kind: 'disc', cx: 290, cy: 58, r: 36, holes: [[0, 0, 12]] },
    { kind: 'ell', x: 26, y: 92, w: 80, h: 110, t: 36 },
    { kind: 'plate', x: 112, y: 92, w: 120, h: 46, holes: [[30, 23, 7], [90, 23, 7]] },
    { kind: 'plate', x: 112, y: 144, w: 58, h: 58, holes: [] },
    { kind: 'plate', x: 176, y: 144, w: 56, h: 58, holes: [[28, 29, 10]] },
    { kind: 'disc', cx: 292, cy: 156, r: 44, holes: [[0, 0, 16], [-26, 0, 5], [26, 0, 5]] },
  ],
};

/** The centre of a part, for labels and travel paths. */
export const centreOf = (p) => (p.kind === 'disc' ? [p.cx, p.cy] : p.kind === 'ell' ? [p.x + p.t / 2 + 8, p.y + p.h / 2 + 10] : [p.x + p.w / 2, p.y + p.h / 2]);

/** The outline of a part as points (discs as 32-gons), for the laser to follow. */
export function outlineOf(p) {
  if (p.kind === 'disc') return Array.from({ length: 33 }, (_, i) => [p.cx + p.r * Math.cos((i / 32) * 2 * Math.PI - Math.PI / 2), p.cy + p.r * Math.sin((i / 32) * 2 * Math.PI - Math.PI / 2)]);
  if (p.kind === 'ell') {
    const { x, y, w, h, t } = p;
    return [[x, y], [x + t, y], [x + t, y + h - t], [x + w, y + h - t], [x + w, y + h], [x, y + h], [x, y]];
  }
  return rectPoints(p.x, p.y, p.w, p.h);
}

/** One part, drawn with its holes; `attrs` overrides the outline style. */
export function partShape(p, attrs = PART, holeAttrs = HOLE) {
  if (p.kind === 'disc') return circle(p.cx, p.cy, p.r, attrs) + p.holes.map(([dx, dy, r]) => circle(p.cx + dx, p.cy + dy, r, holeAttrs)).join('');
  if (p.kind === 'ell') return path(`${polyline(outlineOf(p))} Z`, attrs);
  return rect(p.x, p.y, p.w, p.h, `rx="3" ${attrs}`) + p.holes.map(([dx, dy, r]) => circle(p.x + dx, p.y + dy, r, holeAttrs)).join('');
}

export const sheetShape = (s = NEST.sheet) => rect(s.x, s.y, s.w, s.h, `rx="2" ${SHEET}`);

/** A simple progress bar. */
export const bar = (x, y, w, h, p, color = C.sky) => rect(x, y, w, h, `rx="${h / 2}" fill="${C.dim}"`) + rect(x, y, w * clamp(p), h, `rx="${h / 2}" fill="${color}"`);

/** The piece of a polyline between the distances `from` and `to` along it (empty when to <= from). */
export function subPolyline(pts, from, to) {
  if (to <= from) return [];
  const out = [];
  let walked = 0;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    const d = Math.hypot(x1 - x0, y1 - y0);
    const a = clamp((from - walked) / (d || 1));
    const b = clamp((to - walked) / (d || 1));
    if (b > a || (d === 0 && from <= walked && walked <= to)) {
      const start = [lerp(x0, x1, a), lerp(y0, y1, a)];
      if (!out.length) out.push(start);
      out.push([lerp(x0, x1, b), lerp(y0, y1, b)]);
    }
    walked += d;
    if (walked >= to) break;
  }
  return out;
}

/** Points of a circle (or an arc from angle a0 to a1, radians, clockwise on screen), `n` segments. */
export const circlePoints = (cx, cy, r, a0 = -Math.PI / 2, a1 = a0 + 2 * Math.PI, n = 36) =>
  Array.from({ length: n + 1 }, (_, i) => [cx + r * Math.cos(lerp(a0, a1, i / n)), cy + r * Math.sin(lerp(a0, a1, i / n))]);

/** The mock application window's drawing area (its canvas starts at 92, 50), with its grid. */
export function canvasGrid() {
  let s = rect(88, 46, 524, 234, `rx="6" fill="${C.panel}"`);
  for (let x = 100; x < 612; x += 20) s += line(x, 48, x, 278, `stroke="#1b2940" stroke-width="1"`);
  for (let y = 60; y < 280; y += 20) s += line(90, y, 610, y, `stroke="#1b2940" stroke-width="1"`);
  return s;
}
