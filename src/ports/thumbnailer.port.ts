import type { Readable } from 'node:stream';

/** Makes the small picture a conversation shows of a photo, on the server (ADR 0032). */
export interface ThumbnailerPort {
  /**
   * A WebP of the image whose longest side is at most `maxSide` pixels, turned upright by its EXIF
   * orientation and stripped of its metadata (a phone's photo carries where it was taken); null
   * when the bytes do not decode as an image, however their first bytes looked.
   */
  thumbnail(image: Readable, maxSide: number): Promise<Buffer | null>;
}
