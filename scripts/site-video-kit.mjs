// What the site's made videos share (scripts/make-nest-videos.mjs, scripts/make-standards-videos.mjs):
// the frame size and rate, the backdrop, the title and end cards, the numbered zh/en caption, the
// page titles read from the service pages' messages, and the ffmpeg encoding of SVG frames.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { C, EN, ZH, check, ease, group, lerp, line, path as svgPath, rect, seg, text } from './nest-video-svg.mjs';

export const root = path.resolve(import.meta.dirname, '..');
export const W = 640;
export const H = 360;
export const FPS = 15;

/** The zh and en values of the message keys `pattern` matches (its group 1 names a key), from an area's message files (the service pages' by default). */
export function readMessages(pattern, messages = 'service-pages/service-pages') {
  const read = (lang) => {
    const source = readFileSync(path.join(root, `src/ui/${messages}.messages.${lang}.ts`), 'utf8');
    return Object.fromEntries([...source.matchAll(new RegExp(`'${pattern}': '([^']*)'`, 'g'))].map((m) => [m[1], m[2]]));
  };
  return { zh: read('zh'), en: read('en') };
}

export function backdrop() {
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.navy}"/><stop offset="1" stop-color="${C.blue}"/></linearGradient></defs>` +
    rect(0, 0, W, H, 'fill="url(#bg)"') +
    svgPath('M0 300 L640 240 L640 360 L0 360Z', 'fill="#1d4ed8" opacity="0.25"') +
    svgPath('M420 0 L440 0 L330 360 L310 360Z', `fill="${C.laser}" opacity="0.14"`)
  );
}

/** The opening card: the series (`series`, top left), the video's number (`kicker`) and its title in zh and en, with a laser line drawn under it. */
export function titleCard(series, kicker, title, t) {
  const a = seg(t, 0, 0.5);
  const rise = lerp(10, 0, ease(a));
  const beam = ease(seg(t, 0.3, 1.7));
  const x2 = lerp(170, 470, beam);
  return (
    text(36, 44, series, { size: 12, fill: C.mute, font: ZH, opacity: a }) +
    group(
      text(W / 2, 124, kicker, { size: 15, fill: C.laser, anchor: 'middle', font: ZH, spacing: 2 }) +
        text(W / 2, 178, title.zh, { size: 38, fill: '#f8fafc', anchor: 'middle', font: ZH }) +
        text(W / 2, 214, title.en, { size: 19, fill: '#c7d2fe', anchor: 'middle', font: EN }),
      { y: rise, opacity: a },
    ) +
    (beam > 0
      ? line(170, 240, x2, 240, `stroke="${C.laser}" stroke-width="3" stroke-linecap="round"`) +
        `<circle cx="${x2.toFixed(1)}" cy="240" r="9" fill="${C.laser}" opacity="0.3"/><circle cx="${x2.toFixed(1)}" cy="240" r="3.5" fill="#fff7ed"/>`
      : '')
  );
}

/**
 * The numbered caption under the picture: `steps` are [zh, en] pairs, each shown from its switch
 * point (`switches`, progress values, one fewer than the steps) to the next, crossfading.
 */
export function caption(steps, p, opacity, switches = [0.5]) {
  let index = switches.findIndex((s) => p < s);
  if (index < 0) index = switches.length;
  const fadeIn = index === 0 ? 1 : seg(p, switches[index - 1], switches[index - 1] + 0.04);
  const fadeOut = index === switches.length ? 1 : 1 - seg(p, switches[index] - 0.04, switches[index]);
  const step = steps[index];
  return group(
    rect(28, 296, 26, 26, `rx="13" fill="${C.laser}"`) +
      text(41, 314, String(index + 1), { size: 13, fill: '#fff', anchor: 'middle', weight: 'bold' }) +
      text(W / 2, 316, step[0], { size: 17, fill: '#f8fafc', anchor: 'middle', font: ZH }) +
      text(W / 2, 340, step[1], { size: 12, fill: '#c7d2fe', anchor: 'middle', font: EN }),
    { opacity: opacity * Math.min(fadeIn, fadeOut) },
  );
}

/** The closing card from `from` seconds: a check, a headline and a line under it. */
export function endCard(headline, subline, t, from) {
  const a = seg(t, from, from + 0.3);
  if (a <= 0) return '';
  return (
    rect(0, 0, W, H, `fill="${C.navy}" opacity="${(0.86 * a).toFixed(2)}"`) +
    group(
      check(W / 2, 140, 26) +
        text(W / 2, 200, headline, { size: 20, fill: '#f8fafc', anchor: 'middle', font: ZH }) +
        text(W / 2, 232, subline, { size: 13, fill: '#c7d2fe', anchor: 'middle', font: ZH }),
      { opacity: a },
    )
  );
}

/** The whole SVG of a frame around its body. */
export const svgFrame = (body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

const ffmpeg = (args) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });

/** Renders `frame(t)` for `seconds` and encodes it to `out` (an MP4); prints its size beside `label`. */
export function encodeVideo(out, seconds, frame, label) {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-video-'));
  try {
    for (let i = 0; i < FPS * seconds; i++) writeFileSync(path.join(dir, `f${String(i).padStart(4, '0')}.svg`), frame(i / FPS));
    mkdirSync(path.dirname(out), { recursive: true });
    // H.264 main profile in MP4 plays in every browser (Safari included); faststart puts the index
    // first so playback and seeking start before the whole file is in; a key frame every 3 s keeps
    // seeking quick; two threads and bitexact flags make a rerun give the same bytes.
    ffmpeg([
      '-framerate', String(FPS), '-i', path.join(dir, 'f%04d.svg'),
      '-c:v', 'libx264', '-preset', 'veryslow', '-tune', 'animation', '-crf', '35', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
      '-g', String(FPS * 3), '-threads', '2', '-an', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact',
      '-movflags', '+faststart', out,
    ]);
    console.log(`${path.relative(root, out)}  ${(statSync(out).size / 1024).toFixed(1)} KB  ${label}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** PNG stills of `frame` at the times given, in .tmp/<folder>, to look at. */
export function writeStills(folder, name, times, frame) {
  const dir = path.join(root, '.tmp', folder);
  mkdirSync(dir, { recursive: true });
  for (const t of times) {
    const svg = path.join(dir, `${name}-${t}.svg`);
    writeFileSync(svg, frame(t));
    ffmpeg(['-i', svg, '-frames:v', '1', svg.replace(/\.svg$/, '.png')]);
    rmSync(svg);
  }
  console.log(`stills of ${name} in ${path.relative(root, dir)}`);
}
