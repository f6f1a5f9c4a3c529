// Writes MUTANTS.md from the kept results of the mutation run's parts
// (tests/mutants/results, scripts/mutants-parts.mjs): per module, the parts run, the
// commit and date of each, the mutants caught and missed and the score; every survivor,
// with its reason when scripts/mutants-equivalent.json lists it as equivalent (no test can
// tell it from the original). Timeouts count as caught (the mutant hangs; the tests
// notice); unviable mutants (they do not compile) are not counted, as both tools do.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { allParts, partState } from './mutants-parts.mjs';

const GOAL = { core: 90, web: 80 };
const equivalent = JSON.parse(readFileSync('scripts/mutants-equivalent.json', 'utf8'));
const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null);
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const commit = git('rev-parse', '--short', 'HEAD');
const pct = (n, d) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
const hours = (s) => (s >= 5400 ? `${(s / 3600).toFixed(1)} h` : `${Math.round(s / 60)} min`);

/** One module's (or tier's) sums over the parts that ran. */
function tally(parts) {
  const t = { parts: parts.length, ran: 0, stale: 0, mutants: 0, caught: 0, missed: 0, equivalent: 0, seconds: 0, commits: new Set(), dates: new Set(), survivors: [], changed: new Set() };
  for (const p of parts) {
    const s = p.state;
    if (s.state === 'never') continue;
    const r = s.result;
    t.ran++;
    if (s.state === 'stale') t.stale++;
    for (const f of s.changedSource) t.changed.add(f);
    t.mutants += r.mutants;
    t.caught += r.caught + r.timeout;
    t.missed += r.missed.length;
    t.seconds += r.seconds;
    t.commits.add(r.commit);
    t.dates.add(r.date);
    for (const name of r.missed) {
      const reason = equivalent[p.tier][name];
      if (reason) t.equivalent++;
      t.survivors.push({ name, reason });
    }
  }
  t.viable = t.caught + t.missed;
  return t;
}

const parts = allParts().map((p) => ({ ...p, state: partState(p, read) }));
const modules = [...new Set(parts.map((p) => `${p.tier} ${p.module}`))].map((key) => {
  const [tier, module] = key.split(' ');
  return { tier, module, ...tally(parts.filter((p) => p.tier === tier && p.module === module)) };
});
const tiers = ['core', 'web'].map((tier) => ({ tier, ...tally(parts.filter((p) => p.tier === tier)) }));
const state = (m) => (m.ran === 0 ? 'not run yet' : m.ran < m.parts ? `${m.ran} of ${m.parts} parts` : m.stale ? `stale (${[...m.changed].map((f) => `\`${f}\``).join(', ')} changed since)` : 'all parts, current');
const score = (t) => pct(t.caught, t.viable - t.equivalent);

const md = `# Mutation testing

