/** The illustrations of the landing page's sections below the first screen: small inline SVGs, no image files. */

const NAVY = '#1e3a8a';
const BLUE = '#2563eb';
const SKY = '#93c5fd';
const ORANGE = '#f97316';
const AMBER = '#fdba74';

/** Industry pictograms (48×48), one per application area. */
const INDUSTRY_PATHS: Record<string, string> = {
  machinery:
    'M24 15a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM22 6h4l1 5h-6zM22 42h4l1-5h-6zM6 22v4l5 1v-6zM42 22v4l-5 1v-6zM11 11l3-3 4 3-4 4zM37 37l-3 3-4-3 4-4zM37 11l-3-3-4 3 4 4zM11 37l3 3 4-3-4-4z',
  signage: 'M8 8h32v22H8zM22 30v12M16 42h16M15 25l6-13 6 13M17 21h8M31 12v13',
  fitness: 'M4 20v8M9 15v18M14 17v14M14 24h20M34 17v14M39 15v18M44 20v8',
  hvac: 'M6 10h36v18H6zM10 22h28M12 34l4-4M24 36v-6M36 34l-4-4M34 14h4',
  decoration: 'M8 6h32v36H8zM16 14a4 4 0 1 0 0 .1M32 14a4 4 0 1 0 0 .1M24 24a4 4 0 1 0 0 .1M16 34a4 4 0 1 0 0 .1M32 34a4 4 0 1 0 0 .1M8 24h10M30 24h10M24 6v14M24 28v14',
  auto: 'M6 30v-6l5-9h20l7 9h4v6zM10 30a4 4 0 1 0 8 0M30 30a4 4 0 1 0 8 0M14 16v8M24 16v8M6 24h36',
  steel: 'M6 8h36M6 40h36M24 8v32M10 8v4M38 8v4M10 40v-4M38 40v-4M24 14l-10 20M24 14l10 20',
  ship: 'M6 30h36l-5 10H11zM12 30V20h20v10M18 20v-8h8v8M26 14h6M4 44c4 0 4-2 8-2s4 2 8 2 4-2 8-2 4 2 8 2 4-2 8-2',
};

export function IndustryArt({ industry }: { industry: string }) {
  return (
    <svg width="48" height="48" viewBox="0 0 48 48" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={INDUSTRY_PATHS[industry] ?? INDUSTRY_PATHS.machinery} />
    </svg>
  );
}

/** MES: a factory hall whose machines report to one screen. */
export function MesArt({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 420 300" width="100%" role="img" aria-label={label} style={{ maxWidth: 440, height: 'auto' }}>
      <rect x="10" y="10" width="400" height="280" rx="18" fill="#eff6ff" />
      {/* hall */}
      <path d="M40 240V130l60 30v-30l60 30v-30l60 30V90h40v150z" fill="#dbeafe" stroke={NAVY} strokeWidth="2" strokeLinejoin="round" />
      <rect x="230" y="70" width="20" height="20" fill="#bfdbfe" stroke={NAVY} strokeWidth="2" />
      {/* machines */}
      {[60, 120, 180].map((x) => (
        <g key={x}>
          <rect x={x} y="200" width="44" height="26" rx="4" fill="#ffffff" stroke={NAVY} strokeWidth="2" />
          <path d={`M${x + 22} 200v-10`} stroke={ORANGE} strokeWidth="3" strokeLinecap="round" />
          <circle cx={x + 36} cy="213" r="3" fill="#22c55e" />
        </g>
      ))}
      {/* connections to the screen */}
      <path d="M82 190c0-40 120-60 200-70M142 190c0-30 90-50 140-62M202 190c0-20 50-40 80-52" fill="none" stroke={BLUE} strokeWidth="1.6" strokeDasharray="4 5" />
      {/* dashboard */}
      <rect x="282" y="96" width="110" height="130" rx="10" fill="#ffffff" stroke={NAVY} strokeWidth="2" />
      <rect x="294" y="108" width="60" height="8" rx="4" fill={SKY} />
      <path d="M298 196v-30M316 196v-48M334 196v-20M352 196v-56M370 196v-38" stroke={BLUE} strokeWidth="9" strokeLinecap="round" />
      <path d="M296 150l20-14 18 10 18-22 20 8" fill="none" stroke={ORANGE} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="294" y="208" width="86" height="6" rx="3" fill="#e2e8f0" />
    </svg>
  );
}

