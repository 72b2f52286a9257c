// Makes the product demo of the Plus introduction page (/bodorplus): public/videos/plus/demo.mp4.
//
//   node scripts/make-plus-video.mjs            the video (ffmpeg and fonts as for make-nest-videos.mjs)
//   node scripts/make-plus-video.mjs --stills   PNG frames in .tmp/plus-stills
//
// Drawn as the nest lessons are (scripts/site-video-kit.mjs): a title card, then the page's four
// features one after another in the mock application window, each shown with the nest lessons'
// diagram of the same work, captioned with the feature's title from the software messages, and an
// end card. The product's brand is set per deployment, so the video says "Plus" only.
import path from 'node:path';
import { SCENES } from './nest-video-scenes.mjs';
import { C, ZH, canvasGrid, ease, group, lerp, rect, seg, text } from './nest-video-svg.mjs';
import { W, backdrop, caption, encodeVideo, endCard, readMessages, root, svgFrame, titleCard, writeStills } from './site-video-kit.mjs';

const OUT = path.join(root, 'public', 'videos', 'plus', 'demo.mp4');
const SECONDS = 14;
/** Where the mock window's canvas starts; the lessons' scenes draw in a 516 x 226 box from here. */
const CANVAS = { x: 92, y: 50 };
/** The lesson whose diagram shows each feature: repair (drawings), kerf (the process library), report (statistics), sending code (remote work). */
const FEATURE_SCENES = [3, 5, 14, 13];
const SWITCHES = [0.25, 0.5, 0.75];

const m = readMessages('software\\.plus\\.(feature\\d\\.title)', 'software/software');
const features = [1, 2, 3, 4].map((n) => [m.zh[`feature${n}.title`], m.en[`feature${n}.title`]]);
if (features.some(([zh, en]) => !zh || !en)) throw new Error('could not read the Plus features from software.messages.{zh,en}.ts');

/** The feature list down the window's left side, the current one lit. */
function featureRail(current) {
  return [1, 2, 3, 4]
    .map((n, i) => {
      const on = i === current;
      const y = 60 + i * 52;
      return rect(30, y, 48, 40, `rx="6" fill="${on ? C.laser : C.panel}" stroke="${on ? C.laser : '#1e293b'}"`) + text(54, y + 26, String(n), { size: 16, fill: on ? '#fff' : C.mute, anchor: 'middle', weight: 'bold' });
    })
    .join('');
}

function frame(t) {
  const cardOut = 1 - seg(t, 2.0, 2.5);
  const windowIn = seg(t, 2.0, 2.5);
  const p = seg(t, 2.4, SECONDS - 1);
  const current = Math.min(3, Math.floor(p * 4));
  const local = seg(p, current / 4, (current + 1) / 4);
  // each feature fades in, and out before the next (the last stays for the end card)
  const fade = current === 3 ? seg(local, 0, 0.06) : Math.min(seg(local, 0, 0.06), 1 - seg(local, 0.94, 1));
  let body = backdrop();
  if (cardOut > 0) body += group(titleCard('Plus · 产品演示视频 · Product demo', '从图纸到成品 · FROM DRAWING TO PART', { zh: 'Plus 产品演示', en: 'Plus product demo' }, t), { opacity: cardOut });
  if (windowIn > 0) {
    body += group(
      rect(20, 14, 600, 272, `rx="10" fill="${C.night}" stroke="#334155"`) +
        ['#ef4444', '#f59e0b', '#22c55e'].map((c, i) => `<circle cx="${36 + i * 14}" cy="30" r="4.5" fill="${c}"/>`).join('') +
        text(W / 2, 34, `Plus · ${features[current][0]} · ${features[current][1]}`, { size: 11, fill: C.mute, anchor: 'middle', font: ZH }) +
        featureRail(current) +
        canvasGrid() +
        group(SCENES[FEATURE_SCENES[current]].draw(local), { x: CANVAS.x, y: CANVAS.y, opacity: fade }),
      { opacity: windowIn, y: lerp(8, 0, ease(windowIn)) },
    );
    body += caption(features, p, windowIn, SWITCHES);
  }
  body += endCard('Plus · 一套软件，从图纸到成品', 'One application from drawing to finished part', t, SECONDS - 0.95);
  return svgFrame(body);
}

if (process.argv[2] === '--stills') writeStills('plus-stills', 'demo', [1.2, 4, 6.5, 9.5, 12, 13.6], frame);
else encodeVideo(OUT, SECONDS, frame, 'Plus product demo');
