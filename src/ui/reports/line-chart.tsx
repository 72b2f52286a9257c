import { Box, Skeleton, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
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

/** A line chart (react-chartjs-2) that fills its card's width, loading the chart libraries on first use. */
export function LineChart({ labels, values, label, color, fillColor, ariaLabel, labelHeader, height = '16rem', ref, testId }: LineChartProps) {
  const [module, setModule] = useState<ReturnType<typeof engine.current>>(null);
  const handle = useRef<LineChartHandle | null>(null);
  const box = useRef<HTMLDivElement>(null);

  // The chart is made once its place is near the screen: making a chart is some 40 ms of a
  // phone's CPU in one task, and the statistics sit below the tables, so a page that drew its
  // charts as it opened held the main thread for both while the visitor looked at the tables
  // (docs/adr/0024). A few lines of IntersectionObserver rather than a library: the only use.
  useEffect(() => {
    let live = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        engine.load().then(
          (loaded) => live && setModule(loaded),
          () => {}, // the hidden table still carries the values; a later visit loads the chunk again
        );
      },
      { rootMargin: '200px' },
    );
    observer.observe(box.current!);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, []);

  // A new object only when the values change: react-chartjs-2 updates the chart on a new `data`.
  const key = JSON.stringify([labels, values, label, color, fillColor]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const spec = useMemo<LineChartSpec>(() => ({ labels, values, label, color, fillColor }), [key]);

  useImperativeHandle(ref, () => ({ toPng: (title) => handle.current?.toPng(title) ?? Promise.resolve(null) }), []);

  return (
    <Box ref={box} position="relative" h={height} w="full" minW="0" data-testid={testId} data-labels={labels.join(',')} data-values={values.join(',')}>
      {module ? <module.LineCanvas spec={spec} ariaLabel={ariaLabel} handle={handle} /> : <Skeleton position="absolute" inset="0" borderRadius="lg" />}
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
