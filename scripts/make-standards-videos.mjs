// Makes the two videos of /standards: public/videos/standards/video-1.mp4 (production and testing)
// and video-2.mp4 (the worldwide service network).
//
//   node scripts/make-standards-videos.mjs              both (ffmpeg and fonts as for make-nest-videos.mjs)
//   node scripts/make-standards-videos.mjs 2            only video 2
//   node scripts/make-standards-videos.mjs --stills 1   PNG frames of video 1 in .tmp/standards-stills
//
// Drawn as the nest lessons are (scripts/site-video-kit.mjs): a title card, an animated diagram of
// the page's claims with captions in zh and en, an end card. The titles, captions and figures are
// the page's own messages (service.standards.*), so the video says what the page says; rerun this
// after changing them. The files are committed; staff may replace either from the console.
import path from 'node:path';
import { C, ZH, bar, chip, circle, circlePoints, check, clamp, drawOn, ease, group, laserHead, lerp, line, path as svgPath, polyline, polylineLength, rect, seg, text } from './nest-video-svg.mjs';
import { W, backdrop, caption, encodeVideo, endCard, readMessages, root, svgFrame, titleCard, writeStills } from './site-video-kit.mjs';

const OUT_DIR = path.join(root, 'public', 'videos', 'standards');
const SECONDS = 12;
const SWITCHES = [0.36, 0.68];

const zhEn = (m, key) => [m.zh[key], m.en[key]];
/** `60+ 个服务网点` / `60+ service points`. */
const figure = (m, value, key) => [`${value} ${m.zh[`figure.${key}`]}`, `${value} ${m.en[`figure.${key}`]}`];

/** A stage of the diagram: shown from its fade-in to its fade-out, as the captions switch. */
const stage = (p, from, to) => Math.min(from <= 0 ? 1 : seg(p, from - 0.02, from + 0.02), to >= 1 ? 1 : 1 - seg(p, to - 0.02, to + 0.02));

/** A ring filled to `q` (0..1) around (cx, cy). */
const ring = (cx, cy, r, q, color) =>
  circle(cx, cy, r, `fill="none" stroke="${C.dim}" stroke-width="8"`) +
  (q > 0 ? svgPath(polyline(circlePoints(cx, cy, r, -Math.PI / 2, -Math.PI / 2 + 2 * Math.PI * clamp(q), 48)), `fill="none" stroke="${color}" stroke-width="8" stroke-linecap="round"`) : '');

/** Video 1, stage 1: the machine passes design, production, testing and delivery on one line. */
function line4(p) {
  const stations = [
    { zh: '设计', en: 'Design', icon: 'M-14 10 L10 -14 L14 -10 L-10 14 Z M-14 10 L-16 16 L-10 14' },
    { zh: '生产', en: 'Production', icon: 'M-12 -12 H12 V12 H-12 Z M-6 -6 H6 V6 H-6 Z M0 -16 V-12 M0 12 V16 M-16 0 H-12 M12 0 H16' },
    { zh: '测试', en: 'Testing', icon: 'M-16 8 A16 16 0 0 1 16 8 M0 8 L8 -6' },
    { zh: '交付', en: 'Delivery', icon: 'M-16 -8 H6 V8 H-16 Z M6 -2 H13 L16 3 V8 H6 M-10 12 A3 3 0 1 0 -10 11.9 M10 12 A3 3 0 1 0 10 11.9' },
  ];
  const run = ease(seg(p, 0.02, 0.3));
  const mx = lerp(56, 584, run);
  let body = line(48, 226, 592, 226, `stroke="${C.dim}" stroke-width="4" stroke-linecap="round"`);
  for (let x = 60; x < 592; x += 24) body += circle(x, 226, 3, `fill="${C.panel}" stroke="${C.mute}"`);
  stations.forEach((s, i) => {
    const cx = 110 + i * 140;
    const lit = mx >= cx - 20;
    body += rect(cx - 56, 96, 112, 86, `rx="10" fill="${lit ? '#1e3a8a' : C.panel}" stroke="${lit ? C.laser : C.dim}" stroke-width="2"`);
    body += group(svgPath(s.icon, `fill="none" stroke="${lit ? '#fff' : C.mute}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"`), { x: cx, y: 124 });
    body += text(cx, 160, s.zh, { size: 14, fill: '#f8fafc', anchor: 'middle', font: ZH });
    body += text(cx, 175, s.en, { size: 10, fill: '#c7d2fe', anchor: 'middle' });
    if (i < 3) body += svgPath(`M${cx + 60} 139 L${cx + 78} 139 M${cx + 72} 133 L${cx + 78} 139 L${cx + 72} 145`, `fill="none" stroke="${lit ? C.laser : C.dim}" stroke-width="2"`);
  });
  body += rect(mx - 18, 200, 36, 20, `rx="3" fill="${C.sky}"`) + rect(mx - 4, 194, 8, 6, `fill="${C.ink}"`);
  const bracket = seg(p, 0.26, 0.3);
  if (bracket > 0) {
    body += group(svgPath('M54 84 V72 H586 V84', `fill="none" stroke="${C.laser}" stroke-width="2"`) + chip(320, 76, '一体化 Integrated', { anchor: 'middle' }), { opacity: bracket });
  }
  return body;
}

