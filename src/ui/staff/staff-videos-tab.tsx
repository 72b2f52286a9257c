import { Badge, Field, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { SiteVideo } from '../../domain/staff/site-videos.machine';
import { PLUS_DEMO_VIDEO_ID } from '../../domain/shared/site-videos';
import { brand } from '../common/brand';
import { formatDate, formatSize } from '../common/formats';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import { LoadFailed, StaffCard, StaffFileInput, StaffOnlyNote, StaffSelect, StaffUploadForm, UploadProgress } from './staff-parts';
import { StaffTable } from './staff-table';
import { useStaffMachines } from './staff-machines';

type T = ReturnType<typeof useT>;

/** A site video's name as its page shows it: the lesson and its title, the standards' video, the Plus demo. */
export function siteVideoTitle(t: T, videoId: string): string {
  if (videoId === PLUS_DEMO_VIDEO_ID) return t('software.plus.video.label', { brand: brand.name });
  const lesson = /^nest-(\d\d)$/.exec(videoId);
  if (lesson) {
    const n = Number(lesson[1]);
    return `${t('service.nestvideo.lesson', { n })} · ${t(`service.nestvideo.v${n}`)}`;
  }
  return `${t('service.standards.title')} · ${t(`service.standards.video${videoId.slice('standards-'.length)}`)}`;
}

/** `/staff/videos`: the site videos and the file each plays; replace one with an upload (`Staff/ReplaceSiteVideo`) and its progress. */
export default function VideosTab() {
  const t = useT();
  const lang = useLanguage().language;
  const { siteVideos } = useStaffMachines();
  const actor = useFreshActor(siteVideos);
  const state = useSelector(actor, (s) => ({ busy: s.hasTag('busy'), uploading: s.matches('uploading'), value: s.value as string, ...s.context }));
  if (state.value === 'forbidden') return <StaffOnlyNote />;
  const error = state.problem ? t(state.problem) : state.message;
  const playing = (v: SiteVideo) =>
    v.replaced ? (
      <Stack gap="0.5">
        <Badge alignSelf="flex-start" colorPalette="blue" variant="subtle">
          {t('staff.videos.replacement')}
        </Badge>
        <Text fontSize="xs" color="gray.600" wordBreak="break-all">
          {[v.fileName, formatSize(v.size), v.replacedBy, formatDate(v.replacedAt, lang)].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    ) : (
      <Text fontSize="sm" color="gray.600">
        {t('staff.videos.committed')}
      </Text>
    );
  return (
    <StaffCard title={t('staff.videos.title')} intro={t('staff.videos.intro')}>
      <Stack gap="5">
        <StaffUploadForm
          busy={state.busy}
          onSubmit={() => actor.send({ type: 'form.submit' })}
          error={state.value === 'failed' ? '' : error}
          done={state.replaced && t('staff.videos.replaced', { title: siteVideoTitle(t, state.replaced) })}
          submitLabel={t('staff.videos.replace')}
          testIds={{ error: 'video-error', done: 'video-replaced', submit: 'video-replace' }}
        >
          <StaffSelect
            label={t('staff.videos.video')}
            value={state.videoId}
            options={state.videos.map((v) => ({ value: v.videoId, label: siteVideoTitle(t, v.videoId) }))}
            onChange={(videoId) => actor.send({ type: 'video.choose', videoId })}
            testId="video-choice"
          />
          <Field.Root>
            <Field.Label>{t('staff.videos.file')}</Field.Label>
            <StaffFileInput
              label={t('staff.videos.file')}
              accept="video/mp4,video/webm,.mp4,.m4v,.webm"
              clearedBy={state.replaced}
              onFile={(file) => actor.send({ type: 'file.choose', file })}
              testId="video-file"
            />
          </Field.Root>
          {state.uploading && <UploadProgress loaded={state.loaded} size={state.file?.size ?? 0} testId="video-progress" />}
        </StaffUploadForm>
        {state.value === 'failed' && <LoadFailed message={state.message} onRetry={() => actor.send({ type: 'list.reload' })} />}
        <StaffTable
          label={t('staff.videos.title')}
          testId="site-videos"
          rows={state.videos}
          rowKey={(v) => v.videoId}
          rowTestId="site-video-row"
          rowData={(v) => ({ 'data-video': v.videoId, 'data-replaced': v.replaced })}
          columns={[
            { header: t('staff.videos.video'), cell: (v) => siteVideoTitle(t, v.videoId), wrap: true, minWidth: '10rem' },
            { header: t('staff.videos.playing'), cell: playing, wrap: true, minWidth: '10rem' },
            {
              header: t('staff.videos.open'),
              cell: (v) => (
                <Link href={v.url} target="_blank" rel="noopener" color="blue.700" fontSize="sm" aria-label={`${t('staff.videos.open')}: ${siteVideoTitle(t, v.videoId)}`}>
                  {t('staff.videos.open')}
                </Link>
              ),
            },
          ]}
        />
      </Stack>
    </StaffCard>
  );
}
