// Makes the 15 nest tutorial videos of /nestvideo: public/videos/nest/lesson-NN.mp4.
//
//   node scripts/make-nest-videos.mjs              all 15 (needs ffmpeg with librsvg and libx264:
//                                                  Debian's `apt-get install -y ffmpeg fonts-wqy-zenhei`)
//   node scripts/make-nest-videos.mjs 3 7          only lessons 3 and 7
//   node scripts/make-nest-videos.mjs --stills 3   PNG frames of lesson 3 in .tmp/nest-stills, to look at
//
// Every frame is an SVG drawn here (a title card, then a mock of the nesting software with the
// lesson's animated diagram and a caption in zh and en, then an end card), rendered and encoded
// by ffmpeg. The files are committed, so CI and `npm start` need no ffmpeg; rerun this after
// changing a title in src/ui/service-pages/service-pages.messages.{zh,en}.ts or a scene.
import path from 'node:path';
import { SCENES, TOOLS } from './nest-video-scenes.mjs';
import { C, ZH, canvasGrid, chip, ease, group, lerp, path as svgPath, rect, seg, text } from './nest-video-svg.mjs';
import { FPS, W, backdrop, caption, encodeVideo, endCard, readMessages, root, svgFrame, titleCard, writeStills } from './site-video-kit.mjs';

const OUT_DIR = path.join(root, 'public', 'videos', 'nest');
const SECONDS = 10;
/** Where the mock window's canvas starts; scenes draw in a 516 x 226 box from here. */
const CANVAS = { x: 92, y: 50 };

/** The lesson titles, from the page's own messages so the video and the directory agree. */
function readTitles() {
  const { zh, en } = readMessages('service\\.nestvideo\\.v(\\d+)');
  return Array.from({ length: 15 }, (_, i) => ({ zh: zh[i + 1], en: en[i + 1] }));
}

/** 16 x 16 glyphs of the toolbar, in the order of TOOLS. */
const GLYPHS = [
  'M8 2 V10 M4.5 6.5 L8 10 L11.5 6.5 M3 12 V14 H13 V12',
  'M2 13 L7 4 M9 4 L14 13 M6.5 4 H9.5',
  'M2 14 Q2 8 8 8 H14 M11 5 L14 8 L11 11',
  'M3 3 H13 V13 H3 Z M5.5 5.5 H10.5 V10.5 H5.5 Z',
  'M2 8 H6 M10 8 H14 M6 6 H10 V10 H6 Z',
  'M2 4 H8 V12 H2 Z M8 4 H14 V12 H8 Z',
  'M2 3 H14 V13 H2 Z M9 3 V13 M9 8 H14',
  'M2 2 H7 V7 H2 Z M9 2 H14 V7 H9 Z M2 9 H7 V14 H2 Z M9 9 H14 V14 H9 Z',
  'M3 13 L8 8 L13 3 M3 13 H6 M13 3 V6',
  'M5 3 L13 8 L5 13 Z',
  'M2 3 H14 V11 H2 Z M8 11 V14 M5 14 H11',
  'M4 2 H10 L13 5 V14 H4 Z M6 8 H11 M6 11 H11',
];

function toolbar(active) {
  let s = rect(28, 46, 52, 234, `rx="6" fill="${C.panel}" stroke="#1e293b"`);
  GLYPHS.forEach((d, i) => {
    const y = 52 + i * 19;
    const on = i === active;
    if (on) s += rect(44, y - 1, 20, 18, `rx="4" fill="${C.laser}"`);
    s += group(svgPath(d, `fill="none" stroke="${on ? '#fff' : C.mute}" stroke-width="1.4" stroke-linejoin="round" stroke-linecap="round"`), { x: 46, y, scale: 1 });
  });
  return s;
}

/** One frame of lesson n (1-based) at t seconds. */
function frame(n, titles, t) {
  const scene = SCENES[n - 1];
  const title = titles[n - 1];
  const cardOut = 1 - seg(t, 2.0, 2.5);
  const windowIn = seg(t, 2.0, 2.5);
  const p = seg(t, 2.4, 9.0);
  let body = backdrop();
  if (cardOut > 0) body += group(titleCard('套料软件视频教程 · Nest video tutorials', `第 ${n} 课 · LESSON ${n}`, title, t), { opacity: cardOut });
  if (windowIn > 0) {
    body += group(
      rect(20, 14, 600, 272, `rx="10" fill="${C.night}" stroke="#334155"`) +
        ['#ef4444', '#f59e0b', '#22c55e'].map((c, i) => `<circle cx="${36 + i * 14}" cy="30" r="4.5" fill="${c}"/>`).join('') +
        text(W / 2, 34, `Nest V2.0 · 第 ${n} 课 ${title.zh} · ${title.en}`, { size: 11, fill: C.mute, anchor: 'middle', font: ZH }) +
        toolbar(scene.tool) +
        canvasGrid() +
        group(scene.draw(p), { x: CANVAS.x, y: CANVAS.y }) +
        // the tool's name, over the canvas for the first moments of the lesson
        (scene.tool >= 0 ? chip(84, 52 + scene.tool * 19 + 13, TOOLS[scene.tool], { opacity: 1 - seg(p, 0.18, 0.24), size: 10 }) : ''),
      { opacity: windowIn, y: lerp(8, 0, ease(windowIn)) },
    );
    body += caption(scene.steps, p, windowIn, [scene.switchAt ?? 0.5]);
  }
  const next = titles[n];
  const nextLine = next ? `下一课 Next: ${next.zh} · ${next.en}` : '全部 15 课已完成 · All 15 lessons done';
  body += endCard(`第 ${n} 课完成 · Lesson ${n} complete`, nextLine, t, 9.05);
  return svgFrame(body);
}

const args = process.argv.slice(2);
const titles = readTitles();
if (titles.some((t) => !t.zh || !t.en)) throw new Error('could not read the 15 lesson titles from service-pages.messages.{zh,en}.ts');
if (args[0] === '--stills') {
  for (const a of args.slice(1)) writeStills('nest-stills', `lesson-${a}`, [1.2, 3, 4.5, 6, 7.5, 8.8, 9.8], (t) => frame(Number(a), titles, t));
} else {
  const lessons = args.length ? args.map(Number) : titles.map((_, i) => i + 1);
  for (const n of lessons) encodeVideo(path.join(OUT_DIR, `lesson-${String(n).padStart(2, '0')}.mp4`), SECONDS, (t) => frame(n, titles, t), titles[n - 1].en);
}
