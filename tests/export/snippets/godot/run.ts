/**
 * Runs Godot templates without Godot (`run.py`: gdtoolkit's Godot 4 parser and an
 * evaluator over a stand-in of the Godot types), for the tests. Node only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PlantId } from '../../../../web/src/core/catalogue';

/** One template to run: its GDScript as printed, a name for it, and the run it makes. */
export interface GodotRun {
  name: string;
  source: string;
  plant: PlantId;
  target: number;
  steps: number;
}

const root = fileURLToPath(new URL('../../../../', import.meta.url));
/** The project's Python with gdtoolkit (`scripts/setup.sh --test` makes it), or $ENGINES_PYTHON. */
const python = process.env.ENGINES_PYTHON ?? `${root}.venv-engines/bin/python`;

/** Whether the pinned gdtoolkit is here. */
export function haveGdtoolkit(): boolean {
  return spawnSync(python, ['-c', 'import gdtoolkit.parser']).status === 0;
}

/** Each run's pose after every step (cube: x; plate: x, y, angle; box: its quaternion x, y, z, w), by name. */
export function runGodot(runs: GodotRun[]): Record<string, number[]> {
  if (!haveGdtoolkit()) throw new Error(`gdtoolkit is missing from ${python}: \`npm test\` installs it (tests/engines/requirements.txt) through scripts/setup.sh --test`);
  const out = execFileSync(python, [fileURLToPath(new URL('run.py', import.meta.url))], { input: JSON.stringify(runs), encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out) as Record<string, number[]>;
}

/** A chain script and the core's run it replays. */
export interface GodotChainRun {
  name: string;
  source: string;
  arm: { links: { length: number; mass: number }[]; gravity: number };
  q: number[][];
  qd: number[][];
}

/** Each chain script's joint torques at every step of the core's run, flat, by name (`run.py`'s `replay_arm`). */
export function runGodotChain(runs: GodotChainRun[]): Record<string, number[]> {
  if (!haveGdtoolkit()) throw new Error(`gdtoolkit is missing from ${python}: \`npm test\` installs it (tests/engines/requirements.txt) through scripts/setup.sh --test`);
  const out = execFileSync(python, [fileURLToPath(new URL('run.py', import.meta.url))], { input: JSON.stringify(runs.map((r) => ({ ...r, plant: 'arm' }))), encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out) as Record<string, number[]>;
}
