import type { DataOf } from '../../contract/call';
import * as Staff from '../../contract/staff';
import { parseByteRange } from '../../domain/files/file-name.policy';
import { SITE_VIDEO_MAX_BYTES } from '../../domain/shared/site-videos';
import { mapData, refuse } from '../outcome';
import { sendRanged } from '../ranged-answer';
import { defineRoute, type ApiRoute, type GetRoute, type MultipartRoutes } from '../route-kit';
import type { SiteVideoService, SiteVideoView } from '../services/site-video.service';
import { uploadName } from '../upload-name';
import { readingForm } from './knowledge-files.routes';

type SiteVideoWire = DataOf<typeof Staff.GetSiteVideos>[number];

const siteVideoOf = (v: SiteVideoView): SiteVideoWire => ({
  VideoId: v.videoId,
  Replaced: v.replacement !== null,
  Url: v.url,
  Size: v.replacement?.size ?? 0,
  Type: v.replacement?.mediaType ?? '',
  FileName: v.replacement?.fileName ?? '',
  ReplacedBy: v.replacement?.replacedByAccount ?? '',
  ReplacedAt: v.replacement?.replacedAt.toISOString() ?? '',
});

/** `Staff/GetSiteVideos`: the list the console's videos tab shows. */
export function siteVideoRoutes(deps: { siteVideos: SiteVideoService }): ApiRoute[] {
  return [
    defineRoute({
      call: Staff.GetSiteVideos,
      access: 'staff',
      audit: 'read',
      handle: async () => mapData(await deps.siteVideos.list(), (list) => list.map(siteVideoOf)),
    }),
  ];
}

/**
 * `Staff/ReplaceSiteVideo`, multipart, in a context of its own (the staff check runs in onRequest,
 * before a byte of the body is read): the field VideoId, then the file, streamed to the file store.
 */
export function siteVideoUploadRoutes(deps: { siteVideos: SiteVideoService }): MultipartRoutes {
  return {
    multipart: {
      preservePath: true,
      // One byte over the cap, so the file store (which counts as it writes) is the one that refuses.
      limits: { fieldNameSize: 100, fieldSize: 100, fields: 2, files: 1, parts: 3, headerPairs: 50, fileSize: SITE_VIDEO_MAX_BYTES + 1 },
    },
    routes: [
      defineRoute({
        call: Staff.ReplaceSiteVideo,
        access: 'staff',
        // A multipart body: the object is the video the answer names, and its state the file it plays now.
        audit: { object: (_body, data: SiteVideoWire | undefined) => (data ? `site-video:${data.VideoId}` : null) },
        rateLimit: { max: 30, timeWindow: 10 * 60_000 },
        handle: ({ request, caller }) =>
          readingForm(request, async () => {
            let videoId: unknown;
            for await (const part of request.parts()) {
              if (part.type === 'field') {
                if (part.fieldname === 'VideoId') videoId = part.value;
                continue;
              }
              if (videoId === undefined) {
                part.file.resume();
                return refuse('videoIdFirst');
              }
              const outcome = await deps.siteVideos.replace(caller!.userId, videoId, part.file, uploadName(part));
              if (part.file.truncated) return refuse('tooLarge');
              return mapData(outcome, siteVideoOf);
            }
            return refuse('fileRequired');
          }),
      }),
    ],
  };
}

/**
 * `GET /api/SiteVideo/<id>`: what the page plays. A replaced video's file with byte ranges (the
 * type its content showed; revalidated, so a new replacement shows at once); any other goes on
 * to its committed file under /app/videos (a redirect the player follows).
 */
export function siteVideoFileRoute(deps: { siteVideos: SiteVideoService }): GetRoute<{ id: string }> {
  return {
    method: 'GET',
    url: '/api/SiteVideo/:id',
    access: 'public',
    summary: 'A site video (a nest lesson, a video of the service standards, the Plus demo): the file staff put in its place, else a redirect to the committed one',
    tags: ['Staff'],
    params: { type: 'object', properties: { id: { type: 'string', maxLength: 40 } } },
    noHead: true,
    // A player asks for a video in several ranges.
    rateLimit: { max: 1200, timeWindow: 60_000 },
    async handle(request, reply) {
      const found = await deps.siteVideos.current(request.params.id, (size) => parseByteRange(request.headers.range, size));
      reply.header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff');
      if (found.kind === 'unknown') return reply.code(404).send({ code: 404, info: 'There is no such site video', ReturnData: null });
      if (found.kind === 'default') return reply.code(302).header('location', found.location).send();
      const etag = `"${found.record.fileId}"`;
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) {
        found.file?.stream.destroy();
        return reply.code(304).send();
      }
      if (found.range !== 'unsatisfiable') reply.header('content-type', found.record.mediaType).header('content-security-policy', "default-src 'none'; sandbox");
      return sendRanged(reply, found.record.size, found.range, found.file);
    },
  };
}
