import { Box, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import type { MachineKind } from '../../domain/devices/machine-kind';
import { useT } from '../i18n/language-context';
import { formatNumber } from './format';

export interface Axes {
  X: number;
  Y: number;
  Z: number;
  W: number;
}

// A picture, not a measurement: the position is drawn on a typical bed of the kind (the page
// does not know this machine's travel), and a value outside it sits on the edge.
const BED: Record<MachineKind, { x: [number, number]; y: [number, number] }> = {
  sheet: { x: [0, 3000], y: [0, 1500] },
  tube: { x: [0, 6500], y: [-300, 300] },
};
const Z_RANGE: [number, number] = [0, 150];

const share = (value: number, [min, max]: [number, number]) =>
  Number.isFinite(value) ? Math.min(1, Math.max(0, (value - min) / (max - min))) : 0;

function PlanView({ axes, kind, muted }: { axes: Axes; kind: MachineKind; muted: boolean }) {
  const bed = BED[kind];
  const w = 200;
  const h = kind === 'tube' ? 70 : 100;
  const x = 10 + share(axes.X, bed.x) * (w - 20);
  // Y grows away from the operator, upwards in the picture.
  const y = h - 10 - share(axes.Y, bed.y) * (h - 20);
  const colour = muted ? '#94a3b8' : '#f97316';
  return (
    <svg viewBox={`0 0 ${w} ${h}`} width="100%" aria-hidden="true" data-testid="axes-plan" style={{ display: 'block' }}>
      <rect x="1" y="1" width={w - 2} height={h - 2} rx="8" fill="#f8fafc" stroke="#cbd5e1" strokeWidth="1.5" />
      {kind === 'tube' ? (
        <rect x="10" y={h / 2 - 7} width={w - 20} height="14" rx="7" fill="#e2e8f0" stroke="#cbd5e1" />
      ) : (
        Array.from({ length: 9 }, (_, i) => (
          <line key={i} x1={10 + i * 22.5} y1="8" x2={10 + i * 22.5} y2={h - 8} stroke="#e2e8f0" strokeWidth="2" />
        ))
      )}
      <line x1={x} y1="4" x2={x} y2={h - 4} stroke={colour} strokeWidth="1" strokeDasharray="3 3" />
      <line x1="4" y1={y} x2={w - 4} y2={y} stroke={colour} strokeWidth="1" strokeDasharray="3 3" />
      <circle cx={x} cy={y} r="6" fill={colour} fillOpacity="0.25" />
      <circle cx={x} cy={y} r="3" fill={colour} />
    </svg>
  );
}

function ZBar({ z, muted }: { z: number; muted: boolean }) {
  const f = share(z, Z_RANGE);
  return (
    <svg viewBox="0 0 28 100" width="28" height="100" aria-hidden="true" data-testid="axes-z">
      <rect x="9" y="4" width="10" height="92" rx="5" fill="#e2e8f0" />
      <rect x="9" y={4 + 92 * (1 - f)} width="10" height={92 * f} rx="5" fill={muted ? '#94a3b8' : '#3b82f6'} />
      <path d={`M4 ${4 + 92 * (1 - f)} h20`} stroke="#0f172a" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function WDial({ w, muted }: { w: number; muted: boolean }) {
  const angle = Number.isFinite(w) ? w : 0;
  return (
    <svg viewBox="0 0 100 100" aria-hidden="true" data-testid="axes-w" style={{ width: 'clamp(72px, 22vw, 100px)', height: 'auto' }}>
      <circle cx="50" cy="50" r="40" fill="#f8fafc" stroke="#cbd5e1" strokeWidth="2" />
      {[0, 90, 180, 270].map((a) => (
        <line key={a} x1="50" y1="13" x2="50" y2="19" stroke="#94a3b8" strokeWidth="2" transform={`rotate(${a} 50 50)`} />
      ))}
      <g transform={`rotate(${angle} 50 50)`}>
        <circle cx="50" cy="50" r="24" fill={muted ? '#cbd5e1' : '#2563eb'} />
        <rect x="47" y="22" width="6" height="12" rx="2" fill="#ffffff" />
        <rect x="47" y="66" width="6" height="12" rx="2" fill="#dbeafe" />
        <circle cx="50" cy="50" r="7" fill="#ffffff" />
      </g>
    </svg>
  );
}

export interface AxesPanelProps {
  axes: Axes;
  kind: MachineKind;
  locale: string;
  muted: boolean;
}

/** The axis positions X, Y, Z (mm) and W (degrees), as numbers and as a small picture. */
export function AxesPanel({ axes, kind, locale, muted }: AxesPanelProps) {
  const t = useT();
  const items: Array<[keyof Axes, string]> = [
    ['X', 'mm'],
    ['Y', 'mm'],
    ['Z', 'mm'],
    ['W', '°'],
  ];
  return (
    <Stack gap="4">
      <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }} gap="2">
        {items.map(([axis, unit]) => (
          <Stack key={axis} gap="0" bg="gray.50" borderRadius="lg" px="2.5" py="2" minW="0">
            <Text fontSize="xs" fontWeight="bold" color="gray.500">
              {axis}
            </Text>
            <Text fontWeight="semibold" color="gray.900" fontVariantNumeric="tabular-nums" truncate data-testid={`axis-${axis}`}>
              {formatNumber(axes[axis], axis === 'W' ? 1 : 2, locale)}
              <Box as="span" fontSize="xs" color="gray.500" ms="0.5" fontWeight="normal">
                {unit}
              </Box>
            </Text>
          </Stack>
        ))}
      </Grid>
      <Flex gap="3" align="center">
        <Stack flex="1" minW="0" gap="1">
          <Text fontSize="xs" color="gray.500">
            {t('devices.axes.plan')}
          </Text>
          <PlanView axes={axes} kind={kind} muted={muted} />
        </Stack>
        <Stack gap="1" align="center" flexShrink={0}>
          <Text fontSize="xs" color="gray.500" title={t('devices.axes.z')}>
            Z
          </Text>
          <ZBar z={axes.Z} muted={muted} />
        </Stack>
        <Stack gap="1" align="center" flexShrink={0}>
          <Text fontSize="xs" color="gray.500">
            {t('devices.axes.w')}
          </Text>
          <WDial w={axes.W} muted={muted} />
        </Stack>
      </Flex>
    </Stack>
  );
}
