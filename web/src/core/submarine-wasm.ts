/**
 * Chapter 7's scenes (web/pkg-submarine, loaded by `loadSubmarine`): the submarines and
 * the tumbling plates.
 * Settings' types and defaults: `scenes.ts`.
 */
import init, { initSync } from '../../pkg-submarine/forcelab_wasm.js';
import { loader } from './loader';

export { DiveScene, TumbleScene } from '../../pkg-submarine/forcelab_wasm.js';

/** Loads this door's part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadSubmarine, loadSync: loadSubmarineSync } = loader(init, initSync);
