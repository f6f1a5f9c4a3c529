/**
 * Compiles Unity templates with mcs against the UnityEngine stand-in (`StandIn.cs`) and
 * runs them with mono, for the tests: the unit test of every law and the browser test
 * of the Lab's "Copy as code". Node only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlantId } from '../../../../web/src/core/catalogue';

/** One template to run: its C# as printed, its class, and the run it makes. */
export interface UnityRun {
  className: string;
  source: string;
  plant: PlantId;
  target: number;
  steps: number;
}

/** The template read with `float` as `double` (Unity's API in doubles, for a 1e-9 comparison). */
export const inDoubles = (text: string) => text.replace(/\(float\)/g, '').replace(/\bfloat\b/g, 'double').replace(/\b(\d+(?:\.\d+)?)f\b/g, '$1');

/** Whether mcs and mono are here; `npm test`'s setup installs them (Debian mono-mcs). */
export function haveMono(): boolean {
  return !spawnSync('mcs', ['--version']).error && !spawnSync('mono', ['--version']).error;
}

/** A template to build: its C# as printed and its class. */
export type UnityTemplate = Pick<UnityRun, 'className' | 'source'>;

/**
 * Builds the stand-in and `templates` in a fresh folder with mcs, warnings as errors (a
 * reader pastes these), in Unity's floats or with `float` read as `double`, and hands the
 * built file and the classes' new names to `use` before the folder goes. Classes are renamed `Class_k` so
 * several templates of one law build together.
 */
function build<T>(templates: readonly UnityTemplate[], mode: 'float' | 'double', use: (out: string, names: string[]) => T, warningsAsErrors = true): T {
  if (!haveMono()) throw new Error('mcs or mono is missing: `npm test` installs them (Debian mono-mcs) through scripts/setup.sh --test');
  const dir = mkdtempSync(join(tmpdir(), 'forcelab-unity-'));
  try {
    const standIn = readFileSync(new URL('StandIn.cs', import.meta.url), 'utf8');
    const files = [join(dir, 'StandIn.cs')];
    writeFileSync(files[0]!, mode === 'float' ? standIn : standIn.replace('using real = System.Single;', 'using real = System.Double;'));
    const names = templates.map((t, k) => `${t.className}_${k}`);
    templates.forEach((t, k) => {
      const text = t.source.replace(new RegExp(`\\b${t.className}\\b`, 'g'), names[k]!);
      files.push(join(dir, `${names[k]}.cs`));
      writeFileSync(files[k + 1]!, mode === 'float' ? text : inDoubles(text));
    });
    const out = join(dir, 'run.exe');
    execFileSync('mcs', ['-nologo', ...(warningsAsErrors ? ['-warnaserror+'] : ['-nowarn:219']), '-target:exe', `-out:${out}`, ...files], { encoding: 'utf8' });
    return use(out, names);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Each run's pose after every step (cube: x; plate: x, y, angle; box: its quaternion
 * x, y, z, w), from one build in
 * Unity's floats or in doubles.
 */
export function runUnity(runs: UnityRun[], mode: 'float' | 'double'): number[][] {
  return build(runs, mode, (exe, names) => {
    const args = runs.flatMap((r, k) => [names[k]!, r.plant, String(r.target), String(r.steps)]);
    const out = execFileSync('mono', [exe, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const byName = new Map(out.trim().split('\n').map((line) => {
      const [name, ...values] = line.split(' ');
      return [name!, values.map(Number)] as const;
    }));
    return names.map((n) => byName.get(n)!);
  });
}

/** A chain template and the core's run it replays (`chain/trace.ts`'s `replayText`). */
export interface UnityChainRun {
  className: string;
  source: string;
  replay: string;
}

/**
 * Each chain template's jointForce per joint at every step of its replay, flat, from
 * one build in Unity's floats or in doubles (the stand-in's `ChainReplay`). `mutants`:
 * templates with a term dropped on purpose, built without warnings as errors (a dropped
 * term may leave a local unread).
 */
export function runUnityChain(runs: UnityChainRun[], mode: 'float' | 'double', mutants = false): number[][] {
  return replayChain(runs, mode, '--chain', !mutants).map((words) => words.map(Number));
}

/** What a chain template with `physxDrive` ticked leaves on its links. */
export interface UnityDriveRun {
  /** Each joint's xDrive (its target in degrees, as Unity's). */
  drives: { stiffness: number; damping: number; forceLimit: number; target: number; targetVelocity: number }[];
  /** Whether any FixedUpdate wrote a jointForce (with PhysX's drive on, none should). */
  wroteTorques: boolean;
}

/**
 * Each template run through its replay with `physxDrive` switched on before it is
 * enabled, as a reader ticks it: the drives it set, and whether it wrote torques anyway.
 */
export function runUnityChainDrive(runs: UnityChainRun[], mode: 'float' | 'double'): UnityDriveRun[] {
  return replayChain(runs, mode, '--chain-drive', true).map((words, k) => {
    const flag = words.at(-1);
    if (flag !== 'written' && flag !== 'untouched') throw new Error(`${runs[k]!.className}: the stand-in printed no drive line`);
    const values = words.slice(0, -1).map(Number);
    const drives = [];
    for (let j = 0; j + 5 <= values.length; j += 5) {
      const [stiffness, damping, forceLimit, target, targetVelocity] = values.slice(j, j + 5) as [number, number, number, number, number];
      drives.push({ stiffness, damping, forceLimit, target, targetVelocity });
    }
    return { drives, wroteTorques: flag === 'written' };
  });
}

/** Each template's printed line, as words after its class name, from one build run through `--chain` or `--chain-drive`. */
function replayChain(runs: UnityChainRun[], mode: 'float' | 'double', how: '--chain' | '--chain-drive', warningsAsErrors: boolean): string[][] {
  return build(runs, mode, (exe, names) => {
    const dir = mkdtempSync(join(tmpdir(), 'forcelab-arm-'));
    try {
      const args = runs.flatMap((r, k) => {
        const file = join(dir, `${k}.txt`);
        writeFileSync(file, r.replay);
        return [names[k]!, file];
      });
      const out = execFileSync('mono', [exe, how, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
      const byName = new Map(out.trim().split('\n').map((line) => {
        const [name, ...words] = line.split(' ');
        return [name!, words] as const;
      }));
      return names.map((n) => byName.get(n)!);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, warningsAsErrors);
}
