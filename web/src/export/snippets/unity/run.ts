/**
 * Compiles Unity templates with mcs against the UnityEngine stand-in (`StandIn.cs`) and
 * runs them with mono, for the tests: the unit test of every law and the browser test
 * of the Lab's "Copy as code". Node only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One template to run: its C# as printed, its class, and the run it makes. */
export interface UnityRun {
  className: string;
  source: string;
  plant: 'cube' | 'plate';
  target: number;
  steps: number;
}

/** The template read with `float` as `double` (Unity's API in doubles, for a 1e-9 comparison). */
export const inDoubles = (text: string) => text.replace(/\(float\)/g, '').replace(/\bfloat\b/g, 'double').replace(/\b(\d+(?:\.\d+)?)f\b/g, '$1');

/** Whether mcs and mono are here; `npm test`'s setup installs them (Debian mono-mcs). */
export function haveMono(): boolean {
  return !spawnSync('mcs', ['--version']).error && !spawnSync('mono', ['--version']).error;
}

/** Compiles `sources` (as printed, in Unity's floats) against the stand-in, warnings as
 *  errors, and throws mcs's message if one does not build. For templates the stand-in
 *  cannot run (the box's: it has no 3-D body yet). */
export function compileUnity(sources: readonly string[]): void {
  if (!haveMono()) throw new Error('mcs or mono is missing: `npm test` installs them (Debian mono-mcs) through scripts/setup.sh --test');
  const dir = mkdtempSync(join(tmpdir(), 'forcelab-unity-'));
  try {
    const files = [join(dir, 'StandIn.cs'), ...sources.map((_, k) => join(dir, `Template${k}.cs`))];
    writeFileSync(files[0]!, readFileSync(new URL('StandIn.cs', import.meta.url), 'utf8'));
    sources.forEach((text, k) => writeFileSync(files[k + 1]!, text));
    execFileSync('mcs', ['-nologo', '-warnaserror+', '-target:library', `-out:${join(dir, 'templates.dll')}`, ...files], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Each run's pose after every step (cube: x; plate: x, y, angle), from one build in
 * Unity's floats or in doubles. Classes are renamed `Class_k` so runs of one law with
 * different settings build together. Compiler warnings are errors: a reader pastes these.
 */
export function runUnity(runs: UnityRun[], mode: 'float' | 'double'): number[][] {
  if (!haveMono()) throw new Error('mcs or mono is missing: `npm test` installs them (Debian mono-mcs) through scripts/setup.sh --test');
  const dir = mkdtempSync(join(tmpdir(), 'forcelab-unity-'));
  try {
    const standIn = readFileSync(new URL('StandIn.cs', import.meta.url), 'utf8');
    const files = [join(dir, 'StandIn.cs')];
    writeFileSync(files[0]!, mode === 'float' ? standIn : standIn.replace('using real = System.Single;', 'using real = System.Double;'));
    const names = runs.map((r, k) => `${r.className}_${k}`);
    runs.forEach((r, k) => {
      const text = r.source.replace(new RegExp(`\\b${r.className}\\b`, 'g'), names[k]!);
      files.push(join(dir, `${names[k]}.cs`));
      writeFileSync(files[k + 1]!, mode === 'float' ? text : inDoubles(text));
    });
    const exe = join(dir, 'run.exe');
    execFileSync('mcs', ['-nologo', '-warnaserror+', `-out:${exe}`, ...files], { encoding: 'utf8' });
    const args = runs.flatMap((r, k) => [names[k]!, r.plant, String(r.target), String(r.steps)]);
    const out = execFileSync('mono', [exe, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const byName = new Map(out.trim().split('\n').map((line) => {
      const [name, ...values] = line.split(' ');
      return [name!, values.map(Number)] as const;
    }));
    return names.map((n) => byName.get(n)!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
