import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { ThumbnailerPort } from '../../ports/thumbnailer.port';

/**
 * Pixels an image may decode to: a 10 MB file can claim 60,000 x 60,000 pixels (a decompression
 * bomb, 14 GB of memory); a phone's 200-megapixel photo is within it.
 */
const MAX_INPUT_PIXELS = 200_000_000;

/** The thumbnailer on sharp (libvips): the image streamed in, one WebP out. */
export class SharpThumbnailer implements ThumbnailerPort {
  async thumbnail(image: Readable, maxSide: number): Promise<Buffer | null> {
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
