/**
 * Chapter 12's tuner on the arm (web/pkg-arm-tune, loaded by `loadArmTune`): `ArmScene`'s
 * `figureWish`, `tuneDrives` and `tune`, with the MuJoCo and PhysX chain twins it tunes
 * (no scene is built from this build: the arm's door holds the rest of the class).
 * Settings' types and defaults: `scenes.ts`.
 */
import init, { initSync } from '../../pkg-arm-tune/forcelab_wasm.js';
import { loader } from './loader';

export { ArmScene } from '../../pkg-arm-tune/forcelab_wasm.js';

/** Loads this door's part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadArmTune, loadSync: loadArmTuneSync } = loader(init, initSync);