/** Video 1, stage 2: a 24-hour laser test; the clock fills while the power stays level. */
function lightTest(p) {
  const q = ease(seg(p, 0.4, 0.64));
  let body = rect(56, 72, 110, 120, `rx="8" fill="${C.panel}" stroke="${C.mute}" stroke-width="1.5"`);
  body += text(111, 96, '激光器', { size: 13, fill: '#f8fafc', anchor: 'middle', font: ZH }) + text(111, 112, 'Laser source', { size: 10, fill: '#c7d2fe', anchor: 'middle' });
  body += bar(70, 160, 82, 8, 1, C.ok);
  const flicker = 0.75 + 0.25 * Math.sin(p * 400);
  body += line(166, 132, 318, 132, `stroke="${C.laser}" stroke-width="3" opacity="${(flicker * 0.9).toFixed(2)}"`) + laserHead(318, 132, 3);
  body += rect(318, 112, 26, 40, `rx="4" fill="${C.dim}"`);
  // the power over the test: level, drawn as the hours pass
  const pts = Array.from({ length: 41 }, (_, i) => [60 + i * 7, 236 - 3 * Math.sin(i * 1.7) * Math.cos(i * 0.6)]);
  body += text(60, 212, '功率 Power', { size: 10, fill: C.mute, font: ZH }) + line(60, 236, 340, 236, `stroke="${C.dim}" stroke-dasharray="3 3"`);
  body += svgPath(polyline(pts), `fill="none" stroke="${C.sky}" stroke-width="2" ${drawOn(polylineLength(pts), q)}`);
  body += ring(470, 148, 62, q, C.laser);
  body += text(470, 154, `${Math.round(q * 24)} h`, { size: 30, fill: '#f8fafc', anchor: 'middle', weight: 'bold' });
  body += text(470, 176, '连续出光 Continuous', { size: 10, fill: '#c7d2fe', anchor: 'middle', font: ZH });
  if (q >= 1) body += group(check(540, 90, 14), { opacity: seg(p, 0.64, 0.66) });
  return body;
}

