import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuLaws, twinOn } from './catalogue';
import { CUBE_SCENE, LAB_FIGURES, REGISTRY, SIMPSON, TRANSLATOR_INTENT, labFigure } from './presets';
import { figureWords } from '../figures/figure-caption';
import { FIGURE_IDS, hasFigure } from '../figures/registry';
import { IN_PLACE_IDS } from '../figures/in-place';
import { labFigureState } from '../figures/lab-figure';

const chapters = join(__dirname, '../../chapters');
const scenesIn = (html: string) => [...html.matchAll(/data-scene="([^"]+)"/g)].map((m) => m[1]!);

describe("the chapters' Lab figures", () => {
  it('each core preset is a figure of its chapter, and each chapter figure is one the registry mounts', () => {
    expect(LAB_FIGURES.length).toBeGreaterThan(0);
    const files = readdirSync(chapters).filter((f) => f.endsWith('.html'));
    const used = new Set<string>();
    for (const file of files) {
      const chapter = file.replace('.html', '');
      for (const id of scenesIn(readFileSync(join(chapters, file), 'utf8'))) {
        expect(hasFigure(id), `${chapter}: ${id} is not a figure the registry mounts`).toBe(true);
        const preset = labFigure(id);
        if (preset) {
          expect(preset.chapter, id).toBe(chapter);
          used.add(id);
        }
      }
    }
    expect([...used].sort()).toEqual(LAB_FIGURES.map((f) => f.id).sort());
  });

  it('run laws the Lab offers on their plant, with printed twins only where one exists', () => {
    for (const f of LAB_FIGURES) {
      const state = labFigureState(f);
      for (const l of state.laws) {
        expect(menuLaws(f.plant), `${f.id}: ${l.kind}`).toContain(l.kind);
        if (l.asPrinted) expect(twinOn(f.plant, l.kind), f.id).toBeDefined();
      }
      expect(state.disturbances.targetStart).toBe(f.targetStart);
      expect(state.dt).toBe(f.dt);
    }
  });
});

describe('the cube scene', () => {
  it('runs laws the cube menu offers', () => {
    expect(CUBE_SCENE.laws.length).toBeGreaterThan(1);
    for (const id of CUBE_SCENE.laws) expect(menuLaws('cube')).toContain(id);
  });
});

describe("the core's preset registry", () => {
  const pages = readdirSync(chapters).filter((f) => f.endsWith('.html'));
  const mounted = new Map(pages.map((f) => [f.replace('.html', ''), scenesIn(readFileSync(join(chapters, f), 'utf8'))]));

  it('has every figure a chapter mounts, in that chapter', () => {
    for (const [chapter, ids] of mounted) {
      for (const id of ids) {
        const entry = REGISTRY.find((p) => p.id === id);
        expect(entry, `${chapter}: ${id} is not in the core's registry`).toBeDefined();
        expect(entry!.chapter, id).toBe(chapter);
        expect(entry!.kind, id).not.toBe('claim-setup');
      }
    }
  });

  it('is used: every figure preset is mounted by its chapter or is an embeddable scene', () => {
    const ids = REGISTRY.map((p) => p.id);
    expect(new Set(ids).size, 'ids are unique').toBe(ids.length);
    for (const p of REGISTRY.filter((e) => e.kind !== 'claim-setup')) {
      const where = p.chapter === 'index' ? [...IN_PLACE_IDS] : (mounted.get(p.chapter) ?? []);
      expect(where, `${p.id} (${p.kind}) is mounted nowhere in ${p.chapter}`).toContain(p.id);
    }
    expect(REGISTRY.find((p) => p.id === CUBE_SCENE.id)?.kind).toBe('scene');
  });

  it("loads every figure's words from its own page's file, and none for a claim's setup", async () => {
    for (const p of REGISTRY) {
      const words = await figureWords(p.id);
      if (p.kind === 'claim-setup') {
        expect(words, p.id).toBeUndefined();
        continue;
      }
      expect(words?.summary.length, p.id).toBeGreaterThan(20);
      expect(words?.look.length, p.id).toBeGreaterThan(20);
      expect(words?.tryThis.length, p.id).toBeGreaterThan(20);
    }
    expect(await figureWords('no-such-figure')).toBeUndefined();
  });

  it("hands the Simpson table and the translator the core's starting values", () => {
    expect(SIMPSON.window).toBeGreaterThanOrEqual(3);
    expect(SIMPSON.dt).toBeGreaterThan(0);
    expect(TRANSLATOR_INTENT.frequency).toBeGreaterThan(0);
    expect(TRANSLATOR_INTENT.dt).toBeGreaterThan(0);
  });
});

describe('the figure registry', () => {
  it('mounts every figure of the core registry but the cube scene, and refuses an unknown id by name', async () => {
    for (const p of REGISTRY.filter((e) => e.kind !== 'claim-setup' && e.chapter !== 'index')) expect(hasFigure(p.id), p.id).toBe(true);
    expect(FIGURE_IDS).not.toContain('cube');
    expect(hasFigure('nope')).toBe(false);
    const { mountFigure } = await import('../figures/registry');
    await expect(mountFigure('nope', {} as HTMLElement)).rejects.toThrow(/figure must be one of one-step-cube, .*, got "nope"/);
  });

  it("is listed in README's embedding section, every id with an example", () => {
    const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
    for (const id of FIGURE_IDS) expect(readme, id).toContain(`scene="${id}"`);
  });
});
