import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, LAW_LABELS } from '../../core/catalogue';
import { chaseSnippet, type ChaseInput } from './chase';
import { LANGUAGES, snippet, type Language, type SnippetInput } from './index';

const input = (kind: string, name: string, plant: SnippetInput['plant'] = 'cube'): SnippetInput => ({
  plant,
  kind,
  name,
  kp: 400,
  kd: 40,
  ki: 0,
  options: {},
  mass: 2.5,
  dt: 1 / 60,
  integrator: 'semi-implicit-euler',
  target: 1,
  steps: 360,
});

const NAMES: Record<string, string> = {
  pd: 'PD',
  'backward-pd': "Wu's backward PD",
  spd: 'stable PD (SPD)',
  'spd-simplified': 'simplified SPD',
  pid: 'PID',
};

// Every law each plant's engine template writes out.
const lawsOf = (plant: SnippetInput['plant']) => CATALOGUE.plants.find((p) => p.id === plant)!.laws.map((k) => [plant, k] as [SnippetInput['plant'], string]);
const cases: [SnippetInput['plant'], string][] = [...lawsOf('cube'), ...lawsOf('plate'), ...lawsOf('box')];

// Golden files: the Unity and Godot snippets (run by unity.test.ts and godot.test.ts) are checked
// against reviewed text. UPDATE_GOLDEN=1 rewrites them after an intended change.
describe('engine snippets match their golden files', () => {
  for (const [plant, kind] of cases) {
    for (const language of ['csharp', 'gdscript'] as Language[]) {
      it(`${language} ${plant} ${kind}`, () => {
        const file = new URL(`../../../../tests/export/snippets/golden/${plant === 'cube' ? '' : `${plant}-`}${kind}.${LANGUAGES[language].file}`, import.meta.url);
        const text = snippet(language, input(kind, NAMES[kind] ?? LAW_LABELS[kind] ?? kind, plant));
        if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
        expect(text).toBe(readFileSync(file, 'utf8'));
      });
    }
  }
  // A PID card's choices are written in, its numbers kept as settings.
  const withOptions: [string, SnippetInput['plant'], SnippetInput['options']][] = [
    ['pid-options', 'cube', { outputLimit: 30, antiWindup: 'back-calculation', kt: 8, derivativeOn: 'error', integralLimit: 20 }],
    ['box-pid-options', 'box', { outputLimit: 3, antiWindup: 'back-calculation', kt: 8, derivativeOn: 'error', integralLimit: 2, derivativeFilter: 0.02 }],
    ['box-pid-conditional', 'box', { outputLimit: 3 }],
  ];
  for (const [name, plant, options] of withOptions) {
    it(`a PID with the card's settings on the ${plant} (${name})`, () => {
      for (const language of ['csharp', 'gdscript'] as Language[]) {
        const file = new URL(`../../../../tests/export/snippets/golden/${name}.${LANGUAGES[language].file}`, import.meta.url);
        const text = snippet(language, { ...input('pid', 'PID', plant), ki: 50, options });
        if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
        expect(text).toBe(readFileSync(file, 'utf8'));
      }
    });
  }
});

// The Rust and JS snippets are compiled and run by the browser tests (tests/e2e/
// snippets.spec.ts), which prove that they print what the page plots; their golden
// files pin the reviewed text here, where mutation testing and a quick run can see it.
describe('runnable snippets match their golden files', () => {
  const golden = (name: string, text: string) => {
    const file = new URL(`../../../../tests/export/snippets/golden/${name}`, import.meta.url);
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
    expect(text).toBe(readFileSync(file, 'utf8'));
  };
  for (const [plant, kind] of [['cube', 'pd'], ['cube', 'pid'], ['plate', 'spd'], ['box', 'backward-pd']] as [SnippetInput['plant'], string][]) {
    for (const language of ['rust', 'js'] as Language[]) {
      it(`${language} ${plant} ${kind}`, () => golden(`${plant}-${kind}.${LANGUAGES[language].file}`, snippet(language, input(kind, NAMES[kind]!, plant))));
    }
  }
  it('rust falls back to semi-implicit Euler for an integrator it does not know', () => {
    expect(snippet('rust', { ...input('pd', 'PD'), integrator: 'verlet' as SnippetInput['integrator'] })).toContain('integrator: Integrator::SemiImplicitEuler');
  });

  it('rust under each integrator', () => {
    for (const integrator of ['explicit-euler', 'rk4'] as const) {
      golden(`cube-pd-${integrator}.rs`, snippet('rust', { ...input('pd', 'PD'), integrator }));
    }
  });
  const chase: ChaseInput = { kp: 30, ki: 2, kd: 8, window: 12, maxAngularAcceleration: 40, speed: 6, dt: 1 / 60, steps: 240, point: null };
  for (const language of Object.keys(LANGUAGES) as Language[]) {
    it(`the chase in ${language}, round the waypoints and to a dragged goal`, () => {
      golden(`chase-waypoints.${LANGUAGES[language].file}`, chaseSnippet(language, chase));
      golden(`chase-point.${LANGUAGES[language].file}`, chaseSnippet(language, { ...chase, point: [3.5, -2] }));
    });
  }
});

describe('every snippet carries the reader\'s numbers exactly', () => {
  const odd: SnippetInput = { ...input('backward-pd', "Wu's backward PD"), kp: 123.456789012345, kd: 0.1 + 0.2, mass: 1e-3, dt: 1 / 240 };
  for (const language of Object.keys(LANGUAGES) as Language[]) {
    for (const plant of ['cube', 'plate', 'box'] as const) {
      it(`${language} on the ${plant}`, () => {
        const text = snippet(language, { ...odd, plant });
        for (const v of [odd.kp, odd.kd, odd.mass, odd.dt]) expect(text).toContain(String(v));
        expect(text).toMatch(/Units: SI/);
        expect(text).toMatch(/Signs:/);
      });
    }
  }

  it('integers become floating-point literals every language reads as doubles', () => {
    const text = snippet('rust', { ...input('pd', 'PD'), kp: 400 });
    expect(text).toContain('400.0');
    expect(text).not.toMatch(/[^.\d]400[,)]/);
  });
});
