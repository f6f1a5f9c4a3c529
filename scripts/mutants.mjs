// Runs the parts of a mutation run (scripts/mutants-parts.mjs) and keeps each part's
// result in tests/mutants/results, then rewrites MUTANTS.md. Called by scripts/mutants.sh,
// which installs the tools first.
//
//   npm run mutants                        every part with no result or a stale one
//   npm run mutants -- list                every part and how it stands, nothing run
//   npm run mutants -- core engines        every shard of one core module (or several)
//   npm run mutants -- core engines/3      one shard (1-based, as in the part's name)
//   npm run mutants -- web plot ui         page modules
//   npm run mutants -- --all               every part, current or not
//   npm run mutants -- --max-minutes 50    start no new part after 50 minutes
//   npm run mutants -- --in-diff main      only the mutants in lines changed since main
//                                          (printed, not kept: a check before a stop;
//                                          add `core` or `web` for one tier's share)
//
// The core's mutants run under cargo-mutants with nextest (its fail-fast ends a caught
// mutant's run at the first failing test: about 1 s instead of the whole 8 s suite) and
// without debug info (a third less build per mutant, the same code).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { CORE_MODULES, RESULTS, WEB_MODULES, allParts, coreGlob, partState, resultFile, webMutate } from './mutants-parts.mjs';

const args = process.argv.slice(2);
const invocation = `npm run mutants${args.length ? ` -- ${args.join(' ')}` : ''}`;
const git = (...a) => execFileSync('git', a, { encoding: 'utf8' }).trim();
const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null);
const fail = (msg) => {
  console.error(`mutants: ${msg}`);
  process.exit(2);
};

const chosen = [];
let all = false;
let listOnly = false;
let maxMinutes = Infinity;
let diffBase = '';
let parts;
try {
  parts = allParts();
} catch (e) {
  fail(e.message);
}
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === 'list') listOnly = true;
  else if (a === '--all') all = true;
  else if (a === '--max-minutes') {
    maxMinutes = Number(args[++i]);
    if (!(maxMinutes > 0)) fail(`--max-minutes wants a number of minutes above 0, got '${args[i]}'`);
  } else if (a === '--in-diff') {
    diffBase = args[++i] ?? fail('--in-diff wants a git revision, got nothing');
  } else if (a === 'core' || a === 'web') {
    const tier = a;
    const known = tier === 'core' ? Object.keys(CORE_MODULES) : WEB_MODULES;
    let named = 0;
    // After a tier, a word is one of its modules until an option, `list` or the other
    // tier's word; the page has a module named `core` (web/src/core), so `web core` is
    // that module, not the web tier followed by the core tier.
    const isModule = (word) => !word.startsWith('-') && word !== 'list' && (!['core', 'web'].includes(word) || known.includes(word.split('/')[0]));
    while (i + 1 < args.length && isModule(args[i + 1])) {
      const [module, shard] = args[++i].split('/');
      if (!known.includes(module)) fail(`no ${tier} module '${module}' (${tier} modules: ${known.join(', ')})`);
      const mine = parts.filter((p) => p.tier === tier && p.module === module);
      if (shard !== undefined) {
        const k = Number(shard);
        if (!Number.isInteger(k) || k < 1 || k > mine.length) fail(`${module} has shards 1 to ${mine.length}, got '${shard}'`);
        chosen.push(mine[k - 1]);
      } else chosen.push(...mine);
      named++;
    }
    if (named === 0) chosen.push(...parts.filter((p) => p.tier === tier));
  } else fail(`unknown argument '${a}' (expected list, core [MODULE[/SHARD]...], web [MODULE...], --all, --max-minutes M, --in-diff REF)`);
}

const states = new Map(parts.map((p) => [p.id, partState(p, read)]));
if (listOnly) {
  for (const p of parts) {
    const s = states.get(p.id);
    const at = s.result ? ` on ${s.result.commit} (${s.result.date})` : '';
    console.log(`${p.id.padEnd(24)} ${s.state}${at}${s.changedSource?.length ? `; changed since: ${s.changedSource.join(', ')}` : ''}`);
  }
  process.exit(0);
}

