import { CategoryScale, Chart, Filler, LinearScale, LineController, LineElement, PointElement, Title, Tooltip, type ChartOptions, type Plugin } from 'chart.js';
import { createElement, useImperativeHandle, useRef, type Ref } from 'react';
import { Line } from 'react-chartjs-2';

// Only what a line chart of daily counts needs: this module (react-chartjs-2 and chart.js with it)
// is imported dynamically by line-chart.tsx, so it loads with the first chart of the task page and
// never with the shell or the landing page.
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Filler, Tooltip, Title);

/** What a line chart draws: one series of values over labelled days. */
export interface LineChartSpec {
  labels: string[];
  values: number[];
  /** The series' name in the tooltip. */
  label: string;
  color: string;
  fillColor: string;
}

/** A drawn chart, as the card's PNG button asks of it. */
export interface LineChartHandle {
  /** The chart as a PNG with `title` written above it (white background, so it reads anywhere). */
  toPng(title: string): Promise<Blob | null>;
}

// A transparent PNG shows black in some viewers: paint the canvas white under the chart.
const whiteBackground: Plugin<'line'> = {
  id: 'reportsWhiteBackground',
  beforeDraw(chart) {
    const { ctx } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, chart.width, chart.height);
    ctx.restore();
  },
};

function dataset(spec: LineChartSpec) {
  return {
    label: spec.label,
    data: spec.values,
    borderColor: spec.color,
    backgroundColor: spec.fillColor,
    pointBackgroundColor: spec.color,
    fill: true,
    // Monotone curves never swing below zero or above a peak between two days' counts.
    cubicInterpolationMode: 'monotone' as const,
    pointRadius: 3,
    pointHoverRadius: 5,
    borderWidth: 2,
  };
}

const OPTIONS: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  animation: { duration: 250 },
  interaction: { mode: 'index', intersect: false },
  scales: {
    x: { grid: { display: false }, ticks: { color: '#475569' } },
    // Counts: whole numbers only, from zero.
    y: { beginAtZero: true, ticks: { precision: 0, color: '#475569' }, grid: { color: '#e2e8f0' } },
  },
  plugins: { title: { display: false, text: '', color: '#0f172a', font: { size: 14, weight: 'bold' } } },
};

export interface LineCanvasProps {
  spec: LineChartSpec;
  ariaLabel: string;
  /** The PNG export of the drawn chart. */
  handle?: Ref<LineChartHandle>;
}

/** A responsive line chart drawn with react-chartjs-2 (its parent sets the size). */
export function LineCanvas({ spec, ariaLabel, handle }: LineCanvasProps) {
  const chart = useRef<Chart<'line'> | null>(null);
  useImperativeHandle(
    handle,
    () => ({
      async toPng(title) {
        const current = chart.current;
        if (!current) return null;
        const options = current.options.plugins!.title!;
        options.display = true;
        options.text = title;
        current.update('none');
        try {
          return await new Promise<Blob | null>((resolve) => current.canvas.toBlob(resolve, 'image/png'));
        } finally {
          options.display = false;
          current.update('none');
        }
      },
    }),
    [],
  );
  return createElement(Line, {
    ref: chart,
    data: { labels: spec.labels, datasets: [dataset(spec)] },
    options: OPTIONS,
    plugins: [whiteBackground],
    role: 'img',
    'aria-label': ariaLabel,
  });
}
