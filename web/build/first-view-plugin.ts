/**
 * Figures' first views, computed when the site is built, each by its own part of the
 * core (a door of web/pkg-*, built before the site) run here in Node: a reader who opens
 * the figure sees that answer without downloading the door, which loads when they ask
 * anything else and gives the same bits for the same question (the e2e tests ask both).
 *
 * - `virtual:trace-example`: the trace panel's example, the engines a trace can be
 *   explained by, and the example explained at the panel's opening settings (125 KB of
 *   door not fetched).
 * - `virtual:orientation-opening`: chapter 11's turn at its opening settings, every drive
 *   named and the first ones run (`figures/orientation-opening.ts`; 96 KB of door not
 *   fetched), with the question it answers.
 * - `virtual:translator-opening`: chapter 10's translator at its opening intent, the
 *   engines' catalogue, every engine's twin for its table and the panel engine's run
 *   (`figures/translator-opening.ts`; 84 KB of door not fetched), each by its question.
 * - `virtual:lab-openings`: each chapter Lab figure's opening, its whole run at its
 *   preset and the conversions its cards ask (`figures/lab-opening.ts`), in a module of
 *   its own per figure (`virtual:lab-opening/ID`; the Lab's 80 KB door not fetched).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { FIRST_KEYS, SECONDS, turnQuestion } from '../src/figures/orientation-opening.ts';
import { DEFAULT_ENGINE, panelSteps, twinQuestion } from '../src/figures/translator-opening.ts';
import { labOpening, type LabDoor } from '../src/figures/lab-opening.ts';
import { labFigureState } from '../src/figures/lab-figure.ts';
import type { LabFigure } from '../src/core/presets.ts';

/** A door's bindings, loaded from its bytes. */
async function door<T>(pkg: string): Promise<T & { initSync(options: { module: BufferSource }): unknown }> {
  const bindings = (await import(pathToFileURL(join(pkg, 'forcelab_wasm.js')).href)) as T & { initSync(options: { module: BufferSource }): unknown };
  bindings.initSync({ module: readFileSync(join(pkg, 'forcelab_wasm_bg.wasm')) });
  return bindings;
}

/** The bindings of web/pkg-trace used here (`crates/forcelab-wasm/src/trace.rs`). */
interface TraceBindings {
  traceExample(): { text: string; engine: string; mass: number; want: { frequency: number; dampingRatio: number } };
  traceEngines(): unknown;
  explainTrace(text: string, options: unknown): unknown;
}

/** The example, the engines and the example explained at the panel's opening settings, from the built door in `pkg` (web/pkg-trace). */
export async function traceFirstView(pkg: string): Promise<{ example: unknown; engines: unknown; explained: unknown }> {
  const trace = await door<TraceBindings>(pkg);
  const example = trace.traceExample();
  const explained = trace.explainTrace(example.text, { engine: example.engine, mass: example.mass, target: null, want: example.want });
  return { example, engines: trace.traceEngines(), explained };
}

/** The bindings of web/pkg-orientation used here (`crates/forcelab-wasm/src/orientation.rs`). */
interface OrientationBindings {
  orientationTurn(intent: unknown, seconds: number, shown: string[] | undefined, exact: boolean, wish: unknown): unknown;
}

/** Chapter 11's opening turn (the core's starting intent, presets.json) and the question it answers, from the built door in `pkg`. */
export async function orientationFirstView(pkg: string, presets: string): Promise<{ question: string; turn: unknown }> {
  const orientation = await door<OrientationBindings>(pkg);
  const intent = (JSON.parse(readFileSync(presets, 'utf8')) as { orientation: object }).orientation;
  const turn = orientation.orientationTurn(intent, SECONDS, [...FIRST_KEYS], false, undefined);
  return { question: turnQuestion(intent, SECONDS, FIRST_KEYS, 'documented'), turn };
}

/** The bindings of web/pkg-engines used here (`crates/forcelab-wasm/src/engines.rs`). */
interface EngineBindings {
  engineCatalogue(): { id: string }[];
  engineTwin(id: string, intent: unknown, settings: object, steps: number): unknown;
}

