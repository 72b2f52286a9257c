import { AspectRatio, Box } from '@chakra-ui/react';

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A poster image (SVG data URL) for a video: the title on a deep blue field under a play mark. */
export function videoPoster(title: string): string {
  const play = `<circle cx="320" cy="156" r="46" fill="none" stroke="#e0e7ff" stroke-width="3"/><path d="M306 134 L342 156 L306 178Z" fill="#e0e7ff"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs>` +
    `<rect width="640" height="360" fill="url(#g)"/>` +
    `<path d="M0 300 L640 240 L640 360 L0 360Z" fill="#1d4ed8" opacity="0.25"/>` +
    `<path d="M420 0 L440 0 L330 360 L310 360Z" fill="#f97316" opacity="0.18"/>` +
    play +
    `<text x="320" y="250" text-anchor="middle" fill="#f8fafc" font-size="24" font-family="system-ui, sans-serif" font-weight="600">${escapeXml(title)}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface VideoPlayerProps {
  title: string;
  /** The video file: every site video has one (domain/shared/site-videos.ts). */
  src: string;
  testId?: string;
}

/** A 16:9 video with its poster. */
export function VideoPlayer({ title, src, testId }: VideoPlayerProps) {
  return (
    <Box position="relative" borderRadius="xl" overflow="hidden" bg="gray.900" boxShadow="md" data-testid={testId}>
      <AspectRatio ratio={16 / 9}>
        <video
          key={src}
          src={src}
          poster={videoPoster(title)}
          controls
          preload="metadata"
          playsInline
          aria-label={title}
          style={{ width: '100%', height: '100%', objectFit: 'cover', background: '#0f172a' }}
        />
      </AspectRatio>
    </Box>
  );
}
