/**
 * A chapter's Lab figure: the Lab, laid out as a figure, started from its core preset
 * or from the settings its link carries (`ID-plant`, `ID-kp0`, ...: the Lab's own keys,
 * prefixed with the figure's id), which it keeps in the address as they change.
 */
import type { FigureLink } from './figure-link';
import type { LabFigure } from '../core/presets';
import { labFigureState } from './lab-figure';
import { mountLab } from '../lab/lab-page';
import { readLabState } from '../lab/lab-state';
import { loadLab } from '../core/wasm';

/** Mounts the Lab figure `preset` in `host`, its settings kept in `link`, once the Lab for its plant is loaded. */
export async function mountLabFigure(host: HTMLElement, preset: LabFigure, link: FigureLink): Promise<void> {
  const start = labFigureState(preset);
  const carried = link.fromLink();
  // The link says what differs from the preset.
  const { state, problems } = readLabState(`?${new URLSearchParams(carried)}`, start);
  // The preset's plant too: a link whose settings the core refuses falls back to it.
  await Promise.all([loadLab(state.plant), loadLab(start.plant)]);
  mountLab(host, state, problems, { figure: true, idPrefix: `${link.id}-`, saveUrl: false, link: { figure: link, preset: start } });
}
