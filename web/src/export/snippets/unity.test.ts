/**
 * Every Unity template of the cube, the plate and the box, compiled by mcs (Debian's mono-mcs,
 * which `npm test`'s setup installs) against a stand-in of the UnityEngine types
 * (`tests/export/snippets/unity/StandIn.cs`), run by mono, and held to the core's own trace (the wasm Lab):
 * - as printed, with Unity's float types: it compiles, and tracks the core to float
 *   precision;
 * - with `float` read as `double`: every step's pose equals the page's within 1e-9
 *   (relative, past 1 m or 1 rad).
 * The stand-in turns the box as the core's Body3 does (implicit gyroscopic term,
 * first-order quaternion update), so the box's pose is its quaternion.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLabFromBytes } from '../../core/wasm';
import { className, csharpSnippet } from './csharp';
import { caseLabel, coreReference, engineCases, worstDifference } from './engine-cases';
import { runUnity, type UnityRun } from '../../../../tests/export/snippets/unity/run';

const all = engineCases();
const runs = { float: [] as number[][], double: [] as number[][] };

beforeAll(async () => {
  await loadLabFromBytes(readFileSync(new URL('../../../pkg-lab/forcelab_wasm_bg.wasm', import.meta.url)));
  const templates: UnityRun[] = all.map((s) => ({ className: className(s), source: csharpSnippet(s), plant: s.plant as UnityRun['plant'], target: s.target, steps: s.steps }));
  runs.float = runUnity(templates, 'float');
  runs.double = runUnity(templates, 'double');
}, 180_000);

describe('the Unity templates, compiled by mcs and run, move the body as the page does', () => {
  all.forEach((s, k) => {
    it(caseLabel(s), () => {
      const { core, upTo } = coreReference(s);
      expect(upTo, 'the core runs the law for a good part of the run').toBeGreaterThan(core.length / 5);
      const doubles = runs.double[k]!;
      const floats = runs.float[k]!;
      expect(doubles).toHaveLength(core.length);
      // Within 1e-9, relative once a law (the printed windowed PID) has thrown the body far;
      // up to the step where the core stopped a body that ran away.
      expect(worstDifference(doubles, core, upTo)).toBeLessThanOrEqual(1e-9);
      // In Unity's floats the law keeps to the same motion, to float precision, for the
      // first second, or until a law that runs away has thrown the body 10 m or 10 rad.
      const far = core.findIndex((c) => Math.abs(c) > 10);
      const calm = Math.min(upTo, 60 * (core.length / s.steps), far < 0 ? core.length : far);
      for (let i = 0; i < calm; i++) expect(Math.abs(floats[i]! - core[i]!)).toBeLessThanOrEqual(1e-3 * (1 + Math.abs(core[i]!)));
    });
  });
});
