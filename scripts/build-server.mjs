// Bundles the server (src/server/server.ts and what it imports of src/) into one ES module,
// build/server/server.mjs, for `npm start` and the fault harnesses: loading one file starts the
// portal about twice as fast as tsx compiling some 400 modules one by one, which is most of a
// restart after a crash on a busy machine (issue 22: ready within 10 s). Packages stay external:
// they load from node_modules as before. `scripts/ensure-build.mjs` calls it when the bundle is
// missing or older than the sources; tests and `npm run dev` still run the sources through tsx.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(ROOT, 'build', 'server', 'server.mjs');

// Modules find their folders through `import.meta.dirname` (the app's dist/, the migrations, the
// knowledge content). In the bundle that is build/server/, so each module's own folder is written
// in, relative to the bundle: the bundle works wherever the checkout lies.
const ownFolder = {
  name: 'own-folder',
  setup(bundle) {
    bundle.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const relative = path.relative(path.dirname(SERVER_BUNDLE), path.dirname(args.path)).split(path.sep).join('/');
      const folder = `__portalPath.join(import.meta.dirname, ${JSON.stringify(relative)})`;
      const contents = `import __portalPath from 'node:path';\n${source.replaceAll('import.meta.dirname', folder)}`;
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/** The render worker of the pages painted with the caller's data (src/server/first-screens/copy-renderer.ts looks for it next to the bundle). */
const COPY_WORKER = path.join(path.dirname(SERVER_BUNDLE), 'copy-worker.mjs');

export async function buildServer() {
  await Promise.all([bundle(path.join(ROOT, 'src', 'server', 'server.ts'), SERVER_BUNDLE), bundle(path.join(ROOT, 'src', 'server', 'first-screens', 'copy-worker.tsx'), COPY_WORKER)]);
}

function bundle(entry, outfile) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    plugins: [ownFolder],
    logLevel: 'warning',
    // React's JSX in the views the render worker draws.
    jsx: 'automatic',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
