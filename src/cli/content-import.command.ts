import path from 'node:path';
import { composeServices } from '../server/compose';
import { loadConfig } from '../server/config';
import { openInfrastructure, type Infrastructure } from '../server/infrastructure';
import { importContent } from '../server/services/knowledge/content-import';

// `npm run content:import -- DIR`: loads a folder of Markdown or HTML files into the libraries of
// the database the portal uses (DATABASE_URL, or the embedded one in the data folder, which the
// running portal holds: stop it first or point DATABASE_URL at its server).
const dir = process.argv[2];
if (!dir) {
  console.error('Usage: npm run content:import -- DIR   (a folder of .md or .html files with front matter, see docs/adr/0007)');
  process.exit(2);
}

const config = loadConfig();
let infrastructure: Infrastructure;
try {
  infrastructure = await openInfrastructure(config, { poolSize: 2 });
} catch (error) {
  const which = config.databaseUrl
    ? 'The database at DATABASE_URL could not be opened'
    : `The embedded database in ${config.dataDir} could not start (is the portal running? stop it, or set DATABASE_URL)`;
  console.error(`${which}: ${(error as Error).message}`);
  process.exit(1);
}
let failed = false;
try {
  const services = composeServices(config, infrastructure);
  const report = await importContent(dir, { store: services.knowledgeStore, files: services.files, admin: services.knowledgeAdmin });
  console.log(`Imported ${path.resolve(dir)}: ${report.added} added, ${report.updated} updated, ${report.files} files stored.`);
  for (const p of report.problems) console.error(`  skipped ${p.file}: ${p.problem}`);
  failed = report.problems.length > 0;
} finally {
  await infrastructure.close();
}
process.exit(failed ? 1 : 0);
