import { useId } from 'react';
import type { MachineKind } from '../../domain/devices/machine-kind';

export interface MachineArtProps {
  kind: MachineKind;
  /** Rendered height in px; the width follows the 8:5 drawing. */
  height?: number;
}

/** A flatbed sheet laser cutter: bed with a plate and cut parts, gantry with the cutting head, control cabinet. */
function SheetCutter({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-plate`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#e2e8f0" />
          <stop offset="1" stopColor="#cbd5e1" />
        </linearGradient>
        <linearGradient id={`${id}-body`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#475569" />
          <stop offset="1" stopColor="#334155" />
        </linearGradient>
      </defs>
      <ellipse cx="120" cy="136" rx="108" ry="7" fill="#e2e8f0" />
      {/* bed: top, front and the brand stripe */}
      <path d="M16 86 L176 86 L200 66 L40 66 Z" fill="#94a3b8" />
      <path d="M26 83 L168 83 L188 69 L46 69 Z" fill={`url(#${id}-plate)`} stroke="#94a3b8" strokeWidth="0.8" />
      <g fill="none" stroke="#64748b" strokeWidth="1.1">
        <path d="M56 80 L74 80 L80 75 L62 75 Z" />
        <path d="M124 80 L134 80 L139 76 L129 76 Z" />
        <circle cx="142" cy="76" r="3.2" />
        <circle cx="154" cy="73" r="2.4" />
      </g>
      <path d="M84 80 L96 80 L104 74" fill="none" stroke="#f97316" strokeWidth="1.2" strokeDasharray="2.5 2" />
      <rect x="16" y="86" width="160" height="40" rx="3" fill={`url(#${id}-body)`} />
      <path d="M176 86 L200 66 L200 106 L176 126 Z" fill="#1e293b" />
      <rect x="16" y="94" width="160" height="5" fill="#2563eb" />
      <g stroke="#64748b" strokeWidth="1.5" strokeLinecap="round">
        <path d="M28 110h20M28 115h20M144 110h20M144 115h20" />
      </g>
      <rect x="20" y="126" width="10" height="6" rx="1" fill="#1e293b" />
      <rect x="162" y="126" width="10" height="6" rx="1" fill="#1e293b" />
      {/* gantry across the bed, its uprights and the cutting head */}
      <rect x="119" y="44" width="6" height="24" fill="#1e293b" />
      <path d="M96 56 L114 56 L138 36 L120 36 Z" fill="#cbd5e1" />
      <path d="M96 56 L114 56 L114 64 L96 64 Z" fill="#94a3b8" />
      <path d="M114 56 L138 36 L138 44 L114 64 Z" fill="#64748b" />
      <rect x="98" y="64" width="8" height="22" fill="#475569" />
      <rect x="101" y="46" width="14" height="8" rx="1.5" fill="#1d4ed8" />
      <rect x="103" y="54" width="10" height="12" rx="1.5" fill="#1e3a8a" />
      <path d="M104 66 L112 66 L108 73 Z" fill="#0f172a" />
      <path d="M108 73 V79" stroke="#f97316" strokeWidth="2" strokeLinecap="round" />
      <circle cx="108" cy="79.5" r="2.6" fill="#fdba74" />
      <path d="M108 79.5l-6-2.5M108 79.5l6-2.5M108 79.5l-4 3.5M108 79.5l4 3.5" stroke="#fb923c" strokeWidth="1" strokeLinecap="round" />
      {/* control cabinet */}
      <rect x="206" y="60" width="26" height="68" rx="3" fill="#475569" />
      <rect x="206" y="60" width="26" height="5" rx="2" fill="#2563eb" />
      <rect x="210" y="70" width="18" height="13" rx="1.5" fill="#0ea5e9" />
      <path d="M212 79l3-3 3 2 4-5 4 3" fill="none" stroke="#e0f2fe" strokeWidth="1.1" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="214" cy="92" r="2.4" fill="#22c55e" />
      <circle cx="222" cy="92" r="2.4" fill="#facc15" />
      <circle cx="219" cy="104" r="4" fill="#dc2626" stroke="#fca5a5" strokeWidth="1" />
      <rect x="209" y="128" width="20" height="4" rx="1" fill="#1e293b" />
    </>
  );
}

/** A tube laser cutter: base with rails, rear and front chucks holding a tube, the cutting head and cut pieces. */
function TubeCutter({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-tube`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f1f5f9" />
          <stop offset="0.45" stopColor="#cbd5e1" />
          <stop offset="1" stopColor="#64748b" />
        </linearGradient>
        <linearGradient id={`${id}-body`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#475569" />
          <stop offset="1" stopColor="#334155" />
        </linearGradient>
        <radialGradient id={`${id}-chuck`} cx="0.4" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="1" stopColor="#1e40af" />
        </radialGradient>
      </defs>
      <ellipse cx="120" cy="136" rx="110" ry="7" fill="#e2e8f0" />
      {/* base and rails */}
      <rect x="10" y="92" width="180" height="34" rx="3" fill={`url(#${id}-body)`} />
      <rect x="10" y="86" width="180" height="7" rx="2" fill="#94a3b8" />
      <path d="M10 89.5h180" stroke="#e2e8f0" strokeWidth="1" />
      <rect x="10" y="100" width="180" height="5" fill="#2563eb" />
      <g stroke="#64748b" strokeWidth="1.5" strokeLinecap="round">
        <path d="M22 114h18M22 119h18M160 114h18M160 119h18" />
      </g>
      <rect x="14" y="126" width="10" height="6" rx="1" fill="#1e293b" />
      <rect x="176" y="126" width="10" height="6" rx="1" fill="#1e293b" />
      {/* support rollers */}
      <g fill="#475569">
        <rect x="92" y="76" width="4" height="11" />
        <rect x="120" y="76" width="4" height="11" />
      </g>
      <circle cx="94" cy="76" r="3.5" fill="#1e293b" />
      <circle cx="122" cy="76" r="3.5" fill="#1e293b" />
      {/* the head's column and arm, behind the tube */}
      <rect x="170" y="18" width="8" height="70" rx="1.5" fill="#475569" />
      <rect x="158" y="22" width="20" height="7" rx="1.5" fill="#64748b" />
      {/* rear chuck carriage */}
      <rect x="26" y="52" width="22" height="35" rx="3" fill="#1e3a8a" />
      {/* the tube through both chucks */}
      <rect x="36" y="61" width="150" height="14" rx="2" fill={`url(#${id}-tube)`} />
      <path d="M40 64h142" stroke="#ffffff" strokeOpacity="0.7" strokeWidth="1" />
      <ellipse cx="186" cy="68" rx="3.5" ry="7" fill="#94a3b8" />
      <ellipse cx="186" cy="68" rx="2" ry="4.6" fill="#334155" />
      <circle cx="48" cy="68" r="16" fill={`url(#${id}-chuck)`} />
      <circle cx="48" cy="68" r="9.5" fill="none" stroke="#93c5fd" strokeWidth="1.2" />
      <g fill="#dbeafe">
        <rect x="46" y="53" width="4" height="6" rx="1" />
        <rect x="46" y="77" width="4" height="6" rx="1" />
        <rect x="33" y="66" width="6" height="4" rx="1" />
        <rect x="57" y="66" width="6" height="4" rx="1" />
      </g>
      {/* front chuck */}
      <rect x="138" y="78" width="16" height="9" fill="#1e3a8a" />
      <circle cx="146" cy="68" r="12.5" fill={`url(#${id}-chuck)`} />
      <circle cx="146" cy="68" r="8.5" fill="none" stroke="#93c5fd" strokeWidth="1.1" />
      <g fill="#dbeafe">
        <rect x="144.5" y="56.5" width="3" height="5" rx="1" />
        <rect x="144.5" y="74.5" width="3" height="5" rx="1" />
      </g>
      {/* cutting head, hanging from its arm in front of the tube */}
      <rect x="160" y="29" width="12" height="9" rx="1.5" fill="#1d4ed8" />
      <rect x="161.5" y="38" width="9" height="13" rx="1.5" fill="#1e3a8a" />
      <path d="M162.5 51 L169.5 51 L166 57 Z" fill="#0f172a" />
      <path d="M166 57 V61" stroke="#f97316" strokeWidth="2" strokeLinecap="round" />
      <circle cx="166" cy="61.5" r="2.6" fill="#fdba74" />
      <path d="M166 61.5l-6-2.5M166 61.5l6-2.5M166 61.5l-4 3.5M166 61.5l4 3.5" stroke="#fb923c" strokeWidth="1" strokeLinecap="round" />
      {/* unloading tray with cut pieces */}
      <path d="M196 96 L232 96 L228 118 L200 118 Z" fill="#cbd5e1" stroke="#94a3b8" strokeWidth="1" />
      <rect x="202" y="104" width="12" height="6" rx="3" fill={`url(#${id}-tube)`} />
      <rect x="212" y="98" width="12" height="6" rx="3" fill={`url(#${id}-tube)`} />
      <rect x="214" y="106" width="12" height="6" rx="3" fill={`url(#${id}-tube)`} />
      <rect x="204" y="118" width="4" height="14" fill="#64748b" />
      <rect x="220" y="118" width="4" height="14" fill="#64748b" />
    </>
  );
}

/** The portal's own illustration of a machine kind (no external assets). */
export function MachineArt({ kind, height = 120 }: MachineArtProps) {
  const id = `machine-art-${useId().replace(/:/g, '')}`;
  return (
    <svg
      viewBox="0 0 240 150"
      height={height}
      width={(height * 240) / 150}
      role="img"
      aria-hidden="true"
      focusable="false"
      data-art={kind}
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      {kind === 'tube' ? <TubeCutter id={id} /> : <SheetCutter id={id} />}
    </svg>
  );
}
