import { gptSegment } from '../common/brand';

/** The sections of the logged-in shell, in navigation order (spec 1 section 2). */
export const PORTAL_SECTIONS = [
  'device',
  'task',
  'software',
  'cam',
  'knowledge',
  'use',
  'repair',
  'maintenance',
  'file',
  'gpt',
] as const;

export type PortalSection = (typeof PORTAL_SECTIONS)[number];

export const DEFAULT_SECTION: PortalSection = 'device';

/** The section a `/index/<segment>` names: `LaserGpt` (the configured brand) and `gpt` are both the chat. */
export function sectionFromSegment(segment: string | null | undefined, brandName?: string): PortalSection | null {
  if (!segment) return null;
  const lower = segment.toLowerCase();
  if (lower === 'gpt' || lower === gptSegment(brandName).toLowerCase()) return 'gpt';
  return (PORTAL_SECTIONS as readonly string[]).includes(segment) ? (segment as PortalSection) : null;
}

/** The path segment the navigation links to (the brand's `{product}Gpt` for the chat). */
export function sectionSegment(section: PortalSection, brandName?: string): string {
  return section === 'gpt' ? gptSegment(brandName) : section;
}