/** Chapter 10's translator at the core's starting intent (presets.json): the catalogue and the twins its opening view draws, by question. */
export async function translatorFirstView(pkg: string, presets: string): Promise<{ engines: unknown; twins: Record<string, unknown> }> {
  const engines = await door<EngineBindings>(pkg);
  const intent = (JSON.parse(readFileSync(presets, 'utf8')) as { translator: { dt: number } }).translator;
  const catalogue = engines.engineCatalogue();
  const twins: Record<string, unknown> = {};
  const ask = (id: string, steps: number) => (twins[twinQuestion(id, intent, {}, steps)] = engines.engineTwin(id, intent, {}, steps));
  for (const e of catalogue) ask(e.id, 1);
  ask(DEFAULT_ENGINE, panelSteps(intent.dt));
  return { engines: catalogue, twins };
}

/** Every chapter Lab figure's opening by id, asked of the Lab on every plant, the built door in `pkg` (web/pkg-lab). */
export async function labFirstViews(pkg: string, presets: string): Promise<Record<string, unknown>> {
  const lab = await door<LabDoor>(pkg);
  const figures = (JSON.parse(readFileSync(presets, 'utf8')) as { labFigures: LabFigure[] }).labFigures;
  return Object.fromEntries(figures.map((f) => [f.id, labOpening(lab, labFigureState(f))]));
}

/** The Vite plugin: `import firstView from 'virtual:trace-example'` (or `'virtual:orientation-opening'`, `'virtual:translator-opening'`). */
export function firstViewPlugin(root: string): Plugin {
  const views: Record<string, { pkg: string; compute: () => Promise<unknown> }> = {
    'virtual:trace-example': { pkg: join(root, 'web/pkg-trace'), compute: () => traceFirstView(join(root, 'web/pkg-trace')) },
    'virtual:orientation-opening': {
      pkg: join(root, 'web/pkg-orientation'),
      compute: () => orientationFirstView(join(root, 'web/pkg-orientation'), join(root, 'web/src/core/presets.json')),
    },
    'virtual:translator-opening': {
      pkg: join(root, 'web/pkg-engines'),
      compute: () => translatorFirstView(join(root, 'web/pkg-engines'), join(root, 'web/src/core/presets.json')),
    },
  };
  const labPkg = join(root, 'web/pkg-lab');
  // The Lab figures' openings, computed once for every figure's module.
  let labViews: Promise<Record<string, unknown>> | undefined;
  const LAB = 'virtual:lab-opening/';
  return {
    name: 'forcelab-first-views',
    resolveId: (id) => (id in views || id === 'virtual:lab-openings' || id.startsWith(LAB) ? `\0${id}` : undefined),
    // A rebuilt Lab (the dev server watching) is asked again.
    watchChange(id) {
      if (id === join(labPkg, 'forcelab_wasm_bg.wasm')) labViews = undefined;
    },
    async load(id) {
      if (id === '\0virtual:lab-openings') {
        const ids = Object.keys(await (labViews ??= labFirstViews(labPkg, join(root, 'web/src/core/presets.json'))));
        return `export default {${ids.map((f) => `${JSON.stringify(f)}: () => import(${JSON.stringify(LAB + f)})`).join(', ')}};`;
      }
      if (id.startsWith(`\0${LAB}`)) {
        this.addWatchFile(join(labPkg, 'forcelab_wasm_bg.wasm'));
        const figure = id.slice(LAB.length + 1);
        return `export default ${JSON.stringify((await (labViews ??= labFirstViews(labPkg, join(root, 'web/src/core/presets.json'))))[figure])};`;
      }
      const view = id.startsWith('\0') ? views[id.slice(1)] : undefined;
      if (!view) return undefined;
      this.addWatchFile(join(view.pkg, 'forcelab_wasm_bg.wasm'));
      return `export default ${JSON.stringify(await view.compute())};`;
    },
  };
}