if (diffBase) {
  // `--in-diff REF web` (or `core`) checks one tier's share of the change.
  const tiers = chosen.length ? new Set(chosen.map((p) => p.tier)) : new Set(['core', 'web']);
  runInDiff(diffBase, tiers);
  process.exit(process.exitCode ?? 0);
}

const dirty = git('status', '--porcelain', '--untracked-files=no', '--', 'crates', 'web/src', 'tests');
if (dirty) fail(`commit first: a part's result names the commit it ran on, and these files differ from it:\n${dirty}`);

let todo = chosen.length ? chosen : parts;
if (!all && !chosen.length) todo = todo.filter((p) => states.get(p.id).state !== 'current');
const started = Date.now();
mkdirSync(RESULTS, { recursive: true });
for (const part of todo) {
  const minutes = (Date.now() - started) / 60000;
  if (minutes >= maxMinutes) {
    console.error(`[mutants] ${minutes.toFixed(0)} minutes passed; not starting ${part.id} or the ${todo.length - todo.indexOf(part) - 1} after it`);
    break;
  }
  console.error(`[mutants] ${part.id}`);
  const t0 = Date.now();
  // The commit the part starts from: the tools copy the tree at their start.
  const commit = git('rev-parse', '--short', 'HEAD');
  const result = part.tier === 'core' ? runCore(part) : runWeb(part);
  Object.assign(result, { commit, seconds: Math.round((Date.now() - t0) / 1000) });
  writeFileSync(resultFile(part), `${JSON.stringify(result, null, 1)}\n`);
  execFileSync('node', ['scripts/mutants-report.mjs'], { stdio: 'inherit' });
}

function header(part, tool) {
  return { part: part.id, tier: part.tier, module: part.module, ...(part.tier === 'core' ? { shard: `${part.shard + 1}/${part.shards}` } : {}),
    commit: git('rev-parse', '--short', 'HEAD'), date: new Date().toISOString().slice(0, 10), command: invocation, tool };
}

function cargoMutants(extra, out) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const env = { ...process.env, CARGO_PROFILE_DEV_DEBUG: '0', CARGO_PROFILE_TEST_DEBUG: '0' };
  // MUTANTS_JOBS=1 leaves a core free for other work while a long part runs beside it.
  const jobs = process.env.MUTANTS_JOBS ?? '2';
  const r = spawnSync('cargo', ['mutants', '-p', 'forcelab', '-j', jobs, '--test-tool', 'nextest', '-o', out, ...extra], { stdio: 'inherit', env });
  // Exit 2 (mutants missed) and 3 (some timed out) are the report's business, not errors.
  if (![0, 2, 3].includes(r.status)) fail(`cargo mutants stopped with status ${r.status}`);
  return read(`${out}/mutants.out/outcomes.json`).outcomes.filter((o) => o.scenario !== 'Baseline');
}

function runCore(part) {
  const outcomes = cargoMutants(['-f', coreGlob(part.module), '--shard', `${part.shard}/${part.shards}`, '--sharding', 'round-robin'], `target/mutants/${part.id}`);
  const by = (s) => outcomes.filter((o) => o.summary === s);
  const version = execFileSync('cargo', ['mutants', '--version'], { encoding: 'utf8' }).trim();
  return { ...header(part, version), mutants: outcomes.length, caught: by('CaughtMutant').length, timeout: by('Timeout').length,
    unviable: by('Unviable').length, missed: by('MissedMutant').map((o) => o.scenario.Mutant.name).sort() };
}

