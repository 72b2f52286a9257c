import { sectionSegment, type PortalSection } from './sections';

/** Builders for the routes of spec 1 section 2 (paths inside the `/app` basename). */
export const paths = {
  home: () => '/',
  login: () => '/Login',
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
  software: (page: 'bodorplus' | 'bodornest' | 'bodornesttube' | 'nestdown1.0' | 'bodornest1.5', isVisitor: boolean) =>
    `/${page}/${isVisitor}`,
} as const;