/** HUB: one gateway between the machines and the cloud. */
export function HubArt({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 420 300" width="100%" role="img" aria-label={label} style={{ maxWidth: 440, height: 'auto' }}>
      <rect x="10" y="10" width="400" height="280" rx="18" fill="#0f1f4a" />
      <path d="M250 78a30 30 0 0 1 56-12 24 24 0 0 1 32 24 20 20 0 0 1-6 39h-78a26 26 0 0 1-4-51z" fill="none" stroke={SKY} strokeWidth="2" />
      <text x="292" y="112" textAnchor="middle" fill={SKY} fontSize="14" fontFamily="sans-serif">cloud</text>
      {/* gateway */}
      <rect x="170" y="150" width="80" height="54" rx="8" fill={BLUE} />
      <rect x="182" y="162" width="56" height="6" rx="3" fill={SKY} />
      <circle cx="188" cy="188" r="4" fill="#22c55e" />
      <circle cx="202" cy="188" r="4" fill={AMBER} />
      <circle cx="216" cy="188" r="4" fill="#22c55e" />
      <text x="210" y="224" textAnchor="middle" fill="#e0e7ff" fontSize="14" fontWeight="bold" fontFamily="sans-serif">HUB</text>
      <path d="M230 150c20-20 40-20 56-20" fill="none" stroke={AMBER} strokeWidth="2.4" strokeDasharray="6 5" />
      {/* machines */}
      {[
        [40, 70],
        [40, 150],
        [40, 230],
      ].map(([x, y]) => (
        <g key={y}>
          <rect x={x} y={y - 20} width="70" height="40" rx="6" fill="#1e3a8a" stroke={SKY} strokeWidth="1.5" />
          <path d={`M${x + 12} ${y + 8}h46`} stroke={SKY} strokeWidth="3" strokeLinecap="round" />
          <path d={`M${x + 35} ${y - 20}v-8`} stroke={ORANGE} strokeWidth="3" strokeLinecap="round" />
          <path d={`M${x + 70} ${y}C140 ${y} 140 177 170 177`} fill="none" stroke={SKY} strokeWidth="1.6" strokeDasharray="4 5" />
        </g>
      ))}
      {/* parameter ticks */}
      {Array.from({ length: 12 }, (_, i) => (
        <rect key={i} x={270 + (i % 6) * 20} y={200 + Math.floor(i / 6) * 22} width="12" height="12" rx="3" fill={i % 5 === 0 ? ORANGE : '#3b82f6'} opacity={0.5 + (i % 3) * 0.2} />
      ))}
    </svg>
  );
}

/** A CAM card's picture: parts nested on a sheet, or on a tube. */
export function NestingArt({ kind, label }: { kind: 'sheet' | 'tube'; label: string }) {
  if (kind === 'tube') {
    return (
      <svg viewBox="0 0 240 110" width="100%" role="img" aria-label={label} style={{ height: 'auto' }}>
        <rect width="240" height="110" rx="12" fill="#f1f5f9" />
        <rect x="24" y="36" width="192" height="38" rx="6" fill="#cbd5e1" />
        <rect x="24" y="36" width="192" height="10" rx="5" fill="#e2e8f0" />
        {[60, 104, 148, 192].map((x) => (
          <path key={x} d={`M${x} 36c-6 12-6 26 0 38`} fill="none" stroke={ORANGE} strokeWidth="2.5" strokeLinecap="round" />
        ))}
        {[40, 82, 126, 170].map((x) => (
          <rect key={x} x={x} y="50" width="10" height="12" rx="2" fill={NAVY} opacity="0.75" />
        ))}
        <ellipse cx="24" cy="55" rx="7" ry="19" fill="#94a3b8" />
        <ellipse cx="24" cy="55" rx="4" ry="14" fill="#f1f5f9" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 240 110" width="100%" role="img" aria-label={label} style={{ height: 'auto' }}>
      <rect width="240" height="110" rx="12" fill="#f1f5f9" />
      <rect x="24" y="14" width="192" height="82" rx="4" fill="#cbd5e1" />
      <rect x="34" y="24" width="50" height="30" rx="4" fill="#ffffff" stroke={NAVY} strokeWidth="1.5" />
      <circle cx="59" cy="39" r="7" fill="none" stroke={NAVY} strokeWidth="1.5" />
      <circle cx="112" cy="42" r="18" fill="#ffffff" stroke={NAVY} strokeWidth="1.5" />
      <path d="M140 24h66v30l-20 0-10-12h-36z" fill="#ffffff" stroke={NAVY} strokeWidth="1.5" />
      <path d="M34 62h80v24H34z" fill="#ffffff" stroke={NAVY} strokeWidth="1.5" />
      <path d="M122 62h38l-10 24h-28z" fill="#ffffff" stroke={NAVY} strokeWidth="1.5" />
      <path d="M166 62h40v24h-50z" fill="#ffffff" stroke={ORANGE} strokeWidth="1.8" strokeDasharray="4 3" />
    </svg>
  );
}
