/**
 * A Lab card's stability map: the core's atlas map that holds the card's law on its
 * plant under the Lab's integrator (`lab::CardMap`: the law's own map; for a PID, the
 * slice at the card's own ki h³/m; for a law without gains, the forward PD's), with ticks
 * in the card's units (kp N/m up, kd N·s/m right, at its mass and step), a marker at the
 * card's gains that moves as they change (on the box, one per principal axis where they
 * differ), the spectral radius there and the poles at the markers in the z-plane
 * (against the unit circle). Pointing at the map reads a cell out; a click puts its gains
 * on the card (`pick`), as a click on chapter 8's atlas opens them in the Lab.
 */
import { el } from '../ui/dom';

/** What the map is drawn for: the card's law and raw gains, and the Lab's body and step. */
export interface MapInput {
  plant: string;
  law: string;
  integrator: string;
  kp: number;
  kd: number;
  ki: number;
  mass: number;
  dt: number;
  /** The card's settings beyond its gains (its clamps, filter, window), by the core's key. */
  options: Record<string, number | string>;
}

/** The maps a reader has open, by id: a card rebuilt (an applied tuning, a new law) keeps its map open. */
const openMaps = new Set<string>();

/**
 * The panel, and the function that redraws it (call it after every edit). The map's
 * code and the analysis part of the core load when a map is first opened, so a Lab or
 * a figure embedded in a post does not carry them.
 */
export function stabilityMap(id: string, read: () => MapInput, pick: (kp: number, kd: number) => void): { panel: HTMLDetailsElement; update: () => void } {
  const readout = el('p', { class: 'atlas-readout', 'aria-live': 'polite' });
  const panel = el('details', { class: 'atlas-panel' }, el('summary', {}, 'Stability map'), readout);
  let draw: (() => void) | null = null;
  panel.addEventListener('toggle', () => {
    if (panel.open) openMaps.add(id);
    else openMaps.delete(id);
    if (!panel.open) return;
    if (draw) {
      draw();
      return;
    }
    readout.textContent = 'Loading the map…';
    void import('./lab-atlas-map').then(({ mapDrawer }) => {
      // A card removed or rebuilt while the map loaded has no map to draw.
      if (panel.isConnected) draw ??= mapDrawer(id, panel, readout, read, pick);
    });
  });
  panel.open = openMaps.has(id);
  return { panel, update: () => draw?.() };
}