\`npm run mutants\` (scripts/mutants.sh) plants small bugs (a flipped sign, a swapped
operator, a constant, a removed call) one at a time and runs the tests against each: a
mutant the tests do not notice is a behaviour no test pins. The core's mutants run
under cargo-mutants with the core's unit tests (nextest, which stops at the first
failing test); the page's under Stryker with the vitest unit tests. It is not part of
\`npm test\`.

Every module of \`crates/forcelab/src\` and of \`web/src\` is mutated whole, no sample.
The run is split into parts (scripts/mutants-parts.mjs: a module, or a round-robin shard
of a large one) that each take well under an hour here, and each part's result is kept
in tests/mutants/results with its commit and date, so a whole run can be spread over
sittings. \`npm run mutants\` runs every part with no result or a stale one (a source
file of its module changed since its commit; a change to a module's tests alone leaves
its score standing as a lower bound), \`npm run mutants -- list\` says how each part
stands, \`npm run mutants -- core engines/3\` or \`-- web plot\` runs one, and
\`npm run mutants -- --in-diff main\` checks the mutants of a change before it lands.

Goals: ${GOAL.core} % of the core's and ${GOAL.web} % of the page's viable mutants caught, not
counting the survivors listed in scripts/mutants-equivalent.json with the reason no test
can tell them from the original (most move a comparison onto a boundary no input lands
on). A page mutant "no test runs it" is in code no vitest test reaches (the page's
drawing and DOM, which the browser tests check but Stryker cannot run per mutant); it
counts as missed.

Written by scripts/mutants-report.mjs on ${new Date().toISOString().slice(0, 10)} at ${commit}.

## Totals

| tier | parts run | mutants | viable | caught | missed | listed equivalent | score without equivalents | goal | time of the parts run |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${tiers.map((t) => `| ${t.tier} | ${t.ran} of ${t.parts}${t.stale ? ` (${t.stale} stale)` : ''} | ${t.mutants} | ${t.viable} | ${t.caught} | ${t.missed} | ${t.equivalent} | ${score(t)} | ${GOAL[t.tier]} % | ${hours(t.seconds)} |`).join('\n')}

## The seven survivors that opened issue 44, planted again

Each planted by hand on 2026-11-28 (at commit a744147) and run against \`cargo test -p forcelab --lib\` or \`vitest\`; each fails:

| planted bug | what a user saw | test that now fails |
|---|---|---|
| Unity's angular damping default 0.05 → 0 (engines/unity.rs) | chapter 10's Unity twin turns less damped | \`engines::defaults::every_engine_setting_defaults_to_what_its_engine_documents\` |
| closed-loop poles sorted smallest first (analysis/polynomial.rs) | the Lab card reads a diverging loop as stable | \`analysis::poles::tests::the_pid_atlas_says_which_runs_settle\`, \`analysis::box_axis_tests::…grows_or_shrinks_as_its_map_says\`, two root tests |
| the tuner's mass range without its light end (\`factor != 1\` → \`> 1\`, design/spec.rs) | gains called feasible that settle late on the light body | \`design::tests::robust_gains_hold_for_the_whole_mass_range_and_both_steps\` |
| a moving target advanced by the nominal dt during a dt spike (lab/lockstep.rs) | the target trails by 1 cm for the rest of the run | \`lab::lockstep::tests::a_moving_target_is_at_start_plus_speed_times_elapsed_time_through_a_dt_spike\` and two disturbance-combination tests |
| a link's event at 0 s refused (\`t < 0\` → \`t <= 0\`, figures/figure-link.ts) | a figure link with an event at the start would not open | vitest \`figure-link.test.ts > a link's event time > takes 0 s, the start of the run, as a time\` |
| the half-life gain form computed for 1 kg (gain_forms.rs) | kp 282 instead of 563 on a 2 kg body | \`gain_forms::tests::each_form_is_its_own_formula_at_a_mass_other_than_one\` |
| Box2D's spin cap doubled (engines/box2d.rs) | only the real-engine stage noticed | \`engines::box2d::tests::a_fast_spin_is_clipped_to_a_quarter_turn_per_step\`, \`…matches_the_trajectories_recorded_from_the_engine\` |

## Per module

| tier | module | parts | commit | date | mutants | viable | caught | missed | listed equivalent | score without equivalents | time |
|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|
${modules.map((m) => `| ${m.tier} | ${m.module} | ${state(m)} | ${[...m.commits].join(', ') || '—'} | ${[...m.dates].join(', ') || '—'} | ${m.mutants} | ${m.viable} | ${m.caught} | ${m.missed} | ${m.equivalent} | ${score(m)} | ${m.ran ? hours(m.seconds) : '—'} |`).join('\n')}

## Survivors

${modules.filter((m) => m.survivors.length).map((m) => `### ${m.tier} ${m.module}

${m.survivors.map((s) => `- \`${s.name}\`${s.reason ? ` — equivalent: ${s.reason}` : ' — **not yet killed**'}`).join('\n')}
`).join('\n') || 'None.\n'}`;
writeFileSync('MUTANTS.md', md);
console.log(tiers.map((t) => `${t.tier}: ${t.ran} of ${t.parts} parts, ${score(t)} (${t.caught}/${t.viable - t.equivalent} without equivalents)`).join('\n'));
