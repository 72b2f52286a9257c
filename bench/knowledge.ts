import type autocannon from 'autocannon';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedCluster } from '../src/adapters/postgres/embedded-cluster.adapter';
import { migrateDatabase, openDatabase } from '../src/adapters/postgres/database';
import { kbArticles } from '../src/adapters/postgres/schema';
import type { ContentLanguage } from '../src/domain/knowledge/library';
import { composeServices } from '../src/server/compose';
import { loadConfig } from '../src/server/config';
import { openInfrastructure } from '../src/server/infrastructure';
import { articleInputOf } from '../src/server/services/knowledge/article-input';
import { seedKnowledge } from '../src/seed/knowledge.seed';
import { writeBenchSection } from './doc-section';
import { load, type Figures } from './http-load';
import { freePort, startProcess } from './processes';

// `npm run bench:knowledge`: full-text search and the tree call over 20,000 articles (the 52
// shipped ones and generated ones made of their paragraphs, in both languages and 200 folders),
// against bare Fastify in the same run. Writes the table between the knowledge markers of
// docs/BENCHMARKS.md.

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 20_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2);
const work = mkdtempSync(path.join(tmpdir(), 'portal-knowledge-bench-'));
chmodSync(work, 0o755);

const QUERIES: Array<{ query: string }> = JSON.parse(readFileSync(path.resolve('tests/server/fixtures/knowledge-search-queries.json'), 'utf8'));

