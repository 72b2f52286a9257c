import { Field, Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { RELEASE_PRODUCT_TYPES } from '../../domain/staff/release-publish.machine';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { StaffCard, StaffFileInput, StaffOnlyNote, StaffSelect, StaffUploadForm, UploadProgress } from './staff-parts';
import { useStaffMachines } from './staff-machines';

/** The CAM products' names (DECISIONS 3): product names, the same in both languages. */
const PRODUCT_NAMES: Record<(typeof RELEASE_PRODUCT_TYPES)[number], string> = {
  '0': 'Nest Tube V1.0',
  '1': 'Nest V2.0',
  '2': 'Nest Tube V1.5',
  '3': 'Nest V1.5',
  '4': 'Nest V1.0',
};

/** `/staff/releases`: publish a CAM release (`Cam/PublishRelease`, multipart) with the upload's progress. */
export default function ReleasesTab() {
  const t = useT();
  const { releasePublish } = useStaffMachines();
  const actor = useFreshActor(releasePublish);
  const state = useSelector(actor, (s) => ({ busy: s.hasTag('busy'), ...s.context }));
  if (state.message === 'forbidden') return <StaffOnlyNote />;
  const { draft } = state;
  const edit = (change: Partial<typeof draft>) => actor.send({ type: 'edit', draft: { ...draft, ...change } });
  const error = state.problem ? t(state.problem) : state.message;
  return (
    <StaffCard title={t('staff.releases.title')} intro={t('staff.releases.intro')}>
      <StaffUploadForm
        busy={state.busy}
        onSubmit={() => actor.send({ type: 'submit' })}
        error={error}
        done={state.published && t('staff.releases.published', { version: state.published })}
        submitLabel={t('staff.releases.publish')}
        testIds={{ error: 'release-error', done: 'release-published', submit: 'release-publish' }}
      >
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <StaffSelect
            label={t('staff.releases.product')}
            value={draft.productType}
            options={RELEASE_PRODUCT_TYPES.map((p) => ({ value: p, label: PRODUCT_NAMES[p] }))}
            onChange={(productType) => edit({ productType })}
            testId="release-product"
          />
          <Field.Root>
            <Field.Label>{t('staff.releases.version')}</Field.Label>
            <Input size="sm" value={draft.version} onChange={(e) => edit({ version: e.currentTarget.value })} data-testid="release-version" />
          </Field.Root>
        </SimpleGrid>
        <Field.Root>
          <Field.Label>{t('staff.releases.remark')}</Field.Label>
          <Textarea size="sm" rows={3} value={draft.remark} onChange={(e) => edit({ remark: e.currentTarget.value })} data-testid="release-remark" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('staff.releases.remarkEn')}</Field.Label>
          <Textarea size="sm" rows={3} value={draft.remarkEn} onChange={(e) => edit({ remarkEn: e.currentTarget.value })} data-testid="release-remark-en" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('staff.releases.file')}</Field.Label>
          {/* A publish clears the machine's file: the input empties to match. */}
          <StaffFileInput
            label={t('staff.releases.file')}
            clearedBy={state.published}
            onFile={(file) => actor.send({ type: 'file', file })}
            testId="release-file"
          />
        </Field.Root>
        {state.busy && <UploadProgress loaded={state.loaded} size={state.file?.size ?? 0} testId="release-progress" />}
      </StaffUploadForm>
    </StaffCard>
  );
}
