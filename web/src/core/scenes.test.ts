import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ArmScene, loadArmSync } from './arm-wasm';
import { ArmScene as ArmTuner, loadArmTuneSync } from './arm-tune-wasm';
import { loadChaseSync, PursuitScene, simpson, simpsonAsPrinted } from './chase-wasm';
import { sceneDefaults } from './scenes';
import { loadSnapSync, SnapScene } from './snap-wasm';
import { DiveScene, loadSubmarineSync, TumbleScene } from './submarine-wasm';

/** Each door of the scenes (scripts/build-wasm.sh), loaded from its bytes. */
beforeAll(() => {
  const bytes = (door: string) => readFileSync(new URL(`../../pkg-${door}/forcelab_wasm_bg.wasm`, import.meta.url));
  loadSnapSync(bytes('snap'));
  loadChaseSync(bytes('chase'));
  loadSubmarineSync(bytes('submarine'));
  loadArmSync(bytes('arm'));
  loadArmTuneSync(bytes('arm-tune'));
});

/** Each scene class, built from a settings object (`undefined`: the core's defaults). */
const MAKE: Record<string, (settings: unknown) => { settings(): unknown; free(): void }> = {
  pursuit: (s) => new PursuitScene(s, undefined),
  dive: (s) => new DiveScene(s),
  tumble: (s) => new TumbleScene(s),
  snap: (s) => new SnapScene(s),
  arm: (s) => new ArmScene(s),
};

describe("the scenes' settings: the page's types and defaults are the core's", () => {
  const defaults = sceneDefaults() as Record<string, unknown>;
  it('every scene has its defaults exported', () => expect(Object.keys(defaults).sort()).toEqual(Object.keys(MAKE).sort()));
  for (const [name, make] of Object.entries(MAKE)) {
    it(`${name}: the class's settings() equal the exported defaults, and it takes them back unchanged`, () => {
      const fresh = make(undefined);
      expect(fresh.settings()).toEqual(defaults[name]);
      const back = make(defaults[name]);
      expect(back.settings()).toEqual(defaults[name]);
      fresh.free();
      back.free();
    });
  }
});

describe("each scene door holds what its chapter's figures call", () => {
  it("chase: Simpson's window integral, as printed and corrected", () => {
    const errors = [0, 1, 4, 9, 16];
    // The corrected rule is exact for a parabola: the integral of t^2 over 0..4 is 64 / 3.
    expect(simpson(errors, 1)).toBeCloseTo(64 / 3, 12);
    expect(Number.isFinite(simpsonAsPrinted(errors, 1))).toBe(true);
    expect(() => simpson(errors, 0)).toThrow(/dt/);
  });

  it("arm-tune: the tuner's wish and drives, the scene left to the arm's door", () => {
    expect(Object.keys(ArmTuner.figureWish() as object).sort()).toEqual(['maxTorque', 'overshoot', 'settle']);
    const drives = ArmTuner.tuneDrives(undefined);
    expect(drives.length).toBeGreaterThan(0);
    expect('metrics' in ArmTuner).toBe(false);
    expect('tune' in ArmScene).toBe(false);
  });
});
