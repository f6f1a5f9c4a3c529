/**
 * Chapter 12's figures below the arm (web/pkg-arm-analysis, loaded by `loadArmAnalysis`):
 * `ArmScene`'s stability map, sag and breaking table, with the chain laws' names (no
 * scene is built from this build: the arm's door holds the scene, so that a first visit
 * of the chapter, or the scene embedded alone, does not download these).
 * Settings' types and defaults: `scenes.ts`.
 */
import init, { initSync } from '../../pkg-arm-analysis/forcelab_wasm.js';
import { loader } from './loader';

export { ArmScene } from '../../pkg-arm-analysis/forcelab_wasm.js';

/** Loads this door's part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadArmAnalysis, loadSync: loadArmAnalysisSync } = loader(init, initSync);
