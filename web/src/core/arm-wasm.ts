/**
 * Chapter 12's arm (web/pkg-arm, loaded by `loadArm`): the scene and its metrics. The
 * stability map, sag and breaking table (`arm-analysis-wasm.ts`) and the tuner
 * (`arm-tune-wasm.ts`) are doors of their own.
 * Settings' types and defaults: `scenes.ts`.
 */
import init, { initSync } from '../../pkg-arm/forcelab_wasm.js';
import { loader } from './loader';

export { ArmScene } from '../../pkg-arm/forcelab_wasm.js';

/** Loads this door's part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadArm, loadSync: loadArmSync } = loader(init, initSync);
