import { CategoryScale, Chart, Filler, LinearScale, LineController, LineElement, PointElement, Title, Tooltip, type Plugin } from 'chart.js';

// Only what a line chart of daily counts needs: this module (and chart.js with it) is imported
// dynamically by line-chart.tsx, so it loads with the first chart of the task page and never with
// the shell or the landing page.
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

/** A drawn chart: new data, a PNG of it, and its end. */
export interface LineChartHandle {
  update(spec: LineChartSpec): void;
  /** The chart as a PNG with `title` written above it (white background, so it reads anywhere). */
  toPng(title: string): Promise<Blob | null>;
  destroy(): void;
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

/** Draws a responsive line chart on `canvas` (its parent sets the size). */
export function createLineChart(canvas: HTMLCanvasElement, spec: LineChartSpec): LineChartHandle {
  const chart = new Chart(canvas, {
    type: 'line',
    data: { labels: spec.labels, datasets: [dataset(spec)] },
    options: {
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
    },
    plugins: [whiteBackground],
  });

  return {
    update(next) {
      chart.data.labels = next.labels;
      chart.data.datasets = [dataset(next)];
      chart.update();
    },
    async toPng(title) {
      const options = chart.options.plugins!.title!;
      options.display = true;
      options.text = title;
      chart.update('none');
      try {
        return await new Promise<Blob | null>((resolve) => chart.canvas.toBlob(resolve, 'image/png'));
      } finally {
        options.display = false;
        chart.update('none');
      }
    },
    destroy() {
      chart.destroy();
    },
  };
}
