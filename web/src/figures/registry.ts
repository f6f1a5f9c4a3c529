/**
 * Every figure by its core preset id (`scenario::registry()`, in presets.json): how to
 * mount it. The chapters mount `<div class="figure" data-scene="ID">` through it,
 * `embed.html?scene=ID` and `<forcelab-scene scene="ID">` embed any figure through it,
 * and the tests walk it; its part `in-place.ts` lists the scenes that mount in place (the
 * index's cube), apart so that the index loads that list alone. A chapter Lab
 * figure is the Lab run of its core preset; the others are modules of their own, loaded
 * only when a page shows them. Every module lives in this folder.
 */
import { FIGURE_IDS, labFigure } from '../core/presets';
import { figureLink, type FigureLink } from './figure-link';
import { figureCaption } from './figure-caption';

export { FIGURE_IDS };

/** Builds a figure inside `host` (its part of the core is loaded by then), its settings kept in `link`. */
export type Mount = (host: HTMLElement, link: FigureLink) => void | Promise<void>;

/**
 * The parts of the core a figure may need (scripts/build-wasm.sh splits the module), each
 * loaded once, when the first figure that needs it mounts, so a page downloads only the
 * parts its figures show.
 */
const DOORS = {
  // The chapters' scenes, one door per chapter (the figures below the arm, and its tuner, apart).
  snap: () => import('../core/snap-wasm').then((m) => m.loadSnap()),
  chase: () => import('../core/chase-wasm').then((m) => m.loadChase()),
  submarine: () => import('../core/submarine-wasm').then((m) => m.loadSubmarine()),
  arm: () => import('../core/arm-wasm').then((m) => m.loadArm()),
  'arm-analysis': () => import('../core/arm-analysis-wasm').then((m) => m.loadArmAnalysis()),
  'arm-tune': () => import('../core/arm-tune-wasm').then((m) => m.loadArmTune()),
  analysis: () => import('../core/analysis-wasm').then((m) => m.loadAnalysis()),
  // The claims table reads the claims the core measured (claims.json) and loads the
  // analysis part itself only when a reader asks to measure them again; the trace panel,
  // the orientation figure and the translator load theirs once the reader asks more than
  // their first view.
  none: () => Promise.resolve(),
} as const;

/** The part of the core each figure needs. */
export type Door = keyof typeof DOORS;

/** The figures with a module of their own (Lab figures come from their preset and load the Lab for their plant). */
const MODULES: Readonly<Record<string, { door: Door; mount: () => Promise<Mount> }>> = {
  snap: { door: 'snap', mount: () => import('./snap-figure').then((m) => m.mountSnap) },
  convergence: { door: 'analysis', mount: () => import('./convergence-figure').then((m) => m.mountConvergence) },
  simpson: { door: 'chase', mount: () => import('./simpson-figure').then((m) => m.mountSimpson) },
  pursuit: { door: 'chase', mount: () => import('./pursuit-figure').then((m) => m.mountPursuit) },
  dive: { door: 'submarine', mount: () => import('./dive-figure').then((m) => m.mountDive) },
  tumble: { door: 'submarine', mount: () => import('./tumble-figure').then((m) => m.mountTumble) },
  arm: { door: 'arm', mount: () => import('./arm-figure').then((m) => m.mountArm) },
  'arm-breaking': { door: 'arm-analysis', mount: () => import('./arm-breaking-figure').then((m) => m.mountArmBreaking) },
  'arm-map': { door: 'arm-analysis', mount: () => import('./arm-map-figure').then((m) => m.mountArmMap) },
  'arm-sag': { door: 'arm-analysis', mount: () => import('./arm-sag-figure').then((m) => m.mountArmSag) },
  'arm-tune': { door: 'arm-tune', mount: () => import('./arm-tune-figure').then((m) => m.mountArmTune) },
  atlas: { door: 'analysis', mount: () => import('./atlas-figure').then((m) => m.mountAtlas) },
  claims: { door: 'none', mount: () => import('./claims-figure').then((m) => m.mountClaims) },
  translator: { door: 'none', mount: () => import('./translator-figure').then((m) => m.mountTranslator) },
  // These open on a view computed when the site was built and load their part of the core when the reader asks anything else.
  trace: { door: 'none', mount: () => import('./trace-figure').then((m) => m.mountTrace) },
  orientation: { door: 'none', mount: () => import('./orientation-figure').then((m) => m.mountOrientation) },
};

/** Whether `id` is a figure this registry can mount in a chapter (in a frame when embedded). */
export const hasFigure = (id: string): boolean => FIGURE_IDS.includes(id) && (labFigure(id) !== undefined || id in MODULES);

/** Gives `host` the figure's id as its anchor, unless the page already uses it: "Copy link" lands there (`chapter.html?...#ID`). */
export function anchorFigure(host: HTMLElement, id: string): void {
  if (!host.id && !document.getElementById(id)) host.id = id;
}

/** Mounts the figure `id` in `host` and marks the host `data-mounted`; an unknown id is refused with the list of ids. */
export async function mountFigure(id: string, host: HTMLElement): Promise<void> {
  if (!hasFigure(id)) throw new Error(`figure must be one of ${FIGURE_IDS.join(', ')}, got "${id.slice(0, 40)}"`);
  const preset = labFigure(id);
  // The caption's words load beside the figure's code.
  const caption = figureCaption(id);
  const link = figureLink(id);
  // The figure's code and its part of the core load together. A Lab figure's: on a plain
  // visit its opening, recorded when the site was built (the Lab loads when the reader
  // reaches for it); from a link with settings, the Lab for its preset's plant (the mount
  // loads another plant's if the link asks for one).
  const mount: Mount = preset
    ? await Promise.all([
        import('./lab-figure-mount'),
        Object.keys(link.fromLink()).length > 0 ? import('../core/wasm').then((m) => m.loadLab(preset.plant)) : import('virtual:lab-openings').then((m) => m.default[id]?.()),
      ]).then(([m, opening]): Mount => (h, l) => m.mountLabFigure(h, preset, l, opening?.default))
    : await Promise.all([MODULES[id]!.mount(), DOORS[MODULES[id]!.door]()]).then(([m]) => m);
  anchorFigure(host, id);
  await mount(host, link);
  // After the mount, which replaces what the host held.
  const line = await caption;
  if (line) host.prepend(line);
  host.dataset.mounted = 'true';
}
