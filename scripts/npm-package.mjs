// Turns wasm-pack's package.json into the published one: the name "forcelab", the
// license files listed, and a check that every file the package needs is there.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const file = join(dir, 'package.json');
const pkg = JSON.parse(readFileSync(file, 'utf8'));
pkg.name = 'forcelab';
pkg.keywords = ['pid', 'pd-controller', 'physics', 'gamedev', 'wasm'];
pkg.files = [...new Set([...(pkg.files ?? []), 'LICENSE-MIT', 'LICENSE-APACHE', 'README.md'])];
writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
const needed = ['forcelab.js', 'forcelab_bg.wasm', 'forcelab.d.ts', 'README.md', 'LICENSE-MIT', 'LICENSE-APACHE'];
const missing = needed.filter((f) => !existsSync(join(dir, f)));
if (missing.length) {
  console.error(`[pack] the npm package lacks ${missing.join(', ')}`);
  process.exit(1);
}
