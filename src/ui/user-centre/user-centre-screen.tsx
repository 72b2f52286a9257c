import { ScrollRegion } from '../common/scroll-region';
import {
  Avatar,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Drawer,
  Fieldset,
  Flex,
  Grid,
  GridItem,
  Heading,
  Input,
  Link,
  Portal,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { FEEDBACK_PRODUCTS } from '../../domain/feedback/feedback-rules';
import { questionTag, canUrge } from '../../domain/feedback/question-rules';
import type { Question } from '../../domain/feedback/questions.machine';
import type { ProfileValues } from '../../domain/accounts/profile-form.machine';
import type { areaCascadeMachine } from '../../domain/accounts/area-cascade.machine';
import { AREA_LEVELS, type AreaLevel } from '../../domain/accounts/area-levels';
import type { ActorRefFrom } from 'xstate';
import { SearchableSelect } from '../common/searchable-select';
import { NotifierToken } from '../../ports/tokens';
import { UserCentreApiToken } from '../../ports/api-tokens';
import type { CentreProfile } from '../../ports/user-centre-api.port';
import { CodeButton, TextField } from '../common/form-controls';
import { PageFrame } from '../common/page-frame';
import { saveFile } from '../common/save-file';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useDeferredModule } from '../common/deferred-module';
import { useLanguage, useT } from '../i18n/language-context';
import { serverText } from './server-text';
import { purifyModule, sanitizeStepsHtml } from './safe-html';
import { useUserCentreMachines } from './user-centre-machines';

/** A card of the user centre. */
function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    // minW 0: a grid item is otherwise as wide as its longest unbreakable line (a long e-mail), wider than a phone.
    <Box as="section" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 6 }} minW="0" data-testid={testId}>
      <Heading as="h2" size="md" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** A wire time (ISO or +08:00) as a day, '' stays ''. */
const day = (value: string) => (value ? value.slice(0, 10) : '—');
const dayTime = (value: string) => (value ? value.slice(0, 16).replace('T', ' ') : '—');

/**
 * `/usercenter` (spec 2): about me with the avatar, the loyalty level, the service centre links,
 * the profile form, the change-email dialog, the question list with its drawer and the warranty table.
 */
export default function UserCentreScreen() {
  const t = useT();
  const api = useService(UserCentreApiToken);
  const notifier = useService(NotifierToken);
  const [profile, setProfile] = useState<CentreProfile | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);

  const loadProfile = useCallback(async () => {
    const answer = await api.getProfile().catch(() => null);
    if (answer?.kind === 'profile') setProfile(answer.profile);
  }, [api]);
  useEffect(() => {
    void loadProfile();
  }, [loadProfile]);

  return (
    <PageFrame backTo="/index" backLabel={t('uc.back')} width="6xl">
      <Heading as="h1" size="xl" mb="5">
        {t('uc.title')}
      </Heading>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' }} gap="5" mb="5">
        <AboutMe profile={profile} onChanged={loadProfile} onChangeEmail={() => setEmailOpen(true)} notify={notifier} />
        <LoyaltyCard />
        <Card title={t('uc.service.title')} testId="uc-service">
          <Stack gap="2">
            <Link asChild color="blue.600">
              <RouterLink to="/policy">{t('uc.service.policy')}</RouterLink>
            </Link>
            <Link asChild color="blue.600">
              <RouterLink to="/standards">{t('uc.service.standards')}</RouterLink>
            </Link>
            <Link href={`${import.meta.env.BASE_URL.replace(/\/$/, '')}/userReport`} target="_blank" rel="noopener" color="blue.600" data-testid="uc-new-question">
              {t('uc.service.newQuestion')}
            </Link>
          </Stack>
        </Card>
      </Grid>
      <Stack gap="5">
        {profile && <ProfileCard key={profile.userId + profile.realName} profile={profile} onSaved={loadProfile} />}
        <QuestionsCard />
        <WarrantyCard />
      </Stack>
      {emailOpen && (
        <EmailDialog
          onClose={() => setEmailOpen(false)}
          onChanged={() => {
            setEmailOpen(false);
            notifier.success(t('uc.email.done'));
            void loadProfile();
          }}
        />
      )}
    </PageFrame>
  );
}

