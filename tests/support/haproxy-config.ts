/**
 * The haproxy configuration of docs/DEPLOYMENT.md, written from its few parameters: the scale-out
 * test runs haproxy with it, and checks that the documented example is this function's output.
 */
export interface HaproxyParameters {
  /** Where the balancer listens, `address:port`. */
  bind: string;
  /** The portals, each `name` and `address:port`. */
  servers: Array<{ name: string; address: string }>;
  /** The readiness probe's interval in ms: a portal is out after one failed probe, in after two good ones. */
  checkMs: number;
}

export function haproxyConfig({ bind, servers, checkMs }: HaproxyParameters): string {
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // Live pages (/mqtt, /ws/data) are websockets: an hour of silence at most (they ping far more often).
    '  timeout tunnel 1h',
    // A portal that stopped listening: the request goes to another one.
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure empty-response',
    '',
    'frontend portal',
    `  bind ${bind}`,
    '  option forwardfor',
    '  default_backend portals',
    '',
    'backend portals',
    '  balance roundrobin',
    // Readiness: 503 when the database does not answer or the portal is handing over (SIGTERM).
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    `  default-server inter ${checkMs}ms fall 1 rise 2`,
    // Which portal answered: for the operator's eyes and the test's.
    '  http-response set-header X-Served-By %[srv_name]',
    ...servers.map((s) => `  server ${s.name} ${s.address} check`),
    '',
  ].join('\n');
}
