import type { Refused } from '../shared/refused';

/** The CAM products and the software pages of spec 2 section 2 (DECISIONS 3 settles the product types). */

/** `ProductType` of `api/Cam/GetCamAssistant`: 0 Nest Tube V1.0, 1 Nest V2.0, 2 Nest Tube V1.5, 3 Nest V1.5, 4 Nest V1.0. */
export type CamProductType = '0' | '1' | '2' | '3' | '4';

/** A release as `GetCamAssistant` lists it (spec 1 section 3), newest first. */
export interface CamRelease {
  id: number | string;
  filename: string;
  type: number | string;
  versionnumber: string;
  createtime: string;
  remark: string;
  /** A same-origin path to the file. */
  fileurl: string;
}

/** A product's newest release, the server's message when it has none yet, or a refusal. */
export type LatestReleaseAnswer = { kind: 'release'; release: CamRelease } | { kind: 'none'; message: string } | Refused;

/** The release date as `YYYY-MM-DD` (the server sends ISO 8601 or the spec's "YYYY-MM-DD hh:mm:ss"). */
export function releaseDate(createtime: string): string {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(createtime.trim());
  if (!match) return createtime.trim();
  return `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}`;
}

/** The literal download routes of the route table (kept for old links). */
export type SoftwareDownloadPage = 'bodornest' | 'bodornesttube' | 'nestdown1.0' | 'bodornest1.5';

export interface SoftwareDownloadPageInfo {
  page: SoftwareDownloadPage;
  productType: CamProductType;
  /** The product's display name without the brand: `Nest V2.0`. */
  product: string;
  kind: 'sheet' | 'tube';
  /** Nest, nest tube and nest 1.0 list the three runtime packages (spec 2 section 2). */
  runtimePackages: boolean;
}

export const SOFTWARE_DOWNLOAD_PAGES: Record<SoftwareDownloadPage, SoftwareDownloadPageInfo> = {
  bodornest: { page: 'bodornest', productType: '1', product: 'Nest V2.0', kind: 'sheet', runtimePackages: true },
  bodornesttube: { page: 'bodornesttube', productType: '0', product: 'Nest Tube V1.0', kind: 'tube', runtimePackages: true },
  'nestdown1.0': { page: 'nestdown1.0', productType: '4', product: 'Nest V1.0', kind: 'sheet', runtimePackages: true },
  'bodornest1.5': { page: 'bodornest1.5', productType: '3', product: 'Nest V1.5', kind: 'sheet', runtimePackages: false },
};

/** Nest Tube V1.5 has no route of its own in the route table: the tube page shows it for `?v=1.5` (the landing card's link). */
export const NEST_TUBE_15_PAGE: SoftwareDownloadPageInfo = {
  page: 'bodornesttube',
  productType: '2',
  product: 'Nest Tube V1.5',
  kind: 'tube',
  runtimePackages: true,
};

/** What a download route shows, given its `v` query. */
export function downloadPageInfo(page: SoftwareDownloadPage, version: string | null): SoftwareDownloadPageInfo {
  return page === 'bodornesttube' && version === '1.5' ? NEST_TUBE_15_PAGE : SOFTWARE_DOWNLOAD_PAGES[page];
}

/** A runtime the nesting software needs on the workstation; served by its publisher. */
export interface RuntimePackage {
  id: 'vcredist' | 'dotnet' | 'directx';
  name: string;
  url: string;
}

export const RUNTIME_PACKAGES: readonly RuntimePackage[] = [
  { id: 'vcredist', name: 'Microsoft Visual C++ Redistributable (x64)', url: 'https://aka.ms/vs/17/release/vc_redist.x64.exe' },
  { id: 'dotnet', name: 'Microsoft .NET Framework 4.8', url: 'https://dotnet.microsoft.com/download/dotnet-framework/net48' },
  { id: 'directx', name: 'DirectX End-User Runtime', url: 'https://www.microsoft.com/download/details.aspx?id=35' },
];

/**
 * The `isVisitor` route param: `'false'` means a logged-in user; `'true'`, a missing param
 * (old links, the landing page) or anything else means a visitor.
 */
export function isVisitorParam(param: string | null | undefined): boolean {
  return param !== 'false';
}

/** Where "back" goes from the software pages: the shell's software section or the visitor tab. */
export function softwareBackPath(isVisitor: boolean): string {
  return isVisitor ? '/visitor/software' : '/index/software';
}

/** A release's notes as lines: `\r\n`, `\n` and the `<br>` some releases carry. */
export function releaseNoteLines(remark: string | null | undefined): string[] {
  return (remark ?? '')
    .split(/<br\s*\/?>|\r?\n/i)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