function AboutMe(props: { profile: CentreProfile | null; onChanged: () => void; onChangeEmail: () => void; notify: { success(t: string): void; error(t: string): void } }) {
  const t = useT();
  const api = useService(UserCentreApiToken);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  // The share of the avatar sent (0 to 100) while it uploads, from the upload port's progress.
  const [sent, setSent] = useState(0);
  const p = props.profile;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type) || file.size > 2 * 1024 * 1024) {
      props.notify.error(t('uc.about.avatarType'));
      return;
    }
    setSent(0);
    setUploading(true);
    const answer = await api.uploadAvatar(file, (share) => setSent(Math.round(share * 100))).catch(() => null);
    setUploading(false);
    if (input.current) input.current.value = '';
    if (answer?.kind === 'uploaded') {
      props.notify.success(t('uc.about.avatarDone'));
      props.onChanged();
    } else if (answer) props.notify.error(t('uc.about.avatarFailed', { info: serverText(t, answer.message) }));
  };
  return (
    <Card title={t('uc.about.title')} testId="uc-about">
      <Flex gap="4" align="center">
        <Avatar.Root size="2xl">
          {p?.avatarUrl ? <Avatar.Image src={p.avatarUrl} alt="" data-testid="uc-avatar-image" /> : null}
          <Avatar.Fallback name={p?.realName || p?.account || '?'} data-lang-neutral="" />
        </Avatar.Root>
        <Stack gap="1" minW="0">
          <Text fontWeight="semibold" data-testid="uc-about-name" truncate data-lang-neutral="">
            {p?.realName || p?.account}
          </Text>
          <Text fontSize="sm" color="gray.600" truncate data-testid="uc-about-email">
            {t('uc.about.email')}: {p?.email || t('uc.about.noEmail')}
          </Text>
          <Flex gap="2" wrap="wrap">
            <Button size="xs" variant="outline" loading={uploading} loadingText={t('uc.about.uploading')} onClick={() => input.current?.click()} data-testid="uc-avatar-button">
              {t('uc.about.avatar')}
            </Button>
            <Button size="xs" variant="outline" onClick={props.onChangeEmail} data-testid="uc-change-email">
              {t('uc.about.changeEmail')}
            </Button>
          </Flex>
        </Stack>
      </Flex>
      {uploading && (
        <Progress.Root value={sent} size="xs" colorPalette="blue" mt="3" aria-label={t('uc.about.uploading')} data-testid="uc-avatar-progress" data-value={sent}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <input ref={input} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden data-testid="uc-avatar-input" onChange={(e) => void pick(e.currentTarget.files?.[0])} />
    </Card>
  );
}

const LEVEL_KEYS = ['regular', 'silver', 'gold', 'platinum', 'diamond'] as const;

/** The loyalty level from the points ledger (spec 2 section 9): level, balance, progress to the next threshold, the latest changes. */
function LoyaltyCard() {
  const t = useT();
  const { loyalty: machine } = useUserCentreMachines();
  const actor = useFreshActor(machine);
  const view = useSelector(actor, (s) => ({ shown: s.matches('shown'), failed: s.matches('failed'), ...s.context }));
  const { loyalty, latest } = view;
  const points = view.shown ? { points: loyalty.points, history: latest } : null;
  return (
    <Card title={t('uc.loyalty.title')} testId="uc-loyalty">
      {points ? (
        <Stack gap="3">
          <Flex align="baseline" gap="3" wrap="wrap">
            <Badge colorPalette="orange" size="lg" data-testid="uc-loyalty-level" data-level={loyalty.level}>
              {t(`uc.loyalty.level.${LEVEL_KEYS[loyalty.level - 1]}`)}
            </Badge>
            <Text fontSize="2xl" fontWeight="bold" data-testid="uc-loyalty-points">
              {points.points}
            </Text>
            <Text color="gray.600">{t('uc.loyalty.points')}</Text>
          </Flex>
          <Progress.Root value={loyalty.progress} size="sm" colorPalette="orange">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" color="gray.600" data-testid="uc-loyalty-next">
            {loyalty.next === null ? t('uc.loyalty.top') : t('uc.loyalty.toNext', { points: loyalty.toNext, next: loyalty.next })}
          </Text>
          {points.history.length > 0 && (
            <Stack gap="1" fontSize="xs" color="gray.600" data-testid="uc-loyalty-history">
              {points.history.map((row, i) => (
                <Flex key={i} justify="space-between" gap="2">
                  <Text truncate>
                    {day(row.time)} · {row.reason}
                  </Text>
                  <Text color={row.delta > 0 ? 'green.600' : 'red.600'} flexShrink={0}>
                    {row.delta > 0 ? `+${row.delta}` : row.delta}
                  </Text>
                </Flex>
              ))}
            </Stack>
          )}
        </Stack>
      ) : (
        <Text color="gray.600">{t(view.failed ? 'uc.loyalty.failed' : 'uc.loyalty.loading')}</Text>
      )}
    </Card>
  );
}

function ProfileCard({ profile, onSaved }: { profile: CentreProfile; onSaved: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const notifier = useService(NotifierToken);
  const { profileEditor } = useUserCentreMachines();
  const actor = useFreshActor(profileEditor, { input: { language } });
  const form = useSelector(actor, (s) => s.context.form);
  const areas = useSelector(actor, (s) => s.context.areas);
  const snapshot = useSelector(form, (s) => s);
  useEffect(() => {
    const initial: Partial<ProfileValues> = { realName: profile.realName, mobile: profile.mobile, fullPathId: profile.fullPathId, fullPathName: profile.fullPathName, address: profile.address };
    for (const [field, value] of Object.entries(initial)) actor.send({ type: 'form.change', field: field as keyof ProfileValues, value: value ?? '' });
  }, [actor, profile]);
  useEffect(() => {
    if (!snapshot.matches('submitted')) return;
    notifier.success(t('uc.profile.saved'));
    actor.send({ type: 'form.reset' });
    onSaved();
  }, [snapshot, actor, notifier, t, onSaved]);
  const { values, errors, serverError } = snapshot.context;
  const field = (name: keyof ProfileValues, type: 'text' | 'password' | 'tel' = 'text', required = false) => (
    <TextField
      name={name}
      label={t(`uc.profile.${name}`)}
      type={type}
      required={required}
      value={values[name]}
      error={errors[name] ? t(`user.${errors[name]}`) : undefined}
      onChange={(value) => actor.send({ type: 'form.change', field: name, value })}
    />
  );
  return (
    <Card title={t('uc.profile.title')} testId="uc-profile">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit', lang: language });
        }}
      >
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
          {field('realName', 'text', true)}
          {field('mobile', 'tel')}
          <GridItem colSpan={{ base: 1, md: 2 }}>
            <ProfileArea areas={areas} saved={values.fullPathName} onSelect={(level, id) => actor.send({ type: 'area.select', level, id })} />
          </GridItem>
          {field('address')}
          <Box display={{ base: 'none', md: 'block' }} />
          {field('oldPassword', 'password')}
          {field('password', 'password')}
          {field('confirmation', 'password')}
        </Grid>
        <Text fontSize="xs" color="gray.500" mt="2">
          {t('uc.profile.passwordHint')}
        </Text>
        {serverError && (
          <Text color="red.600" mt="3" data-testid="uc-profile-error">
            {serverText(t, serverError)}
          </Text>
        )}
        <Button type="submit" colorPalette="blue" mt="4" loading={snapshot.hasTag('busy')} data-testid="uc-profile-save">
          {t('uc.profile.save')}
        </Button>
      </form>
    </Card>
  );
}

