import { Box, Skeleton, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { deferredModule } from '../common/deferred-module';
import type { LineChartHandle, LineChartSpec } from './chart-engine';

// chart.js comes with the first chart drawn (ARCHITECTURE "Views": large libraries load only on
// the routes that use them).
const engine = deferredModule(() => import('./chart-engine'));

/** What the card's PNG button asks of its chart. */
export interface LineChartRef {
  toPng(title: string): Promise<Blob | null>;
}

export interface LineChartProps extends LineChartSpec {
  /** What the chart shows, for screen readers (the values are also in a hidden table). */
  ariaLabel: string;
  /** The hidden table's column headers. */
  labelHeader: string;
  height?: string;
  ref?: Ref<LineChartRef>;
  testId?: string;
}

/** A chart.js line chart that fills its card's width, loading chart.js on first use. */
export function LineChart({ labels, values, label, color, fillColor, ariaLabel, labelHeader, height = '16rem', ref, testId }: LineChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<LineChartHandle | null>(null);
  const spec = useRef<LineChartSpec>({ labels, values, label, color, fillColor });
  spec.current = { labels, values, label, color, fillColor };
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    let live = true;
    engine.load().then(
      ({ createLineChart }) => {
        if (!live || !canvas.current) return;
        chart.current = createLineChart(canvas.current, spec.current);
        setDrawn(true);
      },
      () => {}, // the hidden table still carries the values; a later visit loads the chunk again
    );
    return () => {
      live = false;
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  const key = JSON.stringify([labels, values, label, color]);
  useEffect(() => {
    chart.current?.update(spec.current);
  }, [key]);

  useImperativeHandle(ref, () => ({ toPng: (title) => chart.current?.toPng(title) ?? Promise.resolve(null) }), []);

  return (
    <Box position="relative" h={height} w="full" minW="0" data-testid={testId} data-labels={labels.join(',')} data-values={values.join(',')}>
      {!drawn && <Skeleton position="absolute" inset="0" borderRadius="lg" />}
      <canvas ref={canvas} role="img" aria-label={ariaLabel} />
      <VisuallyHidden>
        <table>
          <thead>
            <tr>
              <th>{labelHeader}</th>
              <th>{label}</th>
            </tr>
          </thead>
          <tbody>
            {labels.map((day, index) => (
              <tr key={day}>
                <td>{day}</td>
                <td>{values[index]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
