/**
 * The portal's own videos: the 15 nest lessons of `/nestvideo`, the two of `/standards` and the
 * product demo of `/bodorplus`. Each ships as a committed file made by a script
 * (scripts/make-nest-videos.mjs, make-standards-videos.mjs, make-plus-video.mjs) and staff may
 * replace it from the console; the pages play
 * `siteVideoSrc(id)`, which the server answers with the replacement or sends on to the committed
 * file. The rule of an upload (size, kind) is here once, for the console's form and the server.
 */

const pad2 = (n: number) => String(n).padStart(2, '0');

export const NEST_LESSON_COUNT = 15;

/** The Plus introduction's product demo. */
export const PLUS_DEMO_VIDEO_ID = 'plus-demo';

/** Every site video's id, in the console's order: `nest-01`..`nest-15`, `standards-1`, `standards-2`, `plus-demo`. */
export const SITE_VIDEO_IDS: readonly string[] = [...Array.from({ length: NEST_LESSON_COUNT }, (_, i) => `nest-${pad2(i + 1)}`), 'standards-1', 'standards-2', PLUS_DEMO_VIDEO_ID];

export const isSiteVideoId = (id: unknown): id is string => typeof id === 'string' && SITE_VIDEO_IDS.includes(id);

export const nestLessonVideoId = (n: number): string => `nest-${pad2(n)}`;
export const standardsVideoId = (n: 1 | 2): string => `standards-${n}`;

/** The committed file of a video, under the app's base path (public/videos/ in the sources). */
export function defaultVideoFile(id: string): string {
  const lesson = /^nest-(\d\d)$/.exec(id);
  if (lesson) return `/app/videos/nest/lesson-${lesson[1]}.mp4`;
  if (id === PLUS_DEMO_VIDEO_ID) return '/app/videos/plus/demo.mp4';
  return `/app/videos/standards/video-${id.slice('standards-'.length)}.mp4`;
}

/** Where a page plays a video: the server answers its current file (the replacement, else the committed one). */
export const siteVideoSrc = (id: string): string => `/api/SiteVideo/${id}`;

/** The largest replacement staff may upload. */
export const SITE_VIDEO_MAX_BYTES = 100 * 1024 * 1024;

/** The kinds a replacement may be, by the type its content shows (never its name), and the extension each is served with. */
export const SITE_VIDEO_TYPES: Readonly<Record<string, string>> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };

export type SiteVideoFileProblem = 'empty' | 'tooLarge' | 'notAVideo';

/**
 * What is wrong with a file chosen to replace a video, as far as its name and size tell (the
 * console says it before sending); the server checks the size the same way and the kind by content.
 */
export function siteVideoFileProblem(file: { readonly name: string; readonly size: number }): SiteVideoFileProblem | null {
  if (file.size <= 0) return 'empty';
  if (file.size > SITE_VIDEO_MAX_BYTES) return 'tooLarge';
  if (!/\.(mp4|m4v|webm)$/i.test(file.name)) return 'notAVideo';
  return null;
}
