#!/usr/bin/env node
// Prints the dependency graph between the core's top-level modules and fails if it has
// a cycle. A module depends on another when its non-test code names `crate::other` or
// `super::other` from its root file; test modules (from `#[cfg(test)]` on) are left out,
// since tests may reach across the crate. Usage: node scripts/module-cycles.mjs [src dir]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const src = process.argv[2] ?? 'crates/forcelab/src';
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.rs')) files.push(path);
  }
};
walk(src);

const moduleOf = (path) => {
  const first = relative(src, path).split(sep)[0];
  return first.replace(/\.rs$/, '');
};
const roots = new Set(files.map(moduleOf).filter((m) => m !== 'lib'));
const edges = new Map([...roots].map((m) => [m, new Set()]));

for (const path of files) {
  const from = moduleOf(path);
  if (from === 'lib') continue;
  let text = readFileSync(path, 'utf8');
  const cut = text.indexOf('#[cfg(test)]');
  if (cut >= 0) text = text.slice(0, cut);
  text = text.replace(/\/\/.*$/gm, '');
  // `crate::a::{b, c}` and `crate::a`, plus grouped `use crate::{a, b::c}`.
  for (const m of text.matchAll(/crate::(\w+)/g)) if (roots.has(m[1]) && m[1] !== from) edges.get(from).add(m[1]);
  for (const m of text.matchAll(/crate::\{([^}]*(?:\{[^}]*\}[^}]*)*)\}/g)) {
    for (const part of m[1].split(',')) {
      const head = part.trim().split('::')[0];
      if (roots.has(head) && head !== from) edges.get(from).add(head);
    }
  }
}

// Tarjan's strongly connected components: any component of two or more is a cycle.
let index = 0;
const stack = [], on = new Set(), idx = new Map(), low = new Map(), cycles = [];
const connect = (v) => {
  idx.set(v, index); low.set(v, index); index++; stack.push(v); on.add(v);
  for (const w of edges.get(v)) {
    if (!idx.has(w)) { connect(w); low.set(v, Math.min(low.get(v), low.get(w))); }
    else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const part = [];
    let w;
    do { w = stack.pop(); on.delete(w); part.push(w); } while (w !== v);
    if (part.length > 1) cycles.push(part.sort());
  }
};
for (const v of [...roots].sort()) if (!idx.has(v)) connect(v);

for (const v of [...roots].sort()) console.log(`${v} -> ${[...edges.get(v)].sort().join(', ') || '(nothing)'}`);
if (cycles.length) {
  for (const c of cycles) console.error(`cycle: ${c.join(' <-> ')}`);
  process.exit(1);
}
console.log(`no cycle among ${roots.size} modules`);
