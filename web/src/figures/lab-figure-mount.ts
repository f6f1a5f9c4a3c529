/**
 * A chapter's Lab figure: the Lab, laid out as a figure, started from its core preset
 * or from the settings its link carries (`ID-plant`, `ID-kp0`, ...: the Lab's own keys,
 * prefixed with the figure's id), which it keeps in the address as they change.
 */
import type { FigureLink } from './figure-link';
import type { LabFigure } from '../core/presets';
import type { LabOpening } from './lab-opening';
import { labFigureState } from './lab-figure';
import { mountLab } from '../lab/lab-page';
import { readLabState } from '../lab/lab-state';
import { loadLab, recordConversions } from '../core/wasm';
import { RecordedRun } from '../lab/recorded-run';
import { holdUntilLive } from '../lab/hold-until-live';

/**
 * Mounts the Lab figure `preset` in `host`, its settings kept in `link`. A plain visit
 * (the registry fetched no Lab for it) opens on `opening`, its run recorded at build
 * time, and loads the Lab when the reader reaches for it; a link with settings loads the
 * Lab for its plant first, so that a value the core refuses is named at once.
 */
export async function mountLabFigure(host: HTMLElement, preset: LabFigure, link: FigureLink, opening?: LabOpening): Promise<void> {
  const start = labFigureState(preset);
  const carried = link.fromLink();
  // The link says what differs from the preset.
  const { state, problems } = readLabState(`?${new URLSearchParams(carried)}`, start);
  const options = { figure: true, idPrefix: `${link.id}-`, saveUrl: false, link: { figure: link, preset: start } };
  if (opening) {
    recordConversions(opening.conversions);
    mountLab(host, state, problems, { ...options, opening: { run: new RecordedRun(opening.frame), hold: holdUntilLive } });
    return;
  }
  // The preset's plant too: a link whose settings the core refuses falls back to it.
  await Promise.all([loadLab(state.plant), loadLab(start.plant)]);
  mountLab(host, state, problems, options);
}