/** A small deterministic generator, so every run searches the same library. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function main() {
  const cluster = await startEmbeddedCluster({ dir: path.join(work, 'postgres') });
  const url = cluster.url('postgres');
  const database = openDatabase(url);
  await migrateDatabase(database);
  const config = loadConfig({ DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'silent' });
  const services = composeServices(config, await openInfrastructure(config, { database }));
  const seeded = await seedKnowledge(services);
  console.log(`shipped content: ${seeded?.added ?? 0} articles; generating ${ARTICLES - (seeded?.added ?? 0)} more...`);

  // Folders: 100 per language below the knowledge classifications' branches.
  const nodes = await services.knowledgeStore.nodes('knowledge');
  const branches = nodes.filter((n) => n.lang !== null && nodes.find((p) => p.id === n.parentId)?.lang === null);
  const folders: Record<ContentLanguage, number[]> = { zh: [], en: [] };
  for (const lang of ['zh', 'en'] as const) {
    const branch = branches.find((b) => b.lang === lang)!;
    for (let i = 0; i < 100; i++) {
      const node = await services.knowledgeStore.addNode({ library: 'knowledge', parentId: branch.id, name: `${lang === 'zh' ? '专题' : 'Topic'} ${i}`, nameEn: `Topic ${i}`, lang, sort: i });
      folders[lang].push(node.id);
    }
  }

  // Paragraphs of the shipped articles, by language, to build plausible bodies from.
  const paragraphs: Record<ContentLanguage, string[]> = { zh: [], en: [] };
  const titles: Record<ContentLanguage, string[]> = { zh: [], en: [] };
  for (const library of ['knowledge', 'download', 'guide', 'faults'] as const) {
    const { rows } = await services.knowledgeStore.articles(library, {}, { offset: 0, limit: 100 });
    for (const row of rows) {
      const article = (await services.knowledgeStore.article(row.id))!;
      titles[row.language].push(row.title);
      paragraphs[row.language].push(...(article.html.match(/<p>[\s\S]*?<\/p>|<li>[\s\S]*?<\/li>/g) ?? []));
    }
  }
  const next = random(42);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const generatedAt = performance.now();
  const total = ARTICLES - (seeded?.added ?? 0);
  for (let done = 0; done < total; done += 500) {
    const batch = Array.from({ length: Math.min(500, total - done) }, (_, i) => {
      const language: ContentLanguage = (done + i) % 2 ? 'en' : 'zh';
      const body = Array.from({ length: 4 + Math.floor(next() * 8) }, () => pick(paragraphs[language])).join('\n');
      return articleInputOf({
        library: 'knowledge',
        nodeId: pick(folders[language]),
        title: `${pick(titles[language])} ${done + i}`,
        label: '',
        series: '',
        language,
        html: body,
        createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 700) * 86_400_000),
      });
    });
    await database.db.insert(kbArticles).values(batch);
  }
  const generateSeconds = Math.round((performance.now() - generatedAt) / 1000);
  await database.pool.query('vacuum analyze kb_articles, kb_nodes');
  const size = await database.pool.query<{ n: number; mb: number }>(`select count(*)::int as n, round(pg_total_relation_size('kb_articles') / 1048576.0) as mb from kb_articles`);
  await database.close();

  const httpPort = await freePort();
  const portal = await startProcess(
    'src/server/server.ts',
    { DATABASE_URL: url, DATA_DIR: path.join(work, 'data'), PORT: String(httpPort), HOST: '127.0.0.1', MQTT_PORT: '0', SEED_DEMO: 'false', SIMULATOR: 'off', LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '100000' },
    /MQTT broker for machines on port (\d+)/,
    path.join(work, 'portal.log'),
  );
  const bare = await startProcess('bench/bare-fastify.ts', {}, /listening (\d+)/, path.join(work, 'bare.log'));
  const api = `http://127.0.0.1:${httpPort}/api`;
  const json = (body: unknown): Partial<autocannon.Options> => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const run = (target: string, options: Partial<autocannon.Options> = {}) => load(target, { connections: CONNECTIONS, duration: DURATION, ...options });

  // Every owner query of the search-quality set in turn, as the page sends it (first page of 10).
  let turn = 0;
  const searches: Partial<autocannon.Options> = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          const { query } = QUERIES[turn++ % QUERIES.length]!;
          return { ...request, body: JSON.stringify({ Keyword: query, Language: /\p{Script=Han}/u.test(query) ? 'zh' : 'en', TopNums: 10 }) };
        },
      },
    ],
  };

  const rows: Array<[string, Figures]> = [];
  console.log('bare Fastify...');
  rows.push(['bare Fastify `GET /api/health` (baseline)', await run(`http://127.0.0.1:${bare.port}/api/health`)]);
  console.log('search...');
  rows.push([`\`SearchAllowAnonymous\`, the ${QUERIES.length} owner queries in turn (zh and en), first page of 10`, await run(`${api}/KnowledgeClassify/SearchAllowAnonymous`, searches)]);
  rows.push(['`SearchAllowAnonymous` "nozzle", a word in thousands of articles', await run(`${api}/KnowledgeClassify/SearchAllowAnonymous`, json({ Keyword: 'nozzle', Language: 'en', TopNums: 10 }))]);
  console.log('tree and contents...');
  rows.push(['`GetJstreeDataAllowAnonymous` (tree of 200+ folders)', await run(`${api}/KnowledgeClassify/GetJstreeDataAllowAnonymous`, json({ lang: 'en' }))]);
  rows.push(['`GetContentsAllowAnonymous` a top classification (10,000 articles below), first page', await run(`${api}/KnowledgeClassify/GetContentsAllowAnonymous`, json({ NodeId: branches[0]!.parentId, TopNums: 10 }))]);
  await portal.stop();
  await bare.stop();
  await cluster.stop();

  const table = [
    `Run ${new Date().toISOString()} on ${process.platform} ${process.arch} (${cpus().length} cores), Node ${process.version}. ${size.rows[0]!.n} articles (${size.rows[0]!.mb} MB with the full-text index; generated in ${generateSeconds} s), ${CONNECTIONS} connections, ${DURATION} s each, autocannon in the bench process, the portal (logging every call) and bare Fastify each in their own process, PostgreSQL embedded. Targets: search p95 under 30 ms, tree under 10 ms.`,
    '',
    '| call | req/s | p50 ms | p95 ms | p99 ms | errors + non-2xx |',
    '|---|---|---|---|---|---|',
    ...rows.map(([name, f]) => `| ${name} | ${Math.round(f.rps)} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.errors + f.non2xx} |`),
  ].join('\n');
  console.log(`\n${table}`);
  writeBenchSection('knowledge', table);
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
