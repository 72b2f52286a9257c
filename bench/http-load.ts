import autocannon from 'autocannon';

export interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** HTTP load with autocannon; latency percentiles from every response time (autocannon's own are whole ms). */
export function load(url: string, options: Omit<autocannon.Options, 'url'>): Promise<Figures> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, ...options }, (error, r) => {
      if (error) return reject(error);
      times.sort((a, b) => a - b);
      const at = (q: number) => round2(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
      resolve({ rps: r.requests.average, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors: r.errors, non2xx: r.non2xx });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  });
}