/** Video 1, stage 3: 90-odd test cuts fill a sheet; the mean time between failures counts up. */
function cutTests(p) {
  const q = ease(seg(p, 0.71, 0.94));
  const shown = Math.floor(q * 92);
  let body = rect(52, 60, 304, 190, `rx="3" fill="${C.sheet}" stroke="${C.mute}" stroke-width="1.5"`);
  for (let i = 0; i < shown; i++) {
    const x = 68 + (i % 12) * 24;
    const y = 74 + Math.floor(i / 12) * 22;
    const kind = i % 3;
    const attrs = `fill="${C.night}" stroke="${i === shown - 1 ? C.laser : C.ink}" stroke-width="1.2"`;
    body += kind === 0 ? circle(x + 6, y + 6, 6, attrs) : kind === 1 ? rect(x, y, 12, 12, `rx="1" ${attrs}`) : rect(x - 2, y + 3, 16, 6, `rx="3" ${attrs}`);
  }
  if (shown > 0 && shown < 92) {
    const i = shown - 1;
    body += laserHead(68 + (i % 12) * 24 + 6, 74 + Math.floor(i / 12) * 22 + 6, 3);
  }
  body += chip(204, 274, `切割测试 Cutting tests: ${shown >= 90 ? '90+' : shown}`, { anchor: 'middle', fill: shown >= 90 ? C.ok : C.laser });
  const hours = Math.round(ease(seg(p, 0.74, 0.96)) * 45000);
  body += rect(384, 84, 212, 128, `rx="10" fill="${C.panel}" stroke="${C.dim}"`);
  body += text(490, 112, '平均无故障时间', { size: 13, fill: '#f8fafc', anchor: 'middle', font: ZH }) + text(490, 128, 'Mean time between failures', { size: 10, fill: '#c7d2fe', anchor: 'middle' });
  body += text(490, 172, `> ${hours.toLocaleString('en-US')} h`, { size: 28, fill: C.laser, anchor: 'middle', weight: 'bold' });
  body += bar(404, 190, 172, 8, hours / 45000, C.ok);
  return body;
}

/** The continents as ellipses in a 520 x 230 map (x east, y south), for the dotted world map. */
const LAND = [
  [110, 60, 62, 34], [140, 100, 30, 22], [172, 162, 24, 44], [266, 56, 26, 17], [278, 128, 32, 46],
  [352, 62, 74, 34], [392, 104, 34, 20], [442, 172, 28, 15], [196, 30, 16, 10],
];
const MAP = { x: 40, y: 64, scale: 0.72 };
const onLand = (x, y) => LAND.some(([cx, cy, rx, ry]) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1);
const LAND_DOTS = [];
for (let y = 4; y < 230; y += 9) for (let x = 4; x < 520; x += 9) if (onLand(x, y)) LAND_DOTS.push([MAP.x + x * MAP.scale, MAP.y + y * MAP.scale]);
/** A fixed pseudo-random pick, so every run draws the same points. */
const picked = (n, seed) => {
  let s = seed;
  const out = [];
  while (out.length < n) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const dot = LAND_DOTS[s % LAND_DOTS.length];
    if (!out.includes(dot)) out.push(dot);
  }
  return out;
};
const POINTS = picked(62, 7);
const HQ = [MAP.x + 378 * MAP.scale, MAP.y + 84 * MAP.scale];
const REACH = picked(14, 91);

function worldMap(dim) {
  return LAND_DOTS.map(([x, y]) => circle(x, y, 1.6, `fill="${C.mute}" opacity="${(0.55 * dim).toFixed(2)}"`)).join('');
}

/** A counter on the right of the map: a value growing to its figure, and its label. */
const counter = (y, value, label, q) =>
  group(text(428, y, value, { size: 26, fill: C.laser, weight: 'bold' }) + text(428, y + 18, label[0], { size: 12, fill: '#f8fafc', font: ZH }) + text(428, y + 32, label[1], { size: 10, fill: '#c7d2fe' }), { opacity: q });

const grow = (figureText, q) => {
  const n = Number.parseInt(figureText, 10);
  return q >= 1 ? figureText : `${Math.round(n * q)}`;
};

