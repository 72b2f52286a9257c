import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Drawer,
  Flex,
  Heading,
  Portal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { LicenceView } from '../../domain/cam/cam-page.machine';
import { DAY_MS } from '../../domain/cam/licence-exchange';
import type { CamProductType } from '../../domain/cam/software-catalog';
import { NotifierToken } from '../../ports/tokens';
import { DataTable } from '../common/data-table';
import { TextField } from '../common/form-controls';
import { SectionHeading } from '../common/section-heading';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import { selectCamPage, type CamPageModel, type ExchangeRowModel } from './cam.selectors';
import { useCamMachines } from './cam-machines';
import { dateTimeFormat, numberFormat } from '../common/intl-formats';

type T = ReturnType<typeof useT>;

const LOCALES = { zh: 'zh-CN', en: 'en-GB' } as const;

/** A date of the page (epoch ms) in the page's language. */
const dateOf = (ms: number, locale: string) => dateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(ms);

/** A new key for one click of an exchange button. */
const newKey = () => (globalThis.crypto?.randomUUID ? `x-${globalThis.crypto.randomUUID()}` : `x-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);

const productLabel = (t: T, l: LicenceView) => t(l.product ? `cam.product.${l.product}` : 'cam.product.other');

/** `/index/cam`: licences, the old-user points exchange, account confirmation and the three software cards. */
export function CamSection() {
  const { camPage } = useCamMachines();
  const actor = useFreshActor(camPage);
  const model = useSelector(actor, selectCamPage, shallowEqual);
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALES[language];
  const notifier = useService(NotifierToken);
  const navigate = useNavigate();

  // camWarn once per loaded empty list; notices as toasts too.
  const warned = useRef(false);
  useEffect(() => {
    if (model.phase === 'ready' && model.licences.length === 0 && !warned.current) {
      warned.current = true;
      notifier.warning(t('cam.camWarn'));
    }
  }, [model.phase, model.licences.length, notifier, t]);
  const shownNotice = useRef<unknown>(null);
  useEffect(() => {
    const n = model.notice;
    if (!n || shownNotice.current === n) return;
    shownNotice.current = n;
    if (n.kind === 'exchanged') notifier.success(t('cam.exchange.done', { licence: n.licenceNo, date: dateOf(n.expiredTime, locale), points: n.points }));
    else if (n.kind === 'exchangeRefused') notifier.error(t(`cam.refusal.${n.reason}`));
  }, [model.notice, notifier, t, locale]);

  return (
    <Stack gap={{ base: 5, md: 8 }} py={{ base: 2, md: 4 }} data-testid="cam-page" data-phase={model.phase}>
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'flex-end' }} gap="4" direction={{ base: 'column', md: 'row' }}>
        <SectionHeading title={t('cam.title')} intro={t('cam.intro')} />
        {model.points !== null && (
          <Box bg="blue.50" borderRadius="xl" px="5" py="3" minW="44" data-testid="cam-points">
            <Text fontSize="xs" color="blue.700" textTransform="uppercase" letterSpacing="wide">
              {t('cam.points')}
            </Text>
            <Text fontSize="2xl" fontWeight="bold" color="blue.900" data-testid="cam-points-value">
              {t('cam.pointsValue', { points: numberFormat(locale).format(model.points) })}
            </Text>
          </Box>
        )}
      </Flex>

      {model.notice?.kind === 'exchanged' && (
        <Alert.Root status="success" borderRadius="lg" data-testid="cam-exchanged">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">
            {t('cam.exchange.done', { licence: model.notice.licenceNo, date: dateOf(model.notice.expiredTime, locale), points: model.notice.points })}
          </Alert.Title>
        </Alert.Root>
      )}
      {model.notice?.kind === 'exchangeRefused' && (
        <Alert.Root status="error" borderRadius="lg" data-testid="cam-exchange-refused" data-reason={model.notice.reason}>
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t(`cam.refusal.${model.notice.reason}`)}</Alert.Title>
        </Alert.Root>
      )}

      {model.phase === 'loading' && <Skeleton height="40" borderRadius="xl" />}
      {model.phase === 'failed' && (
        <Alert.Root status="error" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t('cam.failed')}</Alert.Title>
          <Button size="sm" ms="auto" variant="outline" onClick={() => actor.send({ type: 'page.reload' })}>
            {t('cam.retry')}
          </Button>
        </Alert.Root>
      )}

      {model.phase === 'confirming' && (
        <ConfirmPanel t={t} model={model} onSubmit={(form) => actor.send({ type: 'confirm.submit', ...form })} />
      )}

      {model.showExchange && (
        <ExchangeTable t={t} model={model} locale={locale} onExchange={(licenceNo) => actor.send({ type: 'exchange.start', licenceNo, key: newKey() })} />
      )}

      {model.phase !== 'loading' && model.phase !== 'failed' && <LicenceTable t={t} model={model} locale={locale} />}

      <SoftwareCards t={t} onNoVideo={() => notifier.warning(t('cam.noVideo'))} onVideo={() => navigate('/nestvideo')} />

      <NoEmailDialog t={t} open={model.phase === 'noEmail'} onGo={() => navigate('/usercenter')} />
    </Stack>
  );
}

function Panel({ title, intro, children, testId }: { title: string; intro?: string; children: React.ReactNode; testId: string }) {
  return (
    <Stack as="section" gap="4" bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" boxShadow="sm" p={{ base: 4, md: 6 }} data-testid={testId}>
      <Stack gap="1">
        <Heading as="h2" fontSize={{ base: 'lg', md: 'xl' }} color="gray.900">
          {title}
        </Heading>
        {intro && (
          <Text color="gray.600" fontSize="sm">
            {intro}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

function blockText(t: T, row: ExchangeRowModel, locale: string): string {
  switch (row.block) {
    case 'tooEarly':
      return t('cam.exchange.opens', { date: dateOf(row.opensAt, locale) });
    case null:
      return '';
    default:
      return t(`cam.exchange.block.${row.block}`);
  }
}

function ExchangeTable({ t, model, locale, onExchange }: { t: T; model: CamPageModel; locale: string; onExchange: (licenceNo: string) => void }) {
  return (
    <Panel title={t('cam.exchange.title')} intro={t('cam.exchange.intro')} testId="cam-exchange">
      {model.exchangeRows.length === 0 ? (
        <Text color="gray.600" fontSize="sm">
          {t('cam.exchange.none')}
        </Text>
      ) : (
        <Stack gap="3">
          {model.exchangeRows.map((row) => (
            <Flex
              key={row.licence.licenceNo}
              direction={{ base: 'column', md: 'row' }}
              align={{ base: 'stretch', md: 'center' }}
              gap="3"
              borderWidth="1px"
              borderColor={row.block === null ? 'blue.200' : 'gray.200'}
              bg={row.block === null ? 'blue.50' : 'gray.50'}
              borderRadius="xl"
              px="4"
              py="3"
              data-testid="cam-exchange-row"
              data-licence={row.licence.licenceNo}
            >
              <Stack gap="0.5" flex="1" minW="0">
                <Text fontWeight="semibold" color="gray.900">
                  {t(row.licence.product === 'nestTube' ? 'cam.exchange.offerNestTube' : 'cam.exchange.offerNest')}
                </Text>
                <Text fontSize="sm" color="gray.600">
                  {row.licence.licenceNo} · {t('cam.col.expires')} {dateOf(row.licence.expiredTime, locale)}
                </Text>
              </Stack>
              <Stack gap="0" align={{ base: 'flex-start', md: 'flex-end' }}>
                <Text fontWeight="bold" color="blue.800" data-testid="cam-exchange-cost">
                  {t('cam.exchange.price', { cost: model.cost })}
                </Text>
                {model.discounted && (
                  <Flex gap="2" align="center">
                    <Text fontSize="xs" color="gray.600" textDecoration="line-through">
                      {t('cam.exchange.fullPrice', { cost: model.fullPrice })}
                    </Text>
                    <Badge colorPalette="orange" variant="subtle">
                      {t('cam.exchange.discount')}
                    </Badge>
                  </Flex>
                )}
              </Stack>
              <Stack gap="1" minW={{ md: '40' }} align={{ base: 'stretch', md: 'flex-end' }}>
                <Button
                  colorPalette="blue"
                  disabled={row.block !== null || model.exchanging}
                  loading={row.busy}
                  onClick={() => onExchange(row.licence.licenceNo)}
                  data-testid="cam-exchange-button"
                >
                  {t('cam.exchange.button')}
                </Button>
                {row.block !== null && (
                  <Text fontSize="xs" color="gray.500" textAlign={{ md: 'right' }} data-testid="cam-exchange-block">
                    {blockText(t, row, locale)}
                  </Text>
                )}
              </Stack>
            </Flex>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

/** A licence's expiry, with a badge once it is 7 days away or past. */
function expiryOf(t: T, licence: LicenceView, now: number, locale: string) {
  const daysLeft = Math.ceil((licence.expiredTime - now) / DAY_MS);
  return (
    <>
      {dateOf(licence.expiredTime, locale)}{' '}
      {daysLeft <= 0 ? (
        <Badge colorPalette="red" variant="subtle">
          {t('cam.expiredBadge')}
        </Badge>
      ) : daysLeft <= 7 ? (
        <Badge colorPalette="orange" variant="subtle">
          {t('cam.daysLeft', { days: daysLeft })}
        </Badge>
      ) : null}
    </>
  );
}

function LicenceTable({ t, model, locale }: { t: T; model: CamPageModel; locale: string }) {
  return (
    <Panel title={t('cam.licences.title')} testId="cam-licences">
      <DataTable
        testId="cam-licence-table"
        label={t('cam.licences.title')}
        rows={model.licences}
        rowKey={(l) => l.licenceNo}
        rowTestId="cam-licence-row"
        rowData={(l) => ({ 'data-licence': l.licenceNo })}
        empty={
          <Alert.Root status="warning" borderRadius="lg" data-testid="cam-warn">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{t('cam.camWarn')}</Alert.Title>
          </Alert.Root>
        }
        columns={[
          { header: t('cam.col.licence'), cell: (l) => l.licenceNo, cellStyle: { fontFamily: 'mono' } },
          // Product names are the same in both languages.
          { header: t('cam.col.product'), cell: (l) => productLabel(t, l), langNeutral: true },
          { header: t('cam.col.version'), cell: (l) => l.version, langNeutral: true },
          { header: t('cam.col.start'), cell: (l) => dateOf(l.startTime, locale) },
          { header: t('cam.col.end'), cell: (l) => dateOf(l.endTime, locale) },
          { header: t('cam.col.expires'), cell: (l) => expiryOf(t, l, model.now, locale), cellData: { 'data-testid': 'cam-licence-expires' } },
          { header: t('cam.col.firstUse'), cell: (l) => (l.firstUseTime ? dateOf(l.firstUseTime, locale) : t('cam.never')) },
          { header: t('cam.col.email'), cell: (l) => l.email },
        ]}
      />
    </Panel>
  );
}

function ConfirmPanel({ t, model, onSubmit }: { t: T; model: CamPageModel; onSubmit: (form: { realName: string; account: string }) => void }) {
  const [open, setOpen] = useState(true);
  const [realName, setRealName] = useState('');
  const [account, setAccount] = useState('');
  const nameMissing = model.confirmProblems.includes('nameRequired');
  const accountMissing = model.confirmProblems.includes('accountRequired');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!model.confirmBusy) onSubmit({ realName, account });
  };
  return (
    <>
      <Alert.Root status="info" borderRadius="lg" data-testid="cam-confirm-needed">
        <Alert.Indicator />
        <Alert.Title fontWeight="normal">{t('cam.confirm.body')}</Alert.Title>
        <Button size="sm" ms="auto" colorPalette="blue" onClick={() => setOpen(true)} data-testid="cam-confirm-open">
          {t('cam.confirm.open')}
        </Button>
      </Alert.Root>
      <Drawer.Root open={open} onOpenChange={(d) => !model.confirmBusy && setOpen(d.open)} placement="end" size={{ base: 'full', md: 'sm' }}>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="cam-confirm-drawer">
              <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
                <Drawer.Header>
                  <Drawer.Title>{t('cam.confirm.title')}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <Stack gap="4">
                    <Text color="gray.600" fontSize="sm">
                      {t('cam.confirm.body')}
                    </Text>
                    {(nameMissing || accountMissing) && (
                      <Alert.Root status="error" borderRadius="lg" data-testid="cam-confirm-joberr">
                        <Alert.Indicator />
                        <Alert.Title fontWeight="normal">{t('index.jobErr')}</Alert.Title>
                      </Alert.Root>
                    )}
                    {model.notice?.kind === 'confirmRefused' && (
                      <Alert.Root status="error" borderRadius="lg" data-testid="cam-confirm-refused">
                        <Alert.Indicator />
                        <Alert.Title fontWeight="normal">{t('cam.confirm.refused')}</Alert.Title>
                      </Alert.Root>
                    )}
                    <TextField
                      name="realName"
                      label={t('cam.confirm.name')}
                      value={realName}
                      onChange={setRealName}
                      required
                      placeholder={t('index.namein')}
                      error={nameMissing ? t('index.namein') : undefined}
                    />
                    <TextField
                      name="account"
                      label={t('cam.confirm.account')}
                      value={account}
                      onChange={setAccount}
                      required
                      placeholder={t('index.accountin')}
                      error={accountMissing ? t('index.accountin') : undefined}
                    />
                  </Stack>
                </Drawer.Body>
                <Drawer.Footer gap="3">
                  <Button variant="outline" onClick={() => setOpen(false)} disabled={model.confirmBusy}>
                    {t('cam.confirm.cancel')}
                  </Button>
                  <Button type="submit" colorPalette="blue" loading={model.confirmBusy} data-testid="cam-confirm-submit">
                    {t('cam.confirm.submit')}
                  </Button>
                </Drawer.Footer>
              </form>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </>
  );
}

function NoEmailDialog({ t, open, onGo }: { t: T; open: boolean; onGo: () => void }) {
  const [dismissed, setDismissed] = useState(false);
  return (
    <Dialog.Root open={open && !dismissed} onOpenChange={(d) => !d.open && setDismissed(true)} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius="2xl" mx="3" data-testid="cam-no-email">
            <Dialog.Header>
              <Dialog.Title>{t('cam.noEmail.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="gray.700">{t('cam.noEmail.body')}</Text>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Button variant="outline" onClick={() => setDismissed(true)}>
                {t('cam.noEmail.later')}
              </Button>
              <Button colorPalette="blue" onClick={onGo} data-testid="cam-no-email-go">
                {t('cam.noEmail.go')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The three cards of the CAM page: tube 1.0, nest tube 1.5, nest (DECISIONS 3 product types 0, 2, 1). */
const CAM_CARDS: ReadonlyArray<{ key: 'tube10' | 'tube15' | 'nest'; productType: CamProductType; video: boolean }> = [
  { key: 'tube10', productType: '0', video: false },
  { key: 'tube15', productType: '2', video: false },
  { key: 'nest', productType: '1', video: true },
];

function SoftwareCards({ t, onNoVideo, onVideo }: { t: T; onNoVideo: () => void; onVideo: () => void }) {
  return (
    <Stack gap="4" data-testid="cam-software">
      <Heading as="h2" fontSize={{ base: 'lg', md: 'xl' }} color="gray.900">
        {t('cam.software.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: 4, md: 6 }}>
        {CAM_CARDS.map((card) => (
          <SoftwareCard key={card.key} t={t} card={card} onVideo={card.video ? onVideo : onNoVideo} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

const openInPlace = (url: string) => window.location.assign(url);

function SoftwareCard({ t, card, onVideo }: { t: T; card: (typeof CAM_CARDS)[number]; onVideo: () => void }) {
  const { softwareDownload } = useCamMachines();
  const { language } = useLanguage();
  const machine = useMemo(() => softwareDownload.provide({ actions: { openFile: (_, params) => openInPlace(params.url) } }), [softwareDownload]);
  const actor = useFreshActor(machine, { input: { productType: card.productType, lang: language, isVisitor: false } });
  const state = useSelector(
    actor,
    (s) => ({ version: s.context.release?.versionnumber ?? '', ready: s.matches('ready') || s.matches('recording'), recording: s.matches('recording'), empty: s.matches('empty') }),
    shallowEqual,
  );
  return (
    <Stack bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" boxShadow="sm" p="5" gap="3" data-testid={`cam-card-${card.key}`}>
      <Badge alignSelf="flex-start" colorPalette="blue" variant="subtle" borderRadius="full" px="2.5">
        {t(`cam.card.${card.key}.tag`)}
      </Badge>
      {/* A product's name, the same in both languages. */}
      <Heading as="h3" fontSize="lg" color="gray.900" data-lang-neutral="">
        {t(`cam.card.${card.key}`)}
      </Heading>
      <Text fontSize="sm" color="gray.600" flex="1">
        {state.version ? t('cam.card.version', { version: state.version }) : state.empty ? t('cam.card.noRelease') : '\u00a0'}
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button
          colorPalette="blue"
          flex="1"
          disabled={!state.ready}
          loading={state.recording}
          onClick={() => actor.send({ type: 'download.start' })}
          data-testid={`cam-download-${card.key}`}
        >
          {t('cam.card.download')}
        </Button>
        <Button variant="outline" flex="1" onClick={onVideo} data-testid={`cam-video-${card.key}`}>
          {t('cam.card.video')}
        </Button>
      </Flex>
    </Stack>
  );
}

