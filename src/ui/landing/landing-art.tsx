/** The landing page's icons and its first screen's illustration: small inline SVGs, no image files (the sections' are in landing-section-art.tsx). */

const BLUE = '#2563eb';
const SKY = '#93c5fd';
const ORANGE = '#f97316';
const AMBER = '#fdba74';

/** A 24×24 stroke icon. */
export function LineIcon({ d, size = 22 }: { d: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

/** Stroke icon paths by name. */
export const ICONS = {
  monitor: 'M3 12h4l3-8 4 16 3-8h4',
  reports: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h5',
  stats: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  maintenance: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-2.5z',
  repair: 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5',
  files: 'M7 18a4 4 0 0 1-.6-8A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9M12 12v8M9 15l3-3 3 3',
  knowledge: 'M4 4h7a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H4zM20 4h-4a3 3 0 0 0-3 3v13a2 2 0 0 1 2-2h5z',
  vip: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z',
  params: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  controllers: 'M4 5h16v10H4zM8 19h8M12 15v4M8 9h3M8 12h5',
  edge: 'M4 7c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 7v5c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12v5c0 1.7 3.6 3 8 3s8-1.3 8-3v-5',
  secure: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM9 12l2 2 4-4',
  install: 'M13 2L4 14h7l-1 8 9-12h-7z',
  alarm: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  check: 'M5 12l5 5L20 7',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  clock: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  play: 'M8 5v14l11-7z',
  menu: 'M4 7h16M4 12h16M4 17h16',
  globe: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2M14 18h2v2M18 18h2v2',
  chevronLeft: 'M15 5l-7 7 7 7',
  chevronRight: 'M9 5l7 7-7 7',
  factory: 'M3 21V10l6 4V10l6 4V6h6v15zM7 17h2M12 17h2M17 17h2',
} as const;

/** Hero: a laser head cutting a part from a sheet, data rising to the cloud. */
export function HeroArt({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 480 360" width="100%" role="img" aria-label={label} style={{ maxWidth: 480, height: 'auto' }}>
      <defs>
        <linearGradient id="hero-sheet" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#cbd5e1" />
          <stop offset="1" stopColor="#64748b" />
        </linearGradient>
        <linearGradient id="hero-beam" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fed7aa" />
          <stop offset="1" stopColor={ORANGE} />
        </linearGradient>
        <radialGradient id="hero-glow">
          <stop offset="0" stopColor="#fff7ed" />
          <stop offset="0.4" stopColor={AMBER} stopOpacity="0.9" />
          <stop offset="1" stopColor={ORANGE} stopOpacity="0" />
        </radialGradient>
      </defs>
      {/* cloud with data */}
      <g opacity="0.95">
        <path d="M330 92a34 34 0 0 1 64-14 26 26 0 0 1 36 26 22 22 0 0 1-6 43H334a28 28 0 0 1-4-55z" fill="#ffffff" fillOpacity="0.12" stroke={SKY} strokeWidth="2" />
        <path d="M350 132v-18M366 132v-30M382 132v-22M398 132v-36" stroke={AMBER} strokeWidth="5" strokeLinecap="round" />
      </g>
      <path d="M300 170c20-20 30-25 46-26" stroke={SKY} strokeWidth="2" strokeDasharray="4 6" fill="none" />
      {/* gantry */}
      <rect x="40" y="60" width="270" height="14" rx="4" fill="#334155" />
      <rect x="150" y="70" width="60" height="18" rx="3" fill="#475569" />
      {/* laser head */}
      <path d="M160 88h40l-6 46h-28z" fill="#e2e8f0" />
      <rect x="158" y="96" width="44" height="8" rx="2" fill={BLUE} />
      <path d="M172 134h16l-4 20h-8z" fill="#94a3b8" />
      <path d="M180 154v78" stroke="url(#hero-beam)" strokeWidth="4" strokeLinecap="round" />
      {/* sheet in perspective */}
      <path d="M20 250l90-40h350l-90 40z" fill="url(#hero-sheet)" />
      <path d="M20 250h260v14H20z" fill="#475569" />
      <path d="M280 250l90-40v14l-90 40z" fill="#334155" />
      {/* parts being cut */}
      <path d="M80 236l22-10h54l-22 10z" fill="none" stroke="#1e293b" strokeWidth="2" strokeDasharray="5 4" />
      <ellipse cx="250" cy="226" rx="30" ry="8" fill="none" stroke="#1e293b" strokeWidth="2" strokeDasharray="5 4" />
      <path d="M150 238c12-6 24-8 30-6" fill="none" stroke={ORANGE} strokeWidth="3" strokeLinecap="round" />
      {/* spark */}
      <circle cx="180" cy="232" r="22" fill="url(#hero-glow)" />
      <path d="M180 232l-16-10M180 232l18-8M180 232l-12 14M180 232l14 12M180 232l-22 2M180 232l24 3" stroke="#fed7aa" strokeWidth="2" strokeLinecap="round" />
      {/* finished parts */}
      <g transform="translate(330 270)">
        <rect width="70" height="46" rx="6" fill="#e2e8f0" />
        <circle cx="18" cy="23" r="8" fill="#94a3b8" />
        <rect x="34" y="14" width="26" height="18" rx="3" fill="#94a3b8" />
      </g>
      <g transform="translate(60 280)">
        <path d="M0 10h70v26H0z" fill="#cbd5e1" />
        <path d="M0 10l12-10h70l-12 10z" fill="#e2e8f0" />
        <path d="M70 10l12-10v26l-12 10z" fill="#94a3b8" />
      </g>
    </svg>
  );
}
