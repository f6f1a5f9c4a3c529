/**
 * Every figure by its core preset id (`scenario::registry()`, in presets.json): how to
 * mount it. The chapters mount `<div class="figure" data-scene="ID">` through it,
 * `embed.html?scene=ID` and `<forcelab-scene scene="ID">` embed any figure through it,
 * and the tests walk it. A chapter Lab figure is the Lab run of its core preset; the
 * others are modules of their own, loaded only when a page shows them.
 */
import { FIGURE_IDS, labFigure, REGISTRY } from '../core/presets';
import { figureLink, type FigureLink } from './figure-link';

export { FIGURE_IDS };

/** Builds a figure inside `host` (the full core is loaded by then), its settings kept in `link`. */
export type Mount = (host: HTMLElement, link: FigureLink) => void;

/** The figures with a module of their own (Lab figures come from their preset). */
const MODULES: Readonly<Record<string, () => Promise<Mount>>> = {
  snap: () => import('../chapters/figures/snap-figure').then((m) => m.mountSnap),
  convergence: () => import('../chapters/figures/convergence-figure').then((m) => m.mountConvergence),
  simpson: () => import('../chapters/figures/simpson-figure').then((m) => m.mountSimpson),
  pursuit: () => import('../chapters/figures/pursuit-figure').then((m) => m.mountPursuit),
  dive: () => import('../chapters/figures/dive-figure').then((m) => m.mountDive),
  tumble: () => import('../chapters/figures/tumble-figure').then((m) => m.mountTumble),
  atlas: () => import('../chapters/figures/atlas-figure').then((m) => m.mountAtlas),
  claims: () => import('../chapters/figures/claims-figure').then((m) => m.mountClaims),
  translator: () => import('../chapters/figures/translator-figure').then((m) => m.mountTranslator),
};

/** Whether `id` is a figure this registry can mount. */
export const hasFigure = (id: string): boolean => FIGURE_IDS.includes(id) && (labFigure(id) !== undefined || id in MODULES);

/** What the figure `id` shows, in one line (the core's summary), if it is one. */
export const figureSummary = (id: string): string | undefined => REGISTRY.find((p) => p.id === id)?.summary;

/** Mounts the figure `id` in `host`; an unknown id is refused with the list of ids. */
export async function mountFigure(id: string, host: HTMLElement): Promise<void> {
  if (!hasFigure(id)) throw new Error(`figure must be one of ${FIGURE_IDS.join(', ')}, got "${id.slice(0, 40)}"`);
  // The figure's anchor: "Copy link" lands on it (`chapter.html?...#ID`).
  if (!host.id && !document.getElementById(id)) host.id = id;
  const link = figureLink(id);
  const preset = labFigure(id);
  if (preset) {
    const [{ mountLabFigure }] = await Promise.all([import('../lab/lab-figure-mount')]);
    mountLabFigure(host, preset, link);
    return;
  }
  (await MODULES[id]!())(host, link);
}
