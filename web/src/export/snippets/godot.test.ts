/**
 * Every Godot template of the cube, the plate and the box, parsed by gdtoolkit (the
 * Godot 4 GDScript grammar, which `npm test`'s setup installs from PyPI) and run by an
 * evaluator over a stand-in of the Godot types (`tests/export/snippets/godot/run.py`), in doubles, held to the
 * core's own trace (the wasm Lab): every step's pose equals the page's within 1e-9
 * (relative, past 1 m or 1 rad). The same runs as the Unity check (`engine-cases.ts`).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLabFromBytes } from '../../core/wasm';
import { caseLabel, coreReference, engineCases, worstDifference } from './engine-cases';
import { gdscriptSnippet } from './gdscript';
import { runGodot } from '../../../../tests/export/snippets/godot/run';

const all = engineCases();
let poses: Record<string, number[]> = {};

beforeAll(async () => {
  await loadLabFromBytes(readFileSync(new URL('../../../pkg-lab/forcelab_wasm_bg.wasm', import.meta.url)));
  poses = runGodot(all.map((s, k) => ({ name: `run${k}`, source: gdscriptSnippet(s), plant: s.plant, target: s.target, steps: s.steps })));
}, 180_000);

describe('the Godot templates, parsed and run, move the body as the page does', () => {
  all.forEach((s, k) => {
    it(caseLabel(s), () => {
      const { core, upTo } = coreReference(s);
      expect(upTo, 'the core runs the law for a good part of the run').toBeGreaterThan(core.length / 5);
      const mine = poses[`run${k}`]!;
      expect(mine).toHaveLength(core.length);
      expect(worstDifference(mine, core, upTo)).toBeLessThanOrEqual(1e-9);
    });
  });
});
