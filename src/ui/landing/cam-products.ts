import type { CamProductType } from '../../domain/cam/software-catalog';
import { paths } from '../shell/paths';

/** One CAM card of the landing page (spec 1 section 2, DECISIONS 3). */
export interface CamProduct {
  key: 'nestTube10' | 'nest20' | 'nestTube15' | 'nest15' | 'nest10';
  productType: CamProductType;
  /** The name after the brand: `{brand}Nest V2.0`. */
  name: string;
  kind: 'sheet' | 'tube';
  /** The download page, opened as a visitor (trailing /true). */
  downloadTo: string;
  /** The video page, or null where the spec says "no video yet". */
  videoTo: string | null;
}

/**
 * The spec's four cards in its order, then Nest V1.0: spec 1 lists /nestdown1.0 among the routes
 * the cards open and a "no video yet" button for nest 1.0, and DECISIONS 3 makes that route type 4
 * (Nest V1.0), so it has a card of its own (issue 23).
 */
export const CAM_PRODUCTS: readonly CamProduct[] = [
  { key: 'nestTube10', productType: '0', name: 'Nest Tube V1.0', kind: 'tube', downloadTo: paths.software('bodornesttube', true), videoTo: null },
  { key: 'nest20', productType: '1', name: 'Nest V2.0', kind: 'sheet', downloadTo: paths.software('bodornest', true), videoTo: '/nestvideo' },
  // Nest Tube V1.5 has no route of its own in the route table: the tube page shows it with ?v=1.5.
  { key: 'nestTube15', productType: '2', name: 'Nest Tube V1.5', kind: 'tube', downloadTo: `${paths.software('bodornesttube', true)}?v=1.5`, videoTo: null },
  { key: 'nest15', productType: '3', name: 'Nest V1.5', kind: 'sheet', downloadTo: paths.software('bodornest1.5', true), videoTo: null },
  { key: 'nest10', productType: '4', name: 'Nest V1.0', kind: 'sheet', downloadTo: paths.software('nestdown1.0', true), videoTo: null },
];
