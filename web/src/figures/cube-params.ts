/**
 * The index's cube scene's settings: what each is, its unit, its slider's range and its
 * start (the core's `scenario::CUBE_SCENE`). Apart from the scene's code so that the
 * registry and `<forcelab-scene>` know its keys (the element's attributes, the index's
 * query) without loading the scene.
 */
import { CUBE_SCENE } from '../core/presets';
import type { ParamDef } from '../ui/params';

/** The left edge of the drawn track and the lowest target, m. */
export const VIEW_MIN = -1;
/** The right edge of the drawn track and the highest target, m. */
export const VIEW_MAX = 3;

export const CUBE_PARAMS: readonly ParamDef[] = [
  { key: 'kp', label: 'kp (stiffness)', unit: 'N/m', min: 1, max: 1e6, scale: 'log', initial: CUBE_SCENE.kp },
  { key: 'kd', label: 'kd (damping)', unit: 'N·s/m', min: 0.1, max: 1e5, scale: 'log', initial: CUBE_SCENE.kd },
  {
    key: 'dt', label: 'dt (physics step)', unit: 's', min: 0.002, max: 0.1, scale: 'log',
    initial: CUBE_SCENE.dt, hardMin: 0, hardMax: 1, minExclusive: true,
  },
  { key: 'mass', label: 'mass', unit: 'kg', min: 0.1, max: 100, scale: 'log', initial: CUBE_SCENE.mass, hardMin: 0, hardMax: 1e6, minExclusive: true },
  { key: 'target', label: 'target position', unit: 'm', min: VIEW_MIN, max: VIEW_MAX, scale: 'linear', initial: CUBE_SCENE.target, hardMin: VIEW_MIN, hardMax: VIEW_MAX },
];
