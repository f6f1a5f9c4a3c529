/**
 * Chapter 12's arm (web/pkg-arm, loaded by `loadArm`): the scene, its stability map, sag,
 * metrics and breaking table. The tuner is a door of its own (`arm-tune-wasm.ts`).
 * Settings' types and defaults: `scenes.ts`.
 */
import init, { initSync } from '../../pkg-arm/forcelab_wasm.js';
import { loader } from './loader';

export { ArmScene } from '../../pkg-arm/forcelab_wasm.js';

/** Loads this door's part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadArm, loadSync: loadArmSync } = loader(init, initSync);
