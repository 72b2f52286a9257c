import { useId } from 'react';

export interface GaugeProps {
  label: string;
  value: number;
  max: number;
  unit: string;
  /** 0 to 1: how far the needle goes (the value clamped to the dial). */
  fraction: number;
  /** The value as the page writes it. */
  valueText: string;
  maxText: string;
  /** Grey dial when the machine is offline. */
  muted?: boolean;
  testId?: string;
}

const CX = 100;
const CY = 92;
const R = 76;
// The dial sweeps 240 degrees, from lower left (150 deg) clockwise over the top to lower right (390 deg).
const START = 150;
const SWEEP = 240;

function point(angle: number, radius: number): [number, number] {
  const rad = (angle * Math.PI) / 180;
  return [CX + radius * Math.cos(rad), CY + radius * Math.sin(rad)];
}

function arc(from: number, to: number, radius: number): string {
  const [x1, y1] = point(from, radius);
  const [x2, y2] = point(to, radius);
  const large = to - from > 180 ? 1 : 0;
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${radius} ${radius} 0 ${large} 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
}

/** A round dial drawn in SVG: the track, the filled range, ticks, a needle and the value in the middle. */
export function Gauge({ label, value, max, unit, fraction, valueText, maxText, muted, testId }: GaugeProps) {
  const id = `gauge-${useId().replace(/:/g, '')}`;
  const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  const end = START + SWEEP * f;
  // Short enough to stay clear of the value written under the hub.
  const [nx, ny] = point(end, R - 24);
  const ticks = Array.from({ length: 11 }, (_, i) => START + (SWEEP * i) / 10);
  return (
    <svg
      viewBox="0 0 200 158"
      width="100%"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Number.isFinite(value) ? value : 0}
      aria-valuetext={`${valueText} ${unit}`}
      data-testid={testId}
      data-fraction={f.toFixed(3)}
      style={{ display: 'block', maxWidth: 220, margin: '0 auto' }}
    >
      <defs>
        {/* In user space, so a colour belongs to a place on the dial, not to the length of the filled range. */}
        <linearGradient id={`${id}-range`} gradientUnits="userSpaceOnUse" x1={CX - R} y1="0" x2={CX + R} y2="0">
          <stop offset="0" stopColor={muted ? '#cbd5e1' : '#22c55e'} />
          <stop offset="0.6" stopColor={muted ? '#94a3b8' : '#3b82f6'} />
          <stop offset="1" stopColor={muted ? '#64748b' : '#f97316'} />
        </linearGradient>
      </defs>
      <path d={arc(START, START + SWEEP, R)} fill="none" stroke="#e2e8f0" strokeWidth="12" strokeLinecap="round" />
      {f > 0.001 && <path d={arc(START, end, R)} fill="none" stroke={`url(#${id}-range)`} strokeWidth="12" strokeLinecap="round" />}
      {ticks.map((angle, i) => {
        const [x1, y1] = point(angle, R - 11);
        const [x2, y2] = point(angle, R - (i % 5 === 0 ? 20 : 15));
        return <line key={i} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#94a3b8" strokeWidth={i % 5 === 0 ? 2 : 1.2} strokeLinecap="round" />;
      })}
      <line x1={CX} y1={CY} x2={nx} y2={ny} stroke={muted ? '#94a3b8' : '#0f172a'} strokeWidth="3" strokeLinecap="round" />
      <circle cx={CX} cy={CY} r="6" fill={muted ? '#94a3b8' : '#0f172a'} />
      <circle cx={CX} cy={CY} r="2.5" fill="#ffffff" />
      <g textAnchor="middle" style={{ fontFamily: 'inherit' }}>
        <text x={CX} y={CY + 46} style={{ fontSize: 28 }} fontWeight="700" fill={muted ? '#64748b' : '#0f172a'}>
          {valueText}
          <tspan dx="4" style={{ fontSize: 14 }} fontWeight="400" fill="#64748b">
            {unit}
          </tspan>
        </text>
        <text x={point(START, R)[0] + 4} y={CY + 62} style={{ fontSize: 13 }} fill="#94a3b8">
          0
        </text>
        <text x={point(START + SWEEP, R)[0] - 4} y={CY + 62} style={{ fontSize: 13 }} fill="#94a3b8">
          {maxText}
        </text>
      </g>
    </svg>
  );
}