/** The saved region, and registration's four searchable levels to choose a new one (spec 2 section 5: "as in registration"). */
function ProfileArea({ areas, saved, onSelect }: { areas: ActorRefFrom<typeof areaCascadeMachine>; saved: string; onSelect: (level: AreaLevel, id: number | null) => void }) {
  const t = useT();
  const cascade = useSelector(areas, (s) => s);
  const loading = cascade.matches('loading');
  const c = cascade.context;
  return (
    <Fieldset.Root data-testid="uc-profile-area">
      <Fieldset.Legend fontWeight="medium" color="gray.700" fontSize="sm">
        {t('uc.profile.area')}
      </Fieldset.Legend>
      <Text fontSize="sm" color="gray.700" data-testid="uc-profile-area-current">
        {/* The region's name is stored as chosen (often Chinese): data, not a text of ours. */}
        {saved ? t('uc.profile.areaCurrent', { area: '' }) : t('uc.profile.areaCurrent', { area: t('uc.profile.areaNone') })}
        {saved && <span data-lang-neutral="">{saved}</span>}
      </Text>
      <Text fontSize="xs" color="gray.500">
        {t('uc.profile.areaHint')}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" mt="1">
        {AREA_LEVELS.map((level, index) => {
          const parent = index === 0 ? null : AREA_LEVELS[index - 1]!;
          const disabled = parent !== null && c.selected[parent] === null;
          return (
            <SearchableSelect
              key={level}
              name={`profile-${level}`}
              label={t(`uc.profile.level.${level}`)}
              items={c.options[level].map((a) => ({ value: String(a.countryid), label: a.countryname }))}
              value={c.selected[level] ? String(c.selected[level].countryid) : null}
              disabled={disabled}
              loading={loading && c.loadingLevel === level}
              placeholder={disabled ? t('uc.profile.areaNeedsParent') : t('uc.profile.areaSearch')}
              emptyText={t('uc.profile.areaEmpty')}
              loadingText={t('uc.profile.areaLoading')}
              onChange={(value) => onSelect(level, value === null ? null : Number(value))}
              size="md"
              testId={`uc-area-${level}`}
            />
          );
        })}
      </SimpleGrid>
    </Fieldset.Root>
  );
}

