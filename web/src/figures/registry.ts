/**
 * Every figure by its core preset id (`scenario::registry()`, in presets.json): how to
 * mount it. The chapters mount `<div class="figure" data-scene="ID">` through it,
 * `embed.html?scene=ID` and `<forcelab-scene scene="ID">` embed any figure through it,
 * and the tests walk it. A chapter Lab figure is the Lab run of its core preset; the
 * others are modules of their own, loaded only when a page shows them.
 */
import { FIGURE_IDS, labFigure, REGISTRY } from '../core/presets';
import { figureLink, type FigureLink } from './figure-link';
import { figureCaption } from './figure-caption';

export { FIGURE_IDS };

/** Builds a figure inside `host` (its part of the core is loaded by then), its settings kept in `link`. */
export type Mount = (host: HTMLElement, link: FigureLink) => void;

/**
 * The parts of the core a figure may need (scripts/build-wasm.sh splits the module), each
 * loaded once, when the first figure that needs it mounts, so a page downloads only the
 * parts its figures show.
 */
const DOORS = {
  scenes: () => import('../core/scenes').then((m) => m.loadScenes()),
  analysis: () => import('../core/analysis-wasm').then((m) => m.loadAnalysis()),
  engines: () => import('../core/engines-wasm').then((m) => m.loadEngines()),
  trace: () => import('../core/trace-wasm').then((m) => m.loadTrace()),
  orientation: () => import('../core/orientation-wasm').then((m) => m.loadOrientation()),
  // The claims table reads the claims the core measured (claims.json) and loads the
  // analysis part itself only when a reader asks to measure them again.
  none: () => Promise.resolve(),
} as const;

/** The part of the core each figure needs. */
export type Door = keyof typeof DOORS;

/** The figures with a module of their own (Lab figures come from their preset and load the Lab for their plant). */
const MODULES: Readonly<Record<string, { door: Door; mount: () => Promise<Mount> }>> = {
  snap: { door: 'scenes', mount: () => import('../chapters/figures/snap-figure').then((m) => m.mountSnap) },
  convergence: { door: 'analysis', mount: () => import('../chapters/figures/convergence-figure').then((m) => m.mountConvergence) },
  simpson: { door: 'scenes', mount: () => import('../chapters/figures/simpson-figure').then((m) => m.mountSimpson) },
  pursuit: { door: 'scenes', mount: () => import('../chapters/figures/pursuit-figure').then((m) => m.mountPursuit) },
  dive: { door: 'scenes', mount: () => import('../chapters/figures/dive-figure').then((m) => m.mountDive) },
  tumble: { door: 'scenes', mount: () => import('../chapters/figures/tumble-figure').then((m) => m.mountTumble) },
  atlas: { door: 'analysis', mount: () => import('../chapters/figures/atlas-figure').then((m) => m.mountAtlas) },
  claims: { door: 'none', mount: () => import('../chapters/figures/claims-figure').then((m) => m.mountClaims) },
  translator: { door: 'engines', mount: () => import('../chapters/figures/translator-figure').then((m) => m.mountTranslator) },
  trace: { door: 'trace', mount: () => import('../chapters/figures/trace-figure').then((m) => m.mountTrace) },
  orientation: { door: 'orientation', mount: () => import('../chapters/figures/orientation-figure').then((m) => m.mountOrientation) },
};

/** Whether `id` is a figure this registry can mount. */
export const hasFigure = (id: string): boolean => FIGURE_IDS.includes(id) && (labFigure(id) !== undefined || id in MODULES);

/** What the figure `id` shows, in one line (the core's summary), if it is one. */
export const figureSummary = (id: string): string | undefined => REGISTRY.find((p) => p.id === id)?.summary;

/** Gives `host` the figure's id as its anchor, unless the page already uses it: "Copy link" lands there (`chapter.html?...#ID`). */
export function anchorFigure(host: HTMLElement, id: string): void {
  if (!host.id && !document.getElementById(id)) host.id = id;
}

/** Mounts the figure `id` in `host` and marks the host `data-mounted`; an unknown id is refused with the list of ids. */
export async function mountFigure(id: string, host: HTMLElement): Promise<void> {
  if (!hasFigure(id)) throw new Error(`figure must be one of ${FIGURE_IDS.join(', ')}, got "${id.slice(0, 40)}"`);
  const caption = figureCaption(id);
  anchorFigure(host, id);
  const link = figureLink(id);
  const preset = labFigure(id);
  if (preset) {
    // The Lab for the preset's plant loads beside the figure's code (the mount loads
    // another plant's if the link asks for one).
    const [{ mountLabFigure }] = await Promise.all([import('../lab/lab-figure-mount'), import('../core/wasm').then((m) => m.loadLab(preset.plant))]);
    await mountLabFigure(host, preset, link);
  } else {
    const figure = MODULES[id]!;
    const [mount] = await Promise.all([figure.mount(), DOORS[figure.door]()]);
    mount(host, link);
  }
  // After the mount, which replaces what the host held.
  if (caption) host.prepend(caption);
  host.dataset.mounted = 'true';
}
