import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { NotifierToken } from '../../ports/tokens';
import { PageFrame } from '../common/page-frame';
import { saveFile } from '../common/save-file';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { useRandomFilesMachines } from './random-files-machines';
import { selectRandomFiles } from './random-files.selectors';
import { RandomFilesView } from './random-files-view';
import { useLatest } from '../common/use-latest';

/** The address parameter naming the chosen machine, so a reload or a shared link opens the same one. */
const ORDER_PARAM = 'order';

// A viewed file's address lives long enough for the new tab to read it, then its memory is freed.
const VIEW_URL_LIFETIME_MS = 10 * 60_000;

/** The blob with a type a browser can show inline (the server's, else from the name). */
function viewable(blob: Blob, fileName: string): Blob {
  if (blob.type && blob.type !== 'application/octet-stream') return blob;
  return /\.pdf$/i.test(fileName) ? new Blob([blob], { type: 'application/pdf' }) : blob;
}

/**
 * `/random`: the caller's machines (GetMyMachine) on the left with an order-number search, the
 * chosen machine's random files (GetPLMRandomFile) on the right, each viewable in a new tab or
 * downloadable (RandomCenter/Download). Back goes to the using-knowledge hub.
 */
export default function RandomFilesScreen() {
  const { randomFiles } = useRandomFilesMachines();
  const notifier = useService(NotifierToken);
  const t = useT();
  const [params, setParams] = useSearchParams();
  const order = params.get(ORDER_PARAM);

  // The machine keeps the actions of its first render; they read the current values here.
  const current = useLatest({ t, notifier, setParams });
  // A tab opened during the click that asked to view: one opened after the download would be blocked as a pop-up.
  const pendingTab = useRef<Window | null>(null);
  // The order numbers this page wrote into the address that the router has not applied yet (it
  // applies them a little later, one by one): the first load's choice may arrive after a click.
  const written = useRef<string[]>([order ?? '']);
  const closePendingTab = () => {
    pendingTab.current?.close();
    pendingTab.current = null;
  };

  // The page's own effects: the address, the browser's downloads and tabs, the notices.
  const definition = useMemo(
    () =>
      randomFiles.provide({
        actions: {
          rememberChoice: (_, { orderNumber }) => {
            written.current.push(orderNumber);
            current.current.setParams(
              (now) => {
                const next = new URLSearchParams(now);
                if (orderNumber) next.set(ORDER_PARAM, orderNumber);
                else next.delete(ORDER_PARAM);
                return next;
              },
              { replace: true },
            );
          },
          saveFile: (_, { blob, fileName }) => saveFile(blob, fileName),
          openFile: (_, { blob, fileName }) => {
            const url = URL.createObjectURL(viewable(blob, fileName));
            const tab = pendingTab.current;
            pendingTab.current = null;
            if (tab && !tab.closed) {
              tab.location.href = url;
            } else if (!window.open(url, '_blank', 'noopener')) {
              saveFile(blob, fileName);
              current.current.notifier.warning(current.current.t('randomFiles.view.blocked'));
            }
            setTimeout(() => URL.revokeObjectURL(url), VIEW_URL_LIFETIME_MS);
          },
          notifyMissing: () => {
            closePendingTab();
            current.current.notifier.warning(current.current.t('randomFiles.download.missing'));
          },
          transferFailed: () => closePendingTab(),
        },
      }),
    [randomFiles],
  );
  const actor = useFreshActor(definition, { input: { order } });
  const model = useSelector(actor, selectRandomFiles);

  // A link to this page with another order number: follow the machine it names (never the
  // order number this page wrote itself, which the router may still be applying).
  useEffect(() => {
    const own = written.current.indexOf(order ?? '');
    if (own >= 0) written.current.splice(0, own + 1);
    else if (order) actor.send({ type: 'machine.choose', orderNumber: order });
  }, [order, actor]);

  useEffect(() => () => closePendingTab(), []);

  const view = (id: string) => {
    if (model.transferring) return;
    const tab = window.open('', '_blank');
    // The tab is ours only to load the file into; it gets no handle back on this page.
    if (tab) tab.opener = null;
    pendingTab.current = tab;
    actor.send({ type: 'file.view', id });
  };

  return (
    <PageFrame backTo={paths.section('use')} backLabel={t('randomFiles.back')} width="6xl">
      <RandomFilesView
        model={model}
        onSearchChange={(value) => actor.send({ type: 'search.change', value })}
        onSearch={() => actor.send({ type: 'search.submit' })}
        onChoose={(orderNumber) => actor.send({ type: 'machine.choose', orderNumber })}
        onRetryMachines={() => actor.send({ type: 'machines.retry' })}
        onRetryFiles={() => actor.send({ type: 'files.retry' })}
        onView={view}
        onDownload={(id) => actor.send({ type: 'file.download', id })}
      />
    </PageFrame>
  );
}