function EmailDialog({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { emailChange } = useUserCentreMachines();
  const actor = useFreshActor(emailChange);
  const snapshot = useSelector(actor, (s) => s);
  const { email, code, remaining, problem, serverError } = snapshot.context;
  const changed = snapshot.matches({ form: 'changed' });
  useEffect(() => {
    if (changed) onChanged();
  }, [changed, onChanged]);
  const close = () => {
    actor.send({ type: 'dialog.close' });
    onClose();
  };
  const busy = snapshot.hasTag('busy');
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && close()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" data-testid="uc-email-dialog">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                actor.send({ type: 'form.submit' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('uc.email.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <TextField
                    name="email"
                    type="email"
                    label={t('uc.email.email')}
                    value={email}
                    disabled={remaining > 0}
                    error={problem && problem !== 'register.codeEmpty' ? t(problem) : undefined}
                    onChange={(value) => actor.send({ type: 'email.change', value })}
                  />
                  <TextField
                    name="code"
                    label={t('uc.email.code')}
                    value={code}
                    inputMode="numeric"
                    error={problem === 'register.codeEmpty' ? t(problem) : undefined}
                    onChange={(value) => actor.send({ type: 'code.change', value })}
                    addon={<CodeButton remaining={remaining} sending={snapshot.matches({ form: 'requesting' })} sentBefore={false} onClick={() => actor.send({ type: 'code.request' })} />}
                  />
                  {serverError && (
                    <Text color="red.600" data-testid="uc-email-error">
                      {serverText(t, serverError)}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {t('uc.email.cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={busy && snapshot.matches({ form: 'submitting' })} data-testid="uc-email-submit">
                  {t('uc.email.submit')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const productName = (id: number) => FEEDBACK_PRODUCTS.find((p) => p.id === id)?.name ?? String(id);

function StateTag({ q }: { q: Question }) {
  const t = useT();
  const tag = questionTag(q);
  if (tag === 'ended') return <Badge colorPalette="gray">{t('uc.questions.ended')}</Badge>;
  if (tag === 'urgented') return <Badge colorPalette="red">{t('uc.questions.urgented')}</Badge>;
  return <Badge colorPalette="blue">{t('uc.questions.open')}</Badge>;
}

function QuestionsCard() {
  const t = useT();
  const { questions } = useUserCentreMachines();
  const actor = useFreshActor(questions);
  const snapshot = useSelector(actor, (s) => s);
  const { questions: rows, search, openId } = snapshot.context;
  const open = rows.find((q) => q.id === openId) ?? null;
  return (
    <Card title={t('uc.questions.title')} testId="uc-questions">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'search.submit' });
        }}
      >
        <Flex gap="2" mb="3" maxW="md">
          <Input placeholder={t('uc.questions.search')} value={search} onChange={(e) => actor.send({ type: 'search.change', value: e.currentTarget.value })} data-testid="uc-questions-search" />
          <Button type="submit" variant="outline">
            {t('uc.questions.searchButton')}
          </Button>
        </Flex>
      </form>
      {snapshot.context.error && (
        <Text color="red.600" mb="2" data-testid="uc-questions-error">
          {serverText(t, snapshot.context.error)}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text color="gray.600">{t('uc.questions.empty')}</Text>
      ) : (
        <ScrollRegion label={t('uc.questions.title')}>
          <Table.Root size="sm" data-testid="uc-questions-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.questions.col.title')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.questions.col.product')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.questions.col.created')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.questions.col.state')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.questions.col.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((q) => (
                <Table.Row key={q.id} data-testid={`uc-question-${q.id}`}>
                  <Table.Cell maxW="xs" truncate>
                    {q.title}
                  </Table.Cell>
                  <Table.Cell>{productName(q.product)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{day(q.createTime)}</Table.Cell>
                  <Table.Cell>
                    <StateTag q={q} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <Flex gap="2">
                      <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'question.open', id: q.id })} data-testid="uc-question-view">
                        {t('uc.questions.view')}
                      </Button>
                      {canUrge(q) && (
                        <Button size="xs" colorPalette="red" variant="outline" disabled={snapshot.hasTag('busy')} onClick={() => actor.send({ type: 'question.urge', id: q.id })} data-testid="uc-question-urge">
                          {t('uc.questions.urge')}
                        </Button>
                      )}
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
      )}
      <QuestionDrawer question={open} onClose={() => actor.send({ type: 'drawer.close' })} />
    </Card>
  );
}

function QuestionDrawer({ question, onClose }: { question: Question | null; onClose: () => void }) {
  const t = useT();
  const api = useService(UserCentreApiToken);
  const notifier = useService(NotifierToken);
  const purify = useDeferredModule(purifyModule, question !== null);
  const download = async (slot: 'main' | 'other', name: string) => {
    if (!question) return;
    notifier.success(t('uc.drawer.downloadStarted'));
    const answer = await api.downloadQuestionFile(question.id, slot).catch(() => null);
    if (answer?.kind === 'file') saveFile(answer.blob, answer.fileName ?? name);
    else if (answer) notifier.error(serverText(t, answer.message));
  };
  const files = question ? ([['main', question.mainFile, question.mainFileName], ['other', question.otherFile, question.otherFileName]] as const).filter(([, id]) => id) : [];
  return (
    <Drawer.Root open={question !== null} onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="uc-question-drawer">
            <Drawer.Header>
              <Drawer.Title>{question?.title ?? t('uc.drawer.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {question && (
                <Stack gap="4">
                  <Flex gap="2" align="center" wrap="wrap">
                    <StateTag q={question} />
                    <Text fontSize="sm" color="gray.600">
                      {productName(question.product)} · {t('uc.drawer.version')} {question.version}
                    </Text>
                  </Flex>
                  <Text fontSize="sm">
                    {t('uc.drawer.expected')}: {dayTime(question.expectedTime)}
                  </Text>
                  <Box>
                    <Heading as="h3" size="sm" mb="2">
                      {t('uc.drawer.steps')}
                    </Heading>
                    {purify ? (
                      <Box className="uc-steps" fontSize="sm" css={{ '& img': { maxW: '100%' } }} data-testid="uc-question-steps" dangerouslySetInnerHTML={{ __html: sanitizeStepsHtml(purify.default, question.html) }} />
                    ) : null}
                  </Box>
                  <Box>
                    <Heading as="h3" size="sm" mb="2">
                      {t('uc.drawer.files')}
                    </Heading>
                    {files.length === 0 ? (
                      <Text fontSize="sm" color="gray.600">
                        {t('uc.drawer.noFiles')}
                      </Text>
                    ) : (
                      <Stack gap="1">
                        <Text fontSize="xs" color="orange.600">
                          {t('uc.drawer.customerFile')}
                        </Text>
                        {files.map(([slot, , name]) => (
                          <Button key={slot} size="sm" variant="ghost" justifyContent="flex-start" onClick={() => void download(slot, name)} data-testid={`uc-file-${slot}`}>
                            {name}
                          </Button>
                        ))}
                      </Stack>
                    )}
                  </Box>
                  <Box bg="blue.50" borderRadius="md" p="3" data-testid="uc-question-answer">
                    <Heading as="h3" size="sm" mb="1">
                      {t('uc.drawer.answer')}
                    </Heading>
                    {question.answer ? (
                      <>
                        <Text fontSize="sm" whiteSpace="pre-wrap">
                          {question.answer}
                        </Text>
                        <Text fontSize="xs" color="gray.600" mt="1">
                          {t('uc.drawer.answeredAt')}: {dayTime(question.processingTime)}
                        </Text>
                      </>
                    ) : (
                      <Text fontSize="sm" color="gray.600">
                        {t('uc.drawer.noAnswer')}
                      </Text>
                    )}
                  </Box>
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function WarrantyCard() {
  const t = useT();
  const { warranty } = useUserCentreMachines();
  const actor = useFreshActor(warranty);
  const { rows, search } = useSelector(actor, (s) => s.context);
  return (
    <Card title={t('uc.warranty.title')} testId="uc-warranty">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'search.submit' });
        }}
      >
        <Flex gap="2" mb="3" maxW="md">
          <Input placeholder={t('uc.warranty.search')} value={search} onChange={(e) => actor.send({ type: 'search.change', text: e.currentTarget.value })} data-testid="uc-warranty-search" />
          <Button type="submit" variant="outline">
            {t('uc.questions.searchButton')}
          </Button>
        </Flex>
      </form>
      {rows.length === 0 ? (
        <Text color="gray.600">{t('uc.warranty.empty')}</Text>
      ) : (
        <ScrollRegion label={t('uc.warranty.title')}>
          <Table.Root size="sm" data-testid="uc-warranty-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.order')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.delivery')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.guarantee')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.extended')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.brand')}</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">{t('uc.warranty.col.state')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.orderNumber}>
                  <Table.Cell whiteSpace="nowrap">{r.orderNumber}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{day(r.deliveryTime)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{day(r.guaranteeTime)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{day(r.extendedTime)}</Table.Cell>
                  <Table.Cell>{r.laserBrand || '—'}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={r.underWarranty ? 'green' : 'gray'}>{t(r.underWarranty ? 'uc.warranty.in' : 'uc.warranty.out')}</Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
      )}
    </Card>
  );
}
