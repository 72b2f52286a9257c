import type { Readable } from 'node:stream';
import type { ThumbnailerPort } from '../../ports/thumbnailer.port';

/**
 * Pixels an image may decode to: a 10 MB file can claim 60,000 x 60,000 pixels (a decompression
 * bomb, 14 GB of memory); a phone's 200-megapixel photo is within it.
 */
const MAX_INPUT_PIXELS = 200_000_000;

/**
 * sharp and its libvips, loaded with the first photo rather than with the server: a restart after a
 * crash should not wait for a native library most of its calls never use. A platform without its
 * prebuilt package fails here, as our error (500, logged with sharp's words), not as a bad photo.
 */
let loading: Promise<typeof import('sharp')> | null = null;
const loadSharp = () => (loading ??= import('sharp').then((m) => m.default));

/** The thumbnailer on sharp (libvips): the image streamed in, one WebP out. */
export class SharpThumbnailer implements ThumbnailerPort {
  async thumbnail(image: Readable, maxSide: number): Promise<Buffer | null> {
    const sharp = await loadSharp().catch((error: unknown) => {
      image.destroy();
      loading = null;
      throw error;
    });
    const transform = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 });
    // A file that cannot be read ends the transform with its error instead of leaving it waiting.
    image.once('error', (error) => transform.destroy(error));
    // libvips' refusals (not an image after all, cut short, too many pixels) also reach the transform's
    // 'error' event; toBuffer answers them as its rejection, so the listener only keeps them from being unhandled.
    transform.on('error', () => {});
    image.pipe(transform);
    try {
      const thumb = await transform.toBuffer();
      return thumb.length ? thumb : null;
    } catch {
      return null;
    } finally {
      image.destroy();
    }
  }
}
