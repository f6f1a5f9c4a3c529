import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuLaws, twinOn } from './catalogue';
import { CUBE_SCENE, LAB_FIGURES, REGISTRY, SIMPSON, TRANSLATOR_INTENT, labFigure } from './presets';
import { scenes } from '../scenes';
import { labFigureState } from '../lab/lab-figure';

const chapters = join(__dirname, '../../chapters');
const scenesIn = (html: string) => [...html.matchAll(/data-scene="([^"]+)"/g)].map((m) => m[1]!);

describe("the chapters' Lab figures", () => {
  it('each core preset is a figure of its chapter, and each chapter figure is a preset or a module of its own', () => {
    expect(LAB_FIGURES.length).toBeGreaterThan(0);
    const files = readdirSync(chapters).filter((f) => f.endsWith('.html'));
    const used = new Set<string>();
    for (const file of files) {
      const chapter = file.replace('.html', '');
      const source = readFileSync(join(__dirname, '../chapters', `${chapter}.ts`), 'utf8');
      for (const id of scenesIn(readFileSync(join(chapters, file), 'utf8'))) {
        const preset = labFigure(id);
        if (preset) {
          expect(preset.chapter, id).toBe(chapter);
          // A chapter module may not shadow a core preset with numbers of its own.
          expect(source, id).not.toContain(`'${id}'`);
          used.add(id);
        } else {
          expect(source, `${chapter}: ${id} is neither a core preset nor mounted by the chapter`).toMatch(new RegExp(`\\b${id}\\b`));
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
      const where = p.chapter === 'index' ? [...scenes.keys()] : (mounted.get(p.chapter) ?? []);
      expect(where, `${p.id} (${p.kind}) is mounted nowhere in ${p.chapter}`).toContain(p.id);
      expect(p.summary.length, p.id).toBeGreaterThan(20);
    }
    expect(REGISTRY.find((p) => p.id === CUBE_SCENE.id)?.kind).toBe('scene');
  });

  it("hands the Simpson table and the translator the core's starting values", () => {
    expect(SIMPSON.window).toBeGreaterThanOrEqual(3);
    expect(SIMPSON.dt).toBeGreaterThan(0);
    expect(TRANSLATOR_INTENT.frequency).toBeGreaterThan(0);
    expect(TRANSLATOR_INTENT.dt).toBeGreaterThan(0);
  });
});