/** Video 2: the map with the service points, the reach from the head office, then a 30-minute response. */
function network(p, m) {
  const a = stage(p, 0, 0.36);
  const b = stage(p, 0.36, 0.68);
  const c = stage(p, 0.68, 1);
  let body = worldMap(c > 0 ? 1 - 0.5 * c : 1);
  // the service points stay on the map throughout
  const popped = Math.floor(ease(seg(p, 0.03, 0.28)) * POINTS.length);
  body += POINTS.slice(0, popped).map(([x, y], i) => circle(x, y, i === popped - 1 ? 4.5 : 3, `fill="${C.laser}"`)).join('');
  if (a > 0) {
    const q = ease(seg(p, 0.03, 0.28));
    body += group(counter(104, `${grow('60+', q)}`, [m.zh['figure.points'], m.en['figure.points']], 1) + counter(178, `${grow('600+', q)}`, [m.zh['figure.cities'], m.en['figure.cities']], 1), { opacity: a });
  }
  if (b > 0) {
    const q = ease(seg(p, 0.38, 0.62));
    let arcs = '';
    REACH.forEach(([x, y], i) => {
      const d = clamp(q * REACH.length - i);
      if (d <= 0) return;
      const mid = [(HQ[0] + x) / 2, Math.min(HQ[1], y) - 30];
      const pts = Array.from({ length: 21 }, (_, k) => {
        const u = k / 20;
        return [(1 - u) ** 2 * HQ[0] + 2 * (1 - u) * u * mid[0] + u * u * x, (1 - u) ** 2 * HQ[1] + 2 * (1 - u) * u * mid[1] + u * u * y];
      });
      arcs += svgPath(polyline(pts), `fill="none" stroke="${C.sky}" stroke-width="1.4" ${drawOn(polylineLength(pts), d)}`);
    });
    body += group(arcs + circle(HQ[0], HQ[1], 7, `fill="#fff7ed" stroke="${C.laser}" stroke-width="3"`) + chip(HQ[0] + 10, HQ[1] - 10, '总部 HQ', { size: 10 }), { opacity: b });
    body += group(counter(104, grow('180+', q), [m.zh['figure.countries'], m.en['figure.countries']], 1) + counter(178, grow('300+', q), [m.zh['figure.engineers'], m.en['figure.engineers']], 1), { opacity: b });
  }
  if (c > 0) {
    // a report in Europe, the nearest engineer on the way, and the response clock
    const customer = [MAP.x + 262 * MAP.scale, MAP.y + 58 * MAP.scale];
    const engineer = [MAP.x + 284 * MAP.scale, MAP.y + 78 * MAP.scale];
    const go = ease(seg(p, 0.74, 0.92));
    const minutes = Math.round(go * 18);
    body += group(
      circle(customer[0], customer[1], 8 + 6 * seg(p, 0.7, 0.74), `fill="${C.bad}" opacity="0.3"`) +
        circle(customer[0], customer[1], 5, `fill="${C.bad}"`) +
        chip(customer[0] - 12, customer[1] - 12, '报修 Report', { size: 10, fill: C.bad, anchor: 'end' }) +
        line(engineer[0], engineer[1], lerp(engineer[0], customer[0], go), lerp(engineer[1], customer[1], go), `stroke="${C.ok}" stroke-width="2" stroke-dasharray="4 3"`) +
        circle(lerp(engineer[0], customer[0], go), lerp(engineer[1], customer[1], go), 5, `fill="${C.ok}"`) +
        ring(506, 140, 54, go * (18 / 30), C.ok) +
        text(506, 146, `${minutes} min`, { size: 22, fill: '#f8fafc', anchor: 'middle', weight: 'bold' }) +
        text(506, 166, '≤ 30 min', { size: 11, fill: '#c7d2fe', anchor: 'middle' }) +
        (go >= 1
          ? group(check(470, 228, 12) + text(488, 226, m.zh['response.title'], { size: 11, fill: '#f8fafc', font: ZH }) + text(488, 240, m.en['response.title'], { size: 10, fill: '#c7d2fe' }), { opacity: seg(p, 0.92, 0.95) })
          : ''),
      { opacity: c },
    );
  }
  return body;
}

