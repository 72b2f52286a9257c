// `npm run screens:png -- [file.jpg | folder ...]`: a PNG beside each JPEG screenshot of the tests
// (test-output/screens by default), for viewers that read PNG only. The tests write JPEG because
// Chromium's PNG encoding of tall pages cost the suite more CPU than anything else a screenshot does
// (docs/TESTING.md); converting the few pictures a person opens is cheaper than encoding them all.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

const targets = process.argv.slice(2);
const files = (targets.length ? targets : ['test-output/screens']).flatMap(function jpegsIn(target) {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target).flatMap((name) => jpegsIn(path.join(target, name)));
}).filter((file) => file.endsWith('.jpg'));

for (const file of files) {
  const { width, height, data } = jpeg.decode(readFileSync(file), { maxMemoryUsageInMB: 1024 });
  const png = new PNG({ width, height });
  png.data = Buffer.from(data);
  writeFileSync(file.replace(/\.jpg$/, '.png'), PNG.sync.write(png));
}
console.log(`${files.length} screenshots as PNG beside their JPEG`);
