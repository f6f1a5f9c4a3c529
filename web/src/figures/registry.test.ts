import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTRY } from '../core/presets';
import { hasFigure } from './registry';
import { DEFAULT_SCENE, IN_PLACE_IDS, IN_PLACE_KEYS, inPlaceScene } from './in-place';
import { cubeAndTarget } from './cube-and-target';

const src = new URL('..', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

describe('the one figure registry', () => {
  it('finds every figure module in web/src/figures, none in another folder', () => {
    const figureModules = files(src)
      .map((f) => relative(src, f))
      .filter((f) => /(-figure(-[a-z]+)?|-scene|cube-and-target)\.ts$/.test(f) && !f.endsWith('.test.ts'));
    expect(figureModules.length).toBeGreaterThan(10);
    expect(figureModules.filter((f) => !f.startsWith('figures/'))).toEqual([]);
  });

  it('names the index cube as an in-place scene of the core registry, with its keys', () => {
    expect(IN_PLACE_IDS).toEqual([DEFAULT_SCENE]);
    for (const id of IN_PLACE_IDS) expect(REGISTRY.find((p) => p.id === id)?.chapter, id).toBe('index');
    expect(IN_PLACE_KEYS).toEqual(cubeAndTarget.params.map((p) => p.key));
    expect(inPlaceScene(DEFAULT_SCENE)).toBe(cubeAndTarget);
    // In place, not in a chapter's frame: its keys are the page's own, not a figure link's.
    expect(hasFigure(DEFAULT_SCENE)).toBe(false);
    expect(inPlaceScene('nope')).toBeUndefined();
    expect(inPlaceScene('toString')).toBeUndefined();
  });
});
