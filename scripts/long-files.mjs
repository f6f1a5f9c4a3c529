#!/usr/bin/env node
// Fails when a Rust source under crates/ is longer than 500 lines: one concept per
// file, small enough to read in one sitting. Golden data (JSON) is not Rust and is not
// counted. Usage: node scripts/long-files.mjs [limit]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const limit = Number(process.argv[2] ?? 500);
const long = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'target') continue;
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.rs')) {
      const lines = readFileSync(path, 'utf8').split('\n').length - 1;
      if (lines > limit) long.push(`${path}: ${lines} lines`);
    }
  }
};
walk('crates');
if (long.length) {
  console.error(`Rust files over ${limit} lines (split them by concept):\n${long.join('\n')}`);
  process.exit(1);
}
console.log(`no Rust file in crates/ over ${limit} lines`);
