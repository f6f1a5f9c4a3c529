/**
 * The real MuJoCo, through tests/engines/real/mujoco_engine.py in the venv that
 * `scripts/setup.sh --test` makes (.venv-engines, or $ENGINES_PYTHON): every case of a
 * batch in one Python process.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const python = process.env.ENGINES_PYTHON ?? `${root}.venv-engines/bin/python`;
const script = fileURLToPath(new URL('./mujoco_engine.py', import.meta.url));

/** Runs every case; returns `{ version, results }` with one position list per case. */
export function runAll(cases) {
  const out = execFileSync(python, [script], { input: JSON.stringify(cases), maxBuffer: 1 << 30, encoding: 'utf8' });
  return JSON.parse(out);
}
