import type { ComponentType } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { guardRoute } from '../../domain/accounts/route-guard';
import { brand, gptSegment } from '../common/brand';
import type { AreaKey } from './area-placeholder';
import { DocumentTitle } from './document-title';
import { PageLoading } from './page-loading';
import { PORTAL_SECTIONS } from './sections';

/** The app lives under /app/ (vite `base`). */
export const APP_BASENAME = '/app';

export interface AppRouteOptions {
  /** Read on every navigation: is a login token stored? */
  hasToken: () => boolean;
  /** Replaces `{product}` in `/index/{product}Gpt`; defaults to the configured brand. */
  brandName?: string;
}

/** Applies the route guard of spec 1 on every location. */
export function RouteGuard({ hasToken }: { hasToken: () => boolean }) {
  const { pathname } = useLocation();
  const decision = guardRoute({ pathname, hasToken: hasToken() });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** A page in its own chunk. */
function page(load: Loader<object>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** A named export of a module, in that module's chunk. */
function named<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

const loadPlaceholder = () => import('./area-placeholder');

/** An area a later issue builds: its "coming soon" page (a whole page, or a card inside a shell). */
function placeholder(area: AreaKey, framed = true): RouteObject['lazy'] {
  return async () => {
    const { default: AreaPlaceholder } = await loadPlaceholder();
    return { Component: () => <AreaPlaceholder area={area} framed={framed} /> };
  };
}

/** Which area each portal section shows (replace a placeholder with the area's screen when it exists). */
const SECTION_PAGES: Record<(typeof PORTAL_SECTIONS)[number], RouteObject['lazy']> = {
  device: named(() => import('../devices/fleet-screen'), (m) => m.FleetSection),
  task: named(() => import('../reports/task-screen'), (m) => m.TaskSection),
  software: named(() => import('../software/software-cards'), (m) => m.SoftwareSection),
  cam: named(() => import('../cam/cam-screen'), (m) => m.CamSection),
  knowledge: named(() => import('../knowledge/knowledge-section-screen'), (m) => m.KnowledgeSection),
  use: named(() => import('../knowledge/use-hub-screen'), (m) => m.UseSection),
  repair: named(() => import('../repair/repair-hub-screen'), (m) => m.RepairSection),
  maintenance: named(() => import('../maintenance/maintenance-screen'), (m) => m.MaintenanceSection),
  file: named(() => import('../documents/documents-screen'), (m) => m.FileSection),
  gpt: named(() => import('../chat/chat-screen'), (m) => m.ChatSection),
};

const loadDownloadPages = () => import('../software/software-download-screen');

/** The software information pages (spec 2 section 2), each in its own chunk. */
const SOFTWARE_PAGES: ReadonlyArray<[path: string, lazy: RouteObject['lazy']]> = [
  ['bodorplus', page(() => import('../software/plus-intro-screen'))],
  ['bodornest', named(loadDownloadPages, (m) => m.NestDownloadPage)],
  ['bodornesttube', named(loadDownloadPages, (m) => m.NestTubeDownloadPage)],
  ['nestdown1.0', named(loadDownloadPages, (m) => m.Nest10DownloadPage)],
  ['bodornest1.5', named(loadDownloadPages, (m) => m.Nest15DownloadPage)],
];

/** The whole route table of spec 1 section 2 (paths inside the /app basename), behind the route guard. */
export function appRoutes(options: AppRouteOptions): RouteObject[] {
  const gpt = gptSegment(options.brandName ?? brand.name);
  return [
    {
      id: 'root',
      element: <RouteGuard hasToken={options.hasToken} />,
      HydrateFallback: PageLoading,
      children: [
        { index: true, lazy: page(() => import('../landing/landing-screen')) },
        // Paths match case-insensitively, so this is /login and /Login.
        { path: 'login', lazy: page(() => import('../accounts/login-screen')) },
        { path: 'Register', lazy: page(() => import('../accounts/register-screen')) },
        { path: 'Information', lazy: page(() => import('../software/information-screen')) },
        {
          path: 'index',
          lazy: page(() => import('./portal-shell')),
          children: [
            { index: true, lazy: named(() => import('./portal-shell'), (m) => m.RestoreSection) },
            ...PORTAL_SECTIONS.filter((s) => s !== 'gpt').map((section) => ({ path: section, lazy: SECTION_PAGES[section] })),
            { path: gpt, id: 'gpt', lazy: SECTION_PAGES.gpt },
            ...(gpt.toLowerCase() === 'gpt' ? [] : [{ path: 'gpt', lazy: SECTION_PAGES.gpt }]),
            { path: '*', lazy: named(() => import('./portal-shell'), (m) => m.UnknownSection) },
          ],
        },
        {
          path: 'visitor',
          lazy: page(() => import('./visitor-shell')),
          children: [
            { index: true, lazy: named(() => import('./visitor-shell'), (m) => m.DefaultVisitorTab) },
            { path: 'software', lazy: named(() => import('../software/software-cards'), (m) => m.VisitorSoftwareTab) },
            { path: 'knowledge', lazy: named(() => import('../knowledge/knowledge-section-screen'), (m) => m.VisitorKnowledgeTab) },
            { path: 'download', lazy: named(() => import('../knowledge/library-pages'), (m) => m.VisitorDownloadTab) },
            { path: '*', lazy: named(() => import('./visitor-shell'), (m) => m.DefaultVisitorTab) },
          ],
        },
        { path: 'usercenter', lazy: page(() => import('../user-centre/user-centre-screen')) },
        { path: 'folder/:id', id: 'folder', lazy: named(() => import('../knowledge/library-pages'), (m) => m.FolderPage) },
        { path: 'article/:id/:parentId', id: 'article', lazy: named(() => import('../knowledge/article-screen'), (m) => m.KnowledgeArticlePage) },
        { path: 'guideArticle/:id/:parentId', id: 'guideArticle', lazy: named(() => import('../knowledge/article-screen'), (m) => m.GuideArticlePage) },
        { path: 'selfArticle/:id/:parentId', id: 'selfArticle', lazy: named(() => import('../knowledge/article-screen'), (m) => m.SelfArticlePage) },
        { path: 'softwareDown/:id/:parentId/:isVisitor', id: 'softwareDown', lazy: named(() => import('../knowledge/article-screen'), (m) => m.SoftwareDownArticlePage) },
        { path: 'download2', lazy: named(() => import('../knowledge/library-pages'), (m) => m.Download2Page) },
        { path: 'guide', lazy: named(() => import('../knowledge/library-pages'), (m) => m.GuidePage) },
        { path: 'random', lazy: page(() => import('../random-files/random-files-screen')) },
        { path: 'self', lazy: named(() => import('../knowledge/library-pages'), (m) => m.SelfPage) },
        { path: 'Summary', lazy: page(() => import('../repair/summary-screen')) },
        // Case-insensitive too: /Stock and /stock (spec 3), optional query Id.
        { path: 'Stock', lazy: page(() => import('../repair/stock-screen')) },
        { path: 'maintain', lazy: page(() => import('../maintenance/maintain-screen')) },
        { path: 'click', lazy: page(() => import('../repair/click-screen')) },
        { path: 'fault/:code', id: 'fault', lazy: page(() => import('../repair/fault-article-screen')) },
        { path: 'deviceInfo/:orderNumber/:type', id: 'deviceInfo', lazy: page(() => import('../devices/tube-device-screen')) },
        { path: 'deviceInfoWs/:orderNumber/:type', id: 'deviceInfoWs', lazy: page(() => import('../devices/sheet-device-screen')) },
        // The landing-page CAM cards open these with a trailing /true; old links may omit it.
        ...SOFTWARE_PAGES.map(([path, lazy]) => ({ path: `${path}/:isVisitor?`, id: path, lazy })),
        { path: 'test', lazy: placeholder('test') },
        { path: 'service', lazy: page(() => import('../staff/service-screen')) },
        { path: 'camReport', lazy: named(() => import('../user-centre/feedback-screen'), (m) => m.CamReportPage) },
        { path: 'userReport', lazy: named(() => import('../user-centre/feedback-screen'), (m) => m.UserReportPage) },
        { path: 'nestvideo', lazy: page(() => import('../service-pages/nest-video-screen')) },
        { path: 'standards', lazy: page(() => import('../service-pages/standards-screen')) },
        { path: 'policy', lazy: page(() => import('../service-pages/policy-screen')) },
        { path: 'dr', lazy: page(() => import('../software/dr-screen')) },
        { path: 'staff/knowledge', lazy: page(() => import('../knowledge-admin/knowledge-admin-screen')) },
        { path: 'staff/questions', lazy: page(() => import('../user-centre/staff-questions-screen')) },
        {
          path: 'staff',
          lazy: page(() => import('../staff/staff-console-screen')),
          children: [
            { index: true, lazy: named(() => import('../staff/staff-console-screen'), (m) => m.StaffConsoleIndex) },
            { path: 'registrations', lazy: named(() => import('../staff/staff-console-screen'), (m) => m.RegistrationsTab) },
            { path: 'audit', lazy: named(() => import('../staff/staff-console-screen'), (m) => m.AuditTab) },
            { path: 'leads', lazy: named(() => import('../staff/staff-console-screen'), (m) => m.LeadsTab) },
            // chart.js comes with this tab's chunk only.
            { path: 'downloads', lazy: page(() => import('../staff/staff-downloads-tab')) },
            { path: 'registry', lazy: page(() => import('../staff/staff-registry-tab')) },
            { path: 'work-orders', lazy: page(() => import('../staff/staff-work-orders-tab')) },
            { path: 'releases', lazy: page(() => import('../staff/staff-releases-tab')) },
          ],
        },
        { path: '*', lazy: page(() => import('./not-found-screen')) },
      ],
    },
  ];
}