function stryker(mutate) {
  rmSync('target/mutants-web/report.json', { force: true });
  const run = (allTests) => spawnSync('npx', ['stryker', 'run', '--mutate', mutate.join(',')],
    { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8', env: { ...process.env, FORCELAB_MUTANTS: '1', FORCELAB_MUTANTS_ALL_TESTS: allTests ? '1' : '0' } });
  let r = run(false);
  process.stderr.write(r.stderr);
  // No test imports the module: run it again with every test, which reaches none of it.
  if (r.status !== 0 && /No tests were executed/.test(r.stderr)) {
    r = run(true);
    process.stderr.write(r.stderr);
  }
  if (r.status !== 0) fail(`stryker stopped with status ${r.status}`);
  return read('target/mutants-web/report.json');
}

/** A page mutant's name: file, line, column, mutator and replacement (as MUTANTS.md lists it).
 *  A declaration, not a const: the run at the top of this module calls it before this line. */
function webName(file, m) {
  return `${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} -> ${JSON.stringify(m.replacement ?? '')}`;
}

function runWeb(part) {
  const report = stryker(webMutate(part.module));
  const count = { Killed: 0, Timeout: 0, Survived: [], NoCoverage: [], CompileError: 0, RuntimeError: 0, Ignored: 0 };
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      if (Array.isArray(count[m.status])) count[m.status].push(webName(file, m));
      else count[m.status] = (count[m.status] ?? 0) + 1;
    }
  }
  const version = JSON.parse(readFileSync('node_modules/@stryker-mutator/core/package.json', 'utf8')).version;
  return { ...header(part, `stryker ${version}`), files: Object.keys(report.files).length,
    mutants: Object.values(report.files).reduce((n, f) => n + f.mutants.length, 0),
    caught: count.Killed, timeout: count.Timeout, unviable: count.CompileError + count.RuntimeError,
    missed: [...count.Survived, ...count.NoCoverage.map((n) => `${n} (no test runs it)`)].sort() };
}

function runInDiff(base, tiers) {
  const equivalent = read('scripts/mutants-equivalent.json');
  mkdirSync('target/mutants', { recursive: true });
  writeFileSync('target/mutants/in.diff', git('diff', base, '--', 'crates/forcelab/src', 'web/src') + '\n');
  const missed = [];
  if (tiers.has('core') && git('diff', '--name-only', base, '--', 'crates/forcelab/src')) {
    const outcomes = cargoMutants(['--in-diff', 'target/mutants/in.diff'], 'target/mutants/in-diff');
    missed.push(...outcomes.filter((o) => o.summary === 'MissedMutant').map((o) => o.scenario.Mutant.name).filter((n) => !equivalent.core[n]));
  }
  const changedWeb = git('diff', '--name-only', '--diff-filter=AM', base, '--', 'web/src').split('\n').filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'));
  if (tiers.has('web') && changedWeb.length) {
    // Stryker mutates whole files; only the mutants on lines the change wrote are its.
    const changedLines = new Map(changedWeb.map((f) => [f, linesChanged(base, f)]));
    const report = stryker(changedWeb);
    for (const [file, { mutants }] of Object.entries(report.files)) {
      const lines = changedLines.get(file) ?? new Set();
      for (const m of mutants) {
        if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
        if (!lines.has(m.location.start.line) || equivalent.web[webName(file, m)]) continue;
        missed.push(`${webName(file, m)}${m.status === 'NoCoverage' ? ' (no test runs it)' : ''}`);
      }
    }
  }
  console.log(missed.length ? `Survivors in the change since ${base} (kill each or list it as equivalent):\n${missed.map((n) => `- ${n}`).join('\n')}` : `No survivor in the change since ${base}.`);
  if (missed.length) process.exitCode = 1;
}

/** The lines of `file` (as it is now) that the change since `base` added or rewrote. */
function linesChanged(base, file) {
  const lines = new Set();
  for (const m of git('diff', '-U0', base, '--', file).matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
    const [start, count] = [Number(m[1]), m[2] === undefined ? 1 : Number(m[2])];
    for (let k = 0; k < count; k++) lines.add(start + k);
  }
  return lines;
}
