import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ArmScene, DiveScene, loadScenesSync, PursuitScene, sceneDefaults, SnapScene, TumbleScene } from './scenes';

beforeAll(() => {
  loadScenesSync(readFileSync(new URL('../../pkg-scenes/forcelab_wasm_bg.wasm', import.meta.url)));
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
