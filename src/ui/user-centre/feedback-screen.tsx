import { Box, Button, Field, Flex, Grid, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FEEDBACK_PRODUCTS, allowedExtensions, isFeedbackProduct, toChinaWire, type FileSlot } from '../../domain/feedback/feedback-rules';
import type { FeedbackValues } from '../../domain/feedback/feedback-form.machine';
import { NotifierToken, SessionStoreToken } from '../../ports/tokens';
import { TextField } from '../common/form-controls';
import { LazyRichTextEditor } from '../common/lazy-rich-text-editor';
import { PageFrame } from '../common/page-frame';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useLatest } from '../common/use-latest';
import { serverText } from './server-text';
import { useUserCentreMachines } from './user-centre-machines';

/** The largest picture the steps take inline: 1 MB (it travels inside the HTML). */
const STEP_IMAGE_MAX_BYTES = 1024 * 1024;

/** A picture for the steps, inline as a data URL (the server keeps only PNG, JPEG, GIF and WebP ones). */
const asDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

const today = () => toChinaWire(new Date()).slice(0, 10);

/** `/camReport?Product=&Version=` (no login, contact required) and `/userReport` (logged in, name and phone locked). */
function FeedbackForm({ form }: { form: 'cam' | 'user' }) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notifier = useService(NotifierToken);
  const session = useService(SessionStoreToken);
  const machines = useUserCentreMachines();

  // The CAM form needs Product and Version; the user form a login (spec 3 section 5).
  const product = params.get('Product') ?? params.get('product');
  const version = params.get('Version') ?? params.get('version');
  const refusedStart = form === 'cam' ? product === null || version === null : !session.signedIn();
  const current = useLatest({ t, notifier });
  const definition = useMemo(
    () =>
      (form === 'cam' ? machines.camFeedback : machines.userFeedback).provide({
        actions: {
          sent: () => current.current.notifier.success(current.current.t('fb.sent')),
          unsupported: () => current.current.notifier.error(current.current.t('fb.unsupported')),
          uploadFailed: (_, { message }) => current.current.notifier.error(current.current.t('fb.uploadFailed', { info: serverText(current.current.t, message) })),
        },
      }),
    [form, machines],
  );
  const actor = useFreshActor(definition, { input: { product, version, withProfile: !refusedStart } });
  const page = useSelector(actor, (s) => s.context);
  const formActor = useSelector(actor, (s) => s.children.form);
  const snapshot = useSelector(formActor, (s) => s);
  const inputs = { main: useRef<HTMLInputElement>(null), other: useRef<HTMLInputElement>(null) };
  const set = (field: keyof FeedbackValues, value: string) => actor.send({ type: 'form.change', field, value });

  useEffect(() => {
    if (!refusedStart) return;
    notifier.error(t(form === 'cam' ? 'fb.needParams' : 'fb.needLogin'));
    navigate(form === 'cam' ? '/' : '/login', { replace: true });
    // Once per page: the address and the session decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (refusedStart || !snapshot) return null;
  const { values, errors, serverError } = snapshot.context;
  const productId = values.product === '' ? undefined : Number(values.product);
  const productOk = productId !== undefined && isFeedbackProduct(productId);

  const pick = (slot: FileSlot, input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (file) actor.send({ type: 'file.pick', slot, file });
    // The same file may be picked again after a refusal.
    input.value = '';
  };

  const fileSlot = (slot: FileSlot) => {
    const name = slot === 'main' ? values.mainFileName : values.otherFileName;
    const types = productOk ? allowedExtensions(productId, slot).join(', ') : '';
    const problem = page.fileProblems[slot];
    return (
      <Field.Root invalid={problem !== null}>
        <Field.Label>{t(slot === 'main' ? 'fb.mainFile' : 'fb.otherFile')}</Field.Label>
        <Flex gap="2" align="center" wrap="wrap">
          <Button size="sm" variant="outline" disabled={!productOk} loading={page.uploading === slot} onClick={() => inputs[slot].current?.click()} data-testid={`fb-upload-${slot}`}>
            {t('fb.upload')}
          </Button>
          {name && (
            <>
              <Text fontSize="sm" data-testid={`fb-file-${slot}`}>
                {name}
              </Text>
              <Button size="xs" variant="ghost" onClick={() => actor.send({ type: 'file.remove', slot })}>
                {t('fb.remove')}
              </Button>
            </>
          )}
        </Flex>
        {problem && (
          <Field.ErrorText data-testid={`fb-file-problem-${slot}`}>
            {problem.kind === 'unsupported' ? t('fb.unsupported') : t('fb.uploadFailed', { info: serverText(t, problem.message) })}
          </Field.ErrorText>
        )}
        <Field.HelperText>{productOk ? t('fb.fileTypes', { types }) : t('fb.pickProductFirst')}</Field.HelperText>
        <input
          ref={inputs[slot]}
          type="file"
          hidden
          accept={productOk ? allowedExtensions(productId, slot).map((e) => `.${e}`).join(',') : undefined}
          data-testid={`fb-input-${slot}`}
          onChange={(e) => pick(slot, e.currentTarget)}
        />
      </Field.Root>
    );
  };

  const err = (field: keyof FeedbackValues) => (errors[field] ? t(`fb.${errors[field]}`) : undefined);

  return (
    <PageFrame backTo={form === 'cam' ? '/' : '/usercenter'} backLabel={t('fb.back')} width="3xl">
      <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 6 }}>
        <Heading as="h1" size="lg" mb="5">
          {t(form === 'cam' ? 'fb.title.cam' : 'fb.title.user')}
        </Heading>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'form.submit' });
          }}
        >
          <Stack gap="4">
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <Field.Root invalid={!!errors.product} required>
                <Field.Label>
                  {t('fb.product')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root size="lg">
                  <NativeSelect.Field value={values.product} onChange={(e) => set('product', e.currentTarget.value)} data-testid="fb-product">
                    <option value="">{t('fb.productPick')}</option>
                    {FEEDBACK_PRODUCTS.map((p) => (
                      <option key={p.id} value={String(p.id)}>
                        {p.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {errors.product && <Field.ErrorText>{err('product')}</Field.ErrorText>}
              </Field.Root>
              <TextField name="version" label={t('fb.version')} required value={values.version} error={err('version')} onChange={(v) => set('version', v)} />
              <TextField name="userName" label={t('fb.name')} value={values.userName} disabled={form === 'user'} onChange={(v) => set('userName', v)} />
              <TextField name="phone" label={t('fb.phone')} required={form === 'cam'} value={values.phone} disabled={form === 'user'} error={err('phone')} onChange={(v) => set('phone', v)} />
            </Grid>
            <TextField name="title" label={t('fb.titleField')} required value={values.title} error={err('title')} onChange={(v) => set('title', v)} />
            <Field.Root invalid={!!errors.expected} required maxW="xs">
              <Field.Label>
                {t('fb.expected')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input type="date" size="lg" min={today()} value={values.expected} onChange={(e) => set('expected', e.currentTarget.value)} data-testid="fb-expected" />
              {errors.expected && <Field.ErrorText>{err('expected')}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={!!errors.html} required>
              <Field.Label>
                {t('fb.steps')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Box w="full">
                <LazyRichTextEditor
                  key={page.round}
                  label={t('fb.steps')}
                  onChange={(html) => set('html', html)}
                  uploadImage={asDataUrl}
                  imageMaxBytes={STEP_IMAGE_MAX_BYTES}
                  invalid={!!errors.html}
                  minHeight="12rem"
                  testId="fb-steps"
                />
              </Box>
              {errors.html && <Field.ErrorText>{err('html')}</Field.ErrorText>}
            </Field.Root>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              {fileSlot('main')}
              {fileSlot('other')}
            </Grid>
            {serverError && (
              <Text color="red.600" data-testid="fb-error">
                {serverText(t, serverError)}
              </Text>
            )}
            <Button type="submit" colorPalette="blue" size="lg" loading={snapshot.hasTag('busy')} data-testid="fb-submit">
              {t('fb.submit')}
            </Button>
          </Stack>
        </form>
      </Box>
    </PageFrame>
  );
}

export function CamReportPage() {
  return <FeedbackForm form="cam" />;
}

export function UserReportPage() {
  return <FeedbackForm form="user" />;
}
