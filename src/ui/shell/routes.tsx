import { useLayoutEffect, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { guardRoute } from '../../domain/accounts/route-guard';
import { brand, gptSegment } from '../common/brand';
import { removeStrayFirstScreen } from '../common/first-screen';
import type { ServiceArea } from '../common/services-context';
import type { MessageArea } from '../i18n/message-loaders';
import type { AreaKey } from './area-placeholder';
import { DocumentTitle } from './document-title';
import { PageLoading } from './page-loading';
import { remountOnParams } from './remount-on-params';
import { PORTAL_SECTIONS } from './sections';

export { APP_BASENAME } from '../common/app-basename';

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
  // A first screen from the build (common/first-screen.ts) painted for another page goes: its own page removes it when it mounts.
  useLayoutEffect(() => removeStrayFirstScreen(pathname), [pathname]);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * What a page needs before it renders besides its chunk: its areas' services (container modules)
 * and its areas' messages. The route gate (app/route-gate.ts) loads these next to the chunk; a
 * route that says nothing waits for every area. tests/app/route-needs.test.ts reads each page's
 * code and fails when a page uses a token or names a message key of an area not listed here.
 */
export interface PageNeeds {
  services: readonly ServiceArea[];
  messages: readonly MessageArea[];
}

/** The part of a route that loads its page: `lazy`, and in `handle` what the page needs. */
export type PageRoute = Pick<RouteObject, 'lazy' | 'handle'>;

/** A page in its own chunk. */
function page(load: Loader<object>, needs: PageNeeds): PageRoute {
  return { lazy: async () => ({ Component: (await load()).default }), handle: { needs } };
}

/** A named export of a module, in that module's chunk. */
function named<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, needs: PageNeeds): PageRoute {
  return { lazy: async () => ({ Component: pick(await load()) }), handle: { needs } };
}

/** What a route's `handle` says its page needs (route-gate.ts); undefined when it says nothing. */
export function needsOf(route: RouteObject): PageNeeds | undefined {
  return (route.handle as { needs?: PageNeeds } | undefined)?.needs;
}

const SHELL: PageNeeds = { services: [], messages: ['shell'] };
const STAFF: PageNeeds = { services: ['staff'], messages: ['accounts', 'cam', 'devices', 'software', 'staff'] };

const loadPlaceholder = () => import('./area-placeholder');

/** An area a later issue builds: its "coming soon" page (a whole page, or a card inside a shell). */
function placeholder(area: AreaKey, framed = true): PageRoute {
  return named(loadPlaceholder, ({ default: AreaPlaceholder }) => () => <AreaPlaceholder area={area} framed={framed} />, SHELL);
}

/** Which area each portal section shows (replace a placeholder with the area's screen when it exists). */
const SECTION_PAGES: Record<(typeof PORTAL_SECTIONS)[number], PageRoute> = {
  device: named(() => import('../devices/fleet-screen'), (m) => m.FleetSection, { services: ['devices', 'maintenance'], messages: ['devices'] }),
  task: named(() => import('../reports/task-screen'), (m) => m.TaskSection, { services: ['reports'], messages: ['devices', 'repair', 'reports'] }),
  software: named(() => import('../software/software-cards'), (m) => m.SoftwareSection, { services: [], messages: ['software'] }),
  cam: named(() => import('../cam/cam-screen'), (m) => m.CamSection, { services: ['camPage'], messages: ['accounts', 'cam'] }),
  knowledge: named(() => import('../knowledge/knowledge-section-screen'), (m) => m.KnowledgeSection, { services: ['knowledge'], messages: ['knowledge'] }),
  use: named(() => import('../knowledge/use-hub-screen'), (m) => m.UseSection, { services: [], messages: ['knowledge'] }),
  repair: named(() => import('../repair/repair-hub-screen'), (m) => m.RepairSection, { services: [], messages: ['repair'] }),
  maintenance: named(() => import('../maintenance/maintenance-screen'), (m) => m.MaintenanceSection, { services: ['maintenance'], messages: ['devices', 'maintenance'] }),
  file: named(() => import('../documents/documents-screen'), (m) => m.FileSection, { services: ['devices', 'documents'], messages: ['devices', 'documents'] }),
  gpt: named(() => import('../chat/chat-screen'), (m) => m.ChatSection, { services: ['chat'], messages: ['chat'] }),
};

const loadDownloadPages = () => import('../software/software-download-screen');

const DOWNLOAD_PAGE: PageNeeds = { services: ['software'], messages: ['cam', 'software'] };