/** The two videos: their diagram, captions and end card, all from the page's messages. */
function videos(m) {
  return [
    {
      draw: (p) => group(line4(p), { opacity: stage(p, 0, 0.36) }) + group(lightTest(p), { opacity: stage(p, 0.36, 0.68) }) + group(cutTests(p), { opacity: stage(p, 0.68, 1) }),
      steps: [zhEn(m, 'claim.integrated'), zhEn(m, 'claim.light'), [`${m.zh['claim.cutting']} · ${m.zh['claim.mtbf']}`, `${m.en['claim.cutting']} · ${m.en['claim.mtbf']}`]],
      end: [`${m.zh['warranty.title']} · ${m.en['warranty.title']}`, `${m.zh.title} · ${m.en.title}`],
    },
    {
      draw: (p) => network(p, m),
      steps: [
        [`${figure(m, '60+', 'points')[0]} · ${figure(m, '600+', 'cities')[0]}`, `${figure(m, '60+', 'points')[1]} · ${figure(m, '600+', 'cities')[1]}`],
        [`${figure(m, '180+', 'countries')[0]} · ${figure(m, '300+', 'engineers')[0]}`, `${figure(m, '180+', 'countries')[1]} · ${figure(m, '300+', 'engineers')[1]}`],
        zhEn(m, 'response.body'),
      ],
      end: [`${m.zh['response.title']} · ${m.en['response.title']}`, `${m.zh.title} · ${m.en.title}`],
    },
  ];
}

/** One frame of video n (1-based) at t seconds. */
function frame(n, m, t) {
  const video = videos(m)[n - 1];
  const title = { zh: m.zh[`video${n}`], en: m.en[`video${n}`] };
  const cardOut = 1 - seg(t, 2.0, 2.5);
  const panelIn = seg(t, 2.0, 2.5);
  const p = seg(t, 2.4, SECONDS - 1);
  let body = backdrop();
  if (cardOut > 0) body += group(titleCard(`${m.zh.title} · ${m.en.title}`, `视频 ${n} · VIDEO ${n}`, title, t), { opacity: cardOut });
  if (panelIn > 0) {
    body += group(
      rect(20, 14, 600, 272, `rx="10" fill="${C.night}" stroke="#334155"`) +
        text(W / 2, 34, `${m.zh.title} · ${title.zh} · ${title.en}`, { size: 11, fill: C.mute, anchor: 'middle', font: ZH }) +
        video.draw(p),
      { opacity: panelIn, y: lerp(8, 0, ease(panelIn)) },
    );
    body += caption(video.steps, p, panelIn, SWITCHES);
  }
  body += endCard(video.end[0], video.end[1], t, SECONDS - 0.95);
  return svgFrame(body);
}

const m = readMessages('service\\.standards\\.([\\w.]+)');
const needed = ['title', 'video1', 'video2', 'claim.integrated', 'claim.light', 'claim.cutting', 'claim.mtbf', 'warranty.title', 'response.title', 'response.body', 'figure.points', 'figure.cities', 'figure.countries', 'figure.engineers'];
if (needed.some((k) => !m.zh[k] || !m.en[k])) throw new Error('could not read the standards texts from service-pages.messages.{zh,en}.ts');
const args = process.argv.slice(2);
if (args[0] === '--stills') {
  for (const a of args.slice(1)) writeStills('standards-stills', `video-${a}`, [1.2, 3.5, 5, 6.5, 8, 9.5, 10.8, 11.6], (t) => frame(Number(a), m, t));
} else {
  for (const n of args.length ? args.map(Number) : [1, 2]) encodeVideo(path.join(OUT_DIR, `video-${n}.mp4`), SECONDS, (t) => frame(n, m, t), m.en[`video${n}`]);
}
