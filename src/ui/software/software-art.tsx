/** The software pages' own illustrations (inline SVG, no external assets). */

export type SoftwareArtKind = 'plus' | 'nest' | 'nestTube';

/** A product picture: the Plus workspace, a nested sheet, or tubes with cut profiles. */
export function SoftwareArt({ kind, height = 140 }: { kind: SoftwareArtKind; height?: number }) {
  const common = { width: '100%', height, viewBox: '0 0 240 140', role: 'img' as const, 'aria-hidden': true, preserveAspectRatio: 'xMidYMid meet' };
  if (kind === 'plus') {
    return (
      <svg {...common}>
        <rect x="20" y="14" width="200" height="112" rx="10" fill="#eff6ff" stroke="#bfdbfe" />
        <rect x="20" y="14" width="200" height="18" rx="10" fill="#1e3a8a" />
        <circle cx="34" cy="23" r="3" fill="#fca5a5" />
        <circle cx="44" cy="23" r="3" fill="#fde68a" />
        <circle cx="54" cy="23" r="3" fill="#86efac" />
        <rect x="30" y="42" width="44" height="74" rx="6" fill="#dbeafe" />
        <rect x="36" y="50" width="32" height="5" rx="2.5" fill="#93c5fd" />
        <rect x="36" y="61" width="26" height="5" rx="2.5" fill="#93c5fd" />
        <rect x="36" y="72" width="30" height="5" rx="2.5" fill="#93c5fd" />
        <rect x="84" y="42" width="126" height="74" rx="6" fill="#ffffff" stroke="#dbeafe" />
        <path d="M100 100 L120 70 L140 84 L160 58 L190 76" fill="none" stroke="#2563eb" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="160" cy="58" r="5" fill="#f97316" />
        <path d="M96 106h104" stroke="#e2e8f0" strokeWidth="2" />
      </svg>
    );
  }
  if (kind === 'nest') {
    return (
      <svg {...common}>
        <rect x="24" y="16" width="192" height="108" rx="6" fill="#f1f5f9" stroke="#94a3b8" />
        <rect x="34" y="26" width="56" height="40" rx="4" fill="#bfdbfe" stroke="#2563eb" />
        <circle cx="62" cy="46" r="9" fill="#f1f5f9" stroke="#2563eb" />
        <rect x="96" y="26" width="40" height="40" rx="4" fill="#bfdbfe" stroke="#2563eb" />
        <path d="M142 26h64v40h-30z" fill="#bfdbfe" stroke="#2563eb" strokeLinejoin="round" />
        <path d="M34 74h44l-22 40H34z" fill="#bfdbfe" stroke="#2563eb" strokeLinejoin="round" />
        <circle cx="104" cy="94" r="20" fill="#bfdbfe" stroke="#2563eb" />
        <circle cx="104" cy="94" r="7" fill="#f1f5f9" stroke="#2563eb" />
        <rect x="132" y="74" width="74" height="40" rx="4" fill="#fed7aa" stroke="#f97316" strokeDasharray="4 3" />
        <path d="M150 94h38" stroke="#f97316" strokeWidth="2" strokeLinecap="round" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect x="20" y="30" width="200" height="26" rx="13" fill="#dbeafe" stroke="#2563eb" />
      <ellipse cx="220" cy="43" rx="7" ry="13" fill="#bfdbfe" stroke="#2563eb" />
      <path d="M70 30c8 8 8 18 0 26M120 30c-8 8-8 18 0 26M150 30l10 26" stroke="#f97316" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <rect x="20" y="78" width="200" height="34" rx="4" fill="#e0e7ff" stroke="#4f46e5" />
      <rect x="212" y="78" width="8" height="34" fill="#c7d2fe" stroke="#4f46e5" />
      <circle cx="60" cy="95" r="7" fill="#f8fafc" stroke="#4f46e5" />
      <rect x="96" y="88" width="24" height="14" rx="3" fill="#f8fafc" stroke="#4f46e5" />
      <path d="M160 78l-8 34" stroke="#f97316" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