/** The software information pages (spec 2 section 2), each in its own chunk. */
const SOFTWARE_PAGES: ReadonlyArray<[path: string, route: PageRoute]> = [
  ['bodorplus', page(() => import('../software/plus-intro-screen'), { services: [], messages: ['servicePages', 'software'] })],
  ['bodornest', named(loadDownloadPages, (m) => m.NestDownloadPage, DOWNLOAD_PAGE)],
  ['bodornesttube', named(loadDownloadPages, (m) => m.NestTubeDownloadPage, DOWNLOAD_PAGE)],
  ['nestdown1.0', named(loadDownloadPages, (m) => m.Nest10DownloadPage, DOWNLOAD_PAGE)],
  ['bodornest1.5', named(loadDownloadPages, (m) => m.Nest15DownloadPage, DOWNLOAD_PAGE)],
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
        // The landing page renders at once, ungated: it loads the services its CAM cards and contact form
        // need itself, once the visitor goes on (landing/services-on-intent.ts).
        { index: true, lazy: async () => ({ Component: (await import('../landing/landing-screen')).default }) },
        // Paths match case-insensitively, so this is /login and /Login.
        { path: 'login', ...page(() => import('../accounts/login-screen'), { services: ['accounts'], messages: ['accounts', 'cam'] }) },
        { path: 'Register', ...page(() => import('../accounts/register-screen'), { services: ['accounts'], messages: ['accounts', 'cam'] }) },
        { path: 'Information', ...page(() => import('../software/information-screen'), { services: ['software'], messages: ['accounts', 'cam', 'software'] }) },
        {
          path: 'index',
          ...page(() => import('./portal-shell'), SHELL),
          children: [
            { index: true, ...named(() => import('./portal-shell'), (m) => m.RestoreSection, SHELL) },
            ...PORTAL_SECTIONS.filter((s) => s !== 'gpt').map((section) => ({ path: section, ...SECTION_PAGES[section] })),
            { path: gpt, id: 'gpt', ...SECTION_PAGES.gpt },
            ...(gpt.toLowerCase() === 'gpt' ? [] : [{ path: 'gpt', ...SECTION_PAGES.gpt }]),
            { path: '*', ...named(() => import('./portal-shell'), (m) => m.UnknownSection, SHELL) },
          ],
        },
        {
          path: 'visitor',
          ...page(() => import('./visitor-shell'), SHELL),
          children: [
            { index: true, ...named(() => import('./visitor-shell'), (m) => m.DefaultVisitorTab, SHELL) },
            { path: 'software', ...named(() => import('../software/software-cards'), (m) => m.VisitorSoftwareTab, { services: [], messages: ['software'] }) },
            { path: 'knowledge', ...named(() => import('../knowledge/knowledge-section-screen'), (m) => m.VisitorKnowledgeTab, { services: ['knowledge'], messages: ['knowledge'] }) },
            { path: 'download', ...named(() => import('../knowledge/library-pages'), (m) => m.VisitorDownloadTab, { services: ['knowledge'], messages: ['knowledge', 'software'] }) },
            { path: '*', ...named(() => import('./visitor-shell'), (m) => m.DefaultVisitorTab, SHELL) },
          ],
        },
        { path: 'usercenter', ...page(() => import('../user-centre/user-centre-screen'), { services: ['userCentre'], messages: ['accounts', 'software', 'userCentre'] }) },
        { path: 'folder/:id', id: 'folder', ...named(() => import('../knowledge/library-pages'), (m) => m.FolderPage, { services: ['knowledge'], messages: ['knowledge', 'software'] }) },
        { path: 'article/:id/:parentId', id: 'article', ...named(() => import('../knowledge/article-screen'), (m) => m.KnowledgeArticlePage, { services: ['knowledge'], messages: ['knowledge', 'software'] }) },
        { path: 'guideArticle/:id/:parentId', id: 'guideArticle', ...named(() => import('../knowledge/article-screen'), (m) => m.GuideArticlePage, { services: ['knowledge'], messages: ['knowledge', 'software'] }) },
        { path: 'selfArticle/:id/:parentId', id: 'selfArticle', ...named(() => import('../knowledge/article-screen'), (m) => m.SelfArticlePage, { services: ['knowledge'], messages: ['knowledge', 'software'] }) },
        { path: 'softwareDown/:id/:parentId/:isVisitor', id: 'softwareDown', ...named(() => import('../knowledge/article-screen'), (m) => m.SoftwareDownArticlePage, { services: ['knowledge'], messages: ['knowledge', 'software'] }) },
        { path: 'download2', ...named(() => import('../knowledge/library-pages'), (m) => m.Download2Page, { services: ['knowledge'], messages: ['knowledge', 'software'] }) },
        { path: 'guide', ...named(() => import('../knowledge/library-pages'), (m) => m.GuidePage, { services: ['knowledge'], messages: ['knowledge', 'software'] }) },
        { path: 'random', ...page(() => import('../random-files/random-files-screen'), { services: ['randomFiles'], messages: ['randomFiles', 'software'] }) },
        { path: 'self', ...named(() => import('../knowledge/library-pages'), (m) => m.SelfPage, { services: ['knowledge'], messages: ['knowledge', 'software'] }) },
        { path: 'Summary', ...page(() => import('../repair/summary-screen'), { services: ['repair'], messages: ['repair', 'software'] }) },
        // Case-insensitive too: /Stock and /stock (spec 3), optional query Id.
        { path: 'Stock', ...page(() => import('../repair/stock-screen'), { services: ['repair'], messages: ['repair', 'software'] }) },
        { path: 'maintain', ...page(() => import('../maintenance/maintain-screen'), { services: ['maintenance'], messages: ['devices', 'maintenance', 'software'] }) },
        { path: 'click', ...page(() => import('../repair/click-screen'), { services: ['accounts', 'devices', 'repair'], messages: ['accounts', 'cam', 'devices', 'repair', 'software'] }) },
        { path: 'fault/:code', id: 'fault', ...page(() => import('../repair/fault-article-screen'), { services: ['knowledge', 'repair'], messages: [] }) },
        // A scanned QR label (issue 39): the server sends /m/<label> here.
        { path: 'm/:label', id: 'labelScan', ...page(() => import('../devices/label-scan-screen'), { services: ['devices'], messages: ['devices', 'software', 'accounts'] }) },
        { path: 'deviceInfo/:orderNumber/:type', id: 'deviceInfo', ...page(() => import('../devices/tube-device-screen'), { services: ['devices', 'maintenance'], messages: ['devices', 'repair'] }) },
        { path: 'deviceInfoWs/:orderNumber/:type', id: 'deviceInfoWs', ...page(() => import('../devices/sheet-device-screen'), { services: ['devices', 'maintenance'], messages: ['devices', 'repair'] }) },
        // The landing-page CAM cards open these with a trailing /true; old links may omit it.
        ...SOFTWARE_PAGES.map(([path, route]) => ({ path: `${path}/:isVisitor?`, id: path, ...route })),
        { path: 'test', ...placeholder('test') },
        { path: 'service', ...page(() => import('../staff/service-screen'), { services: ['randomFiles', 'staff'], messages: ['accounts', 'cam', 'devices', 'software', 'staff'] }) },
        { path: 'camReport', ...named(() => import('../user-centre/feedback-screen'), (m) => m.CamReportPage, { services: ['userCentre'], messages: ['accounts', 'richTextEditor', 'software', 'userCentre'] }) },
        { path: 'userReport', ...named(() => import('../user-centre/feedback-screen'), (m) => m.UserReportPage, { services: ['userCentre'], messages: ['accounts', 'richTextEditor', 'software', 'userCentre'] }) },
        { path: 'nestvideo', ...page(() => import('../service-pages/nest-video-screen'), { services: [], messages: ['servicePages', 'software'] }) },
        { path: 'standards', ...page(() => import('../service-pages/standards-screen'), { services: [], messages: ['servicePages', 'software'] }) },
        { path: 'policy', ...page(() => import('../service-pages/policy-screen'), { services: ['software'], messages: ['cam', 'servicePages', 'software'] }) },
        { path: 'dr', ...page(() => import('../software/dr-screen'), { services: [], messages: ['software'] }) },
        { path: 'staff/knowledge', ...page(() => import('../knowledge-admin/knowledge-admin-screen'), { services: ['knowledgeAdmin'], messages: ['knowledge', 'knowledgeAdmin', 'richTextEditor', 'software'] }) },
        { path: 'staff/questions', ...page(() => import('../user-centre/staff-questions-screen'), { services: ['userCentre'], messages: ['software', 'userCentre'] }) },
        {
          path: 'staff',
          ...page(() => import('../staff/staff-console-screen'), STAFF),
          children: [
            { index: true, ...named(() => import('../staff/staff-console-screen'), (m) => m.StaffConsoleIndex, STAFF) },
            { path: 'registrations', ...named(() => import('../staff/staff-console-screen'), (m) => m.RegistrationsTab, STAFF) },
            { path: 'audit', ...named(() => import('../staff/staff-console-screen'), (m) => m.AuditTab, STAFF) },
            { path: 'leads', ...named(() => import('../staff/staff-console-screen'), (m) => m.LeadsTab, STAFF) },
            // chart.js comes with this tab's chunk only.
            { path: 'downloads', ...page(() => import('../staff/staff-downloads-tab'), STAFF) },
            { path: 'registry', ...page(() => import('../staff/staff-registry-tab'), STAFF) },
            { path: 'work-orders', ...page(() => import('../staff/staff-work-orders-tab'), STAFF) },
            { path: 'releases', ...page(() => import('../staff/staff-releases-tab'), STAFF) },
          ],
        },
        { path: '*', ...page(() => import('./not-found-screen'), SHELL) },
      ],
    },
  ].map(remountOnParams);
}
