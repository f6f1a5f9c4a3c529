// Writes MUTANTS.md from the last mutation runs (scripts/mutants.sh): per group, the
// mutants tested, caught, survived, and the score; every survivor, with its reason when
// scripts/mutants-equivalent.json lists it as equivalent (no test can tell it from the
// original). Timeouts count as caught (the mutant hangs; the tests notice), unviable
// mutants (they do not compile) are not counted, as both tools do.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const CORE = ['controllers', 'body', 'analysis', 'claims', 'engines'];
const WEB = {
  state: ['web/src/lab/lab-state.ts', 'web/src/ui/url-state.ts'],
  params: ['web/src/ui/params.ts'],
  parameterisation: ['web/src/lab/parameterisation.ts'],
  export: ['web/src/export/'],
};
const GOAL = { core: 90, web: 80 };
const equivalent = JSON.parse(readFileSync('scripts/mutants-equivalent.json', 'utf8'));
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const commit = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no', '--', 'crates', 'web/src') !== '';

const rows = [];
const survivors = [];
const pct = (killed, total) => (total === 0 ? '—' : `${((100 * killed) / total).toFixed(1)} %`);

const ranOn = (dir) => (existsSync(`${dir}/commit`) ? readFileSync(`${dir}/commit`, 'utf8').trim() : commit);
const ranBy = (dir) => (existsSync(`${dir}/command`) ? readFileSync(`${dir}/command`, 'utf8').trim() : 'npm run mutants');

function row(tier, group, sample, killed, survived, listedEquivalent, at, by) {
  const viable = killed + survived.length;
  rows.push({ tier, group, sample, at, by, viable, killed, survived: survived.length, listedEquivalent,
    score: pct(killed, viable), scoreEq: pct(killed, viable - listedEquivalent) });
}

for (const group of CORE) {
  const file = `target/mutants/${group}/mutants.out/outcomes.json`;
  if (!existsSync(file)) continue;
  const { outcomes } = JSON.parse(readFileSync(file, 'utf8'));
  const sample = readFileSync(`target/mutants/${group}/shard`, 'utf8').trim();
  const mutants = outcomes.filter((o) => o.scenario !== 'Baseline');
  const killed = mutants.filter((o) => o.summary === 'CaughtMutant' || o.summary === 'Timeout').length;
  const missed = mutants.filter((o) => o.summary === 'MissedMutant').map((o) => o.scenario.Mutant.name);
  let eq = 0;
  for (const name of missed) {
    const reason = equivalent.core[name];
    if (reason) eq++;
    survivors.push({ group: `core ${group}`, name, reason });
  }
  row('core', group, sample === '0/1' ? 'all' : `shard ${sample}`, killed, missed, eq, ranOn(`target/mutants/${group}`), ranBy(`target/mutants/${group}`));
}

const webReport = 'target/mutants-web/report.json';
if (existsSync(webReport)) {
  const report = JSON.parse(readFileSync(webReport, 'utf8'));
  for (const [group, prefixes] of Object.entries(WEB)) {
    let killed = 0;
    let eq = 0;
    const missed = [];
    for (const [file, { mutants }] of Object.entries(report.files)) {
      if (!prefixes.some((p) => file.startsWith(p))) continue;
      for (const m of mutants) {
        if (m.status === 'Killed' || m.status === 'Timeout') killed++;
        if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
        const name = `${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} -> ${JSON.stringify(m.replacement ?? '')}`;
        const reason = equivalent.web[name];
        if (reason) eq++;
        missed.push(name);
        survivors.push({ group: `web ${group}`, name, reason });
      }
    }
    row('web', group, 'all', killed, missed, eq, ranOn('target/mutants-web'), ranBy('target/mutants-web'));
  }
}

const cargoMutants = (() => { try { return execFileSync('cargo', ['mutants', '--version'], { encoding: 'utf8' }).trim(); } catch { return 'cargo-mutants'; } })();
const md = `# Mutation testing

\`npm run mutants\` (scripts/mutants.sh) plants small bugs (a flipped sign, a swapped
operator, a constant, a removed call) one at a time and runs the tests against each: a
mutant the tests do not notice is a behaviour no test pins. The core's groups run under
${cargoMutants} (crates.io) with the core's unit tests; the page's logic modules under
Stryker 9.5.1 with the vitest unit tests. It is not part of \`npm test\`.

A core group holds 300 to 1,600 mutants at 3 to 5 s each on these 2-core machines, so a
default run tests an evenly spread sample of each group (cargo-mutants' round-robin
shard K of N; \`--shard K\` takes another, \`--all-shards\` every mutant); the web modules
run in full (about 6 minutes). Goals: ${GOAL.core} % of viable mutants caught in the
core's groups, ${GOAL.web} % in the page's modules. A survivor is either killed by a new
test or listed in scripts/mutants-equivalent.json with the reason no test can tell it
from the original; the last column leaves those out. Most listed ones move a comparison
onto its boundary (\`<\` to \`<=\`) where no input lands. The claims group has a second
kind, "equivalent on the measured figures": a claim's verdict compares a measurement
with a threshold it is far from, so the mutated comparison gives the same verdict; if the
measurement ever moved, its pinned figure (claims/pinned.rs) would fail first. That is
why the claims group's raw score is the lowest while nothing in it is unexplained.

Written by scripts/mutants-report.mjs on ${new Date().toISOString().slice(0, 10)} from the runs on the commits
below (written at ${commit}${dirty ? ', with uncommitted changes' : ''}).

| tier | group | commit | command | tested | viable | caught | survived | listed equivalent | score | score without equivalents |
|---|---|---|---|---|---:|---:|---:|---:|---:|---:|
${rows.map((r) => `| ${r.tier} | ${r.group} | ${r.at} | \`${r.by}\` | ${r.sample} | ${r.viable} | ${r.killed} | ${r.survived} | ${r.listedEquivalent} | ${r.score} | ${r.scoreEq} |`).join('\n')}

${rows.filter((r) => r.tier === 'core' && r.at !== commit).map((r) => {
  const changed = git('diff', '--name-only', r.at, 'HEAD', '--', `crates/forcelab/src/${r.group}`);
  return `- ${r.group} ran on ${r.at}; its files changed since: ${changed ? changed.split('\n').map((f) => `\`${f}\``).join(', ') : 'none'}.`;
}).join('\n')}

## Survivors

${survivors.length === 0 ? 'None.' : survivors.map((s) => `- ${s.group}: \`${s.name}\`${s.reason ? ` — equivalent: ${s.reason}` : ' — **not yet killed**'}`).join('\n')}
`;
writeFileSync('MUTANTS.md', md);
console.log(rows.map((r) => `${r.tier} ${r.group}: ${r.score} (${r.killed}/${r.viable}), without equivalents ${r.scoreEq}`).join('\n'));
