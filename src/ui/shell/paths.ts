import { RETURN_PARAM } from '../../domain/accounts/route-guard';
import type { LiveRoute } from '../../domain/devices/fleet';
import { sectionSegment, type PortalSection } from './sections';

/** Builders for the routes of spec 1 section 2 (paths inside the `/app` basename). */
export const paths = {
  home: () => '/',
  /** The login page; with `returnTo`, the page it goes back to once logged in (`safeReturnPath` decides whether it may). */
  login: (returnTo?: string) => (returnTo ? `/Login?${RETURN_PARAM}=${encodeURIComponent(returnTo)}` : '/Login'),
  register: () => '/Register',
  information: () => '/Information',
  section: (section: PortalSection) => `/index/${sectionSegment(section)}`,
  visitor: (tab: 'software' | 'knowledge' | 'download') => `/visitor/${tab}`,
  userCenter: () => '/usercenter',
  folder: (id: string | number) => `/folder/${id}`,
  article: (id: string | number, parentId: string | number) => `/article/${id}/${parentId}`,
  guideArticle: (id: string | number, parentId: string | number) => `/guideArticle/${id}/${parentId}`,
  selfArticle: (id: string | number, parentId: string | number) => `/selfArticle/${id}/${parentId}`,
  softwareDown: (id: string | number, parentId: string | number, isVisitor: boolean) =>
    `/softwareDown/${id}/${parentId}/${isVisitor}`,
  /** Named route deviceInfo: machines whose communicationstatus is 1. */
  deviceInfo: (orderNumber: string, type: string) => `/deviceInfo/${encodeURIComponent(orderNumber)}/${type}`,
  /** Named route deviceInfoWs: the websocket variant for every other machine. */
  deviceInfoWs: (orderNumber: string, type: string) => `/deviceInfoWs/${encodeURIComponent(orderNumber)}/${type}`,
  /** A machine's scanned QR label (`m/:label`, the short link its code holds). */
  label: (label: string) => `/m/${encodeURIComponent(label)}`,
  /** The live page a machine opens (the fleet's tile, a scanned label). */
  livePage: (route: LiveRoute) => (route.page === 'deviceInfo' ? paths.deviceInfo(route.orderNumber, route.type) : paths.deviceInfoWs(route.orderNumber, route.type)),
  software: (page: 'bodorplus' | 'bodornest' | 'bodornesttube' | 'nestdown1.0' | 'bodornest1.5', isVisitor: boolean) =>
    `/${page}/${isVisitor}`,
  /** `/click`, optionally pre-filling the work-order form (the alarm → fault article → work order path). */
  click: (prefill?: { order?: string; alarm?: string; text?: string }) => {
    const query = new URLSearchParams();
    if (prefill?.order) query.set('order', prefill.order);
    if (prefill?.alarm) query.set('alarm', prefill.alarm);
    if (prefill?.text) query.set('text', prefill.text);
    const q = query.toString();
    return q ? `/click?${q}` : '/click';
  },
  stock: (id?: number | string) => (id === undefined ? '/Stock' : `/Stock?Id=${encodeURIComponent(String(id))}`),
  summary: () => '/Summary',
  /** The self-service fault article whose label is an alarm code (opens the article, or /self when none matches). */
  faultArticle: (code: string) => `/fault/${encodeURIComponent(code)}`,
} as const;
