import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { machineKindOf } from '../domain/devices/machine-kind';
import { plateCamReport, tubeCamReport } from '../seed/documents.seed';

/**
 * `npm run cam-report -- report.json`: posts a nesting (CAM) report to a running portal, as the
 * nesting software does (IndustrialDocument/PostCamReport, documented in /api/openapi.json).
 *
 *   npm run cam-report -- report.json [--url http://localhost:8080] [--account demo@example.com --password demo1234 | --token T]
 *   npm run cam-report -- --example T220-240305 rail-40x40x2.bnt > report.json   (a report to start from, SVG drawings included)
 *
 * The url, account, password and token may also come from PORTAL_URL, PORTAL_ACCOUNT,
 * PORTAL_PASSWORD and PORTAL_TOKEN. The report's OrderNumber must be a machine of the account.
 */
const USAGE = 'usage: npm run cam-report -- <report.json> [--url URL] [--account A --password P | --token T]\n       npm run cam-report -- --example <OrderNumber> <FileName>';

/** The options that take a value. */
const VALUED = new Set(['--url', '--account', '--password', '--token', '--kind']);

/**
 * `--token T` as `--token=T`: a session token is base64url and may begin with '-' (one in 64),
 * as may a password, and parseArgs takes such a value for an option and refuses the call.
 */
const joinValues = (argv: string[]): string[] =>
  argv.flatMap((arg, i) => (VALUED.has(argv[i - 1]) && !argv[i - 1].includes('=') ? [] : VALUED.has(arg) && i + 1 < argv.length ? [`${arg}=${argv[i + 1]}`] : [arg]));

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: joinValues(argv),
    allowPositionals: true,
    options: {
      url: { type: 'string', default: process.env.PORTAL_URL ?? 'http://localhost:8080' },
      account: { type: 'string', default: process.env.PORTAL_ACCOUNT },
      password: { type: 'string', default: process.env.PORTAL_PASSWORD },
      token: { type: 'string', default: process.env.PORTAL_TOKEN },
      example: { type: 'boolean', default: false },
      kind: { type: 'string' },
    },
  });
  if (values.example) {
    const [orderNumber, fileName] = positionals;
    if (!orderNumber || !fileName) return fail(USAGE);
    const series = orderNumber.replace(/^([A-Za-z]).*/, '$1').toUpperCase();
    const kind = values.kind ?? machineKindOf(series);
    const report = kind === 'tube' ? tubeCamReport(orderNumber, fileName, new Date()) : plateCamReport(orderNumber, fileName, new Date());
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const [file] = positionals;
  if (!file) return fail(USAGE);
  let body: unknown;
  try {
    body = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`${file}: ${(error as Error).message}`);
  }
  const base = values.url!.replace(/\/+$/, '');
  const post = async (path: string, payload: unknown, token?: string) => {
    const res = await fetch(`${base}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(payload),
    });
    return (await res.json()) as { code: number; info: string; ReturnData?: any };
  };
  let token = values.token;
  if (!token) {
    if (!values.account || !values.password) return fail(`give --token, or --account and --password\n${USAGE}`);
    const login = await post('Login/UserLogin', { Account: values.account, Password: values.password });
    if (login.code !== 200) return fail(`login refused: ${login.info}`);
    token = login.ReturnData.Token as string;
  }
  const answer = await post('IndustrialDocument/PostCamReport', body, token);
  if (answer.code !== 200) return fail(`report refused (${answer.code}): ${answer.info}`);
  process.stdout.write(`CAM report stored: ProjectId ${answer.ReturnData.ProjectId}, ${answer.ReturnData.Images} images\n`);
  return 0;
}

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
