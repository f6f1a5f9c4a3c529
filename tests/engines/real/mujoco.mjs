/**
 * The real MuJoCo, through tests/engines/real/mujoco_engine.py in the venv that
 * `scripts/setup.sh --test` makes (.venv-engines, or $ENGINES_PYTHON): every case of a
 * batch in one Python process.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const python = process.env.ENGINES_PYTHON ?? `${root}.venv-engines/bin/python`;

/** Runs every case through `script` (a file of this folder); returns its `{ version, results }`. */
export function runScript(script, cases) {
  const path = fileURLToPath(new URL(`./${script}`, import.meta.url));
  const out = execFileSync(python, [path], { input: JSON.stringify(cases), maxBuffer: 1 << 30, encoding: 'utf8' });
  return JSON.parse(out);
}

/** Runs every case; returns `{ version, results }` with one position list per case. */
export function runAll(cases) {
  return runScript('mujoco_engine.py', cases);
}
