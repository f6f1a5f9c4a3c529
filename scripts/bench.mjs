// npm run bench: the native benchmarks (criterion), collected into bench/results.json
// and the table in BENCHMARKS.md (between the bench markers). Figures are only ever
// written by this script.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PATH: `${os.homedir()}/.cargo/bin:${process.env.PATH}` } });

run('bash', ['scripts/setup.sh']);
run('cargo', ['bench', '-p', 'forcelab', '--bench', 'steps', '--', '--warm-up-time', '1', '--measurement-time', '3']);

/** Median (ns) of every criterion benchmark of `group`, by id. */
function medians(group) {
  const dir = join(root, 'target/criterion', group);
  if (!existsSync(dir)) return {};
  const out = {};
  for (const id of readdirSync(dir)) {
    const file = join(dir, id, 'new/estimates.json');
    if (existsSync(file)) out[id] = JSON.parse(readFileSync(file, 'utf8')).median.point_estimate;
  }
  return out;
}

const steps = medians('controller-step');
const batched = Object.fromEntries(Object.entries(medians('batched-body-step')).map(([n, ns]) => [n, ns / Number(n)]));
const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} logical cores, ${os.platform()} ${os.release()}`;
const results = { date: new Date().toISOString(), machine, native: { controllerStepNs: steps, batchedNsPerBodyStep: batched } };
mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);

const fmt = (ns) => (ns >= 100 ? ns.toFixed(0) : ns.toPrecision(3));
const table = [
  `Last run: ${results.date.slice(0, 10)} on ${machine}.`,
  '',
  '| native: one step of a 1-D law on a cube | ns per step |',
  '| --- | ---: |',
  ...Object.entries(steps).sort().map(([id, ns]) => `| \`${id}\` | ${fmt(ns)} |`),
  '',
  '| native: batched planar swarm (Wu force + torque) | ns per body-step |',
  '| --- | ---: |',
  ...Object.entries(batched).sort((a, b) => Number(a[0]) - Number(b[0])).map(([n, ns]) => `| N = ${Number(n).toLocaleString('en')} | ${fmt(ns)} |`),
].join('\n');
const doc = join(root, 'BENCHMARKS.md');
const text = readFileSync(doc, 'utf8');
const start = '<!-- bench:start -->';
const end = '<!-- bench:end -->';
writeFileSync(doc, `${text.slice(0, text.indexOf(start) + start.length)}\n${table}\n${text.slice(text.indexOf(end))}`);
console.log(`\n${table}\n\nwritten: bench/results.json, BENCHMARKS.md`);
