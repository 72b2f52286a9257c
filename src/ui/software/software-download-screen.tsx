import { shallowEqual, useSelector } from '@xstate/react';
import { useFreshActor } from '../common/use-fresh-actor';
import { useEffect, useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  isVisitorParam,
  downloadPageInfo,
  softwareBackPath,
  type SoftwareDownloadPage,
} from '../../domain/cam/software-catalog';
import { useLanguage, useT } from '../i18n/language-context';
import { PageFrame } from '../common/page-frame';
import { selectSoftwareDownloadView } from './software-download.selectors';
import { SoftwareDownloadView } from './software-download-view';
import { useSoftwareMachines } from './software-machines';

export interface SoftwareDownloadScreenProps {
  page: SoftwareDownloadPage;
  /** Opens the release file (a same-origin path served as an attachment); tests pass a spy. */
  openFile?: (url: string) => void;
}

const openInPlace = (url: string) => window.location.assign(url);

/** A software download page (`/bodornest/:isVisitor` ...): latest release, recorded download, runtimes, back by visitor flag. */
export function SoftwareDownloadScreen({ page, openFile = openInPlace }: SoftwareDownloadScreenProps) {
  const { softwareDownload } = useSoftwareMachines();
  const t = useT();
  const { language } = useLanguage();
  const isVisitor = isVisitorParam(useParams().isVisitor);
  const info = downloadPageInfo(page, useSearchParams()[0].get('v'));

  // Opening the file is the page's own effect; the calls come ready from the area's machines.
  const machine = useMemo(() => softwareDownload.provide({ actions: { openFile: (_, params) => openFile(params.url) } }), [softwareDownload, openFile]);
  const actor = useFreshActor(machine, { input: { productType: info.productType, lang: language, isVisitor } });
  const model = useSelector(actor, (snapshot) => selectSoftwareDownloadView(snapshot, info), shallowEqual);

  // The notes come in the page's language: load again when it changes.
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    actor.send({ type: 'release.reload', lang: language });
  }, [actor, language]);

  return (
    // Spec 2: Back goes to the previous page; a page opened directly goes back to the software tab.
    <PageFrame backTo={softwareBackPath(isVisitor)} backInHistory backLabel={t('common.back')}>
      <SoftwareDownloadView
        model={model}
        onDownload={() => actor.send({ type: 'download.start' })}
        onRetry={() => actor.send({ type: 'release.reload' })}
      />
    </PageFrame>
  );
}

/** `/bodornest/:isVisitor?` (Nest V2.0). */
export function NestDownloadPage() {
  return <SoftwareDownloadScreen page="bodornest" />;
}

/** `/bodornesttube/:isVisitor?` (Nest Tube V1.0). */
export function NestTubeDownloadPage() {
  return <SoftwareDownloadScreen page="bodornesttube" />;
}

/** `/nestdown1.0/:isVisitor?` (Nest V1.0). */
export function Nest10DownloadPage() {
  return <SoftwareDownloadScreen page="nestdown1.0" />;
}

/** `/bodornest1.5/:isVisitor?` (Nest V1.5). */
export function Nest15DownloadPage() {
  return <SoftwareDownloadScreen page="bodornest1.5" />;
}
