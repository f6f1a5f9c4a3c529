/**
 * The chapters' animated scenes: their settings. The classes come through one door per
 * chapter (`snap-wasm.ts`, `chase-wasm.ts`, `submarine-wasm.ts`, `arm-wasm.ts`,
 * `arm-tune-wasm.ts`: web/pkg-<door>), so a page downloads the scenes it shows and no
 * other chapter's; this module loads no wasm. The settings' types are those of the
 * core's own defaults (`scenario::SceneDefaults`, exported to presets.json by
 * `npm run core-data`), so a field renamed or added in Rust changes them here, and
 * `scenes.test.ts` holds each class's `settings()` to those defaults.
 */
import presets from './presets.json';

/** A JSON default's type, its `null`s (the core's `Option<f64>`: "never") widened to a time or never. */
type Widen<T> = T extends null ? number | null : T extends readonly (infer U)[] ? Widen<U>[] : T extends object ? { -readonly [K in keyof T]: Widen<T[K]> } : T;

/** Chapter 6's chase (`scenes::PursuitSettings`). */
export type PursuitSettings = Widen<typeof presets.scenes.pursuit>;
/** Chapter 7's submarines (`scenes::DiveSettings`). */
export type DiveSettings = Widen<typeof presets.scenes.dive>;
/** One hull's controller (`controllers::SubmarineAttitude`). */
export type Boat = DiveSettings['boats'][number];
/** Chapter 7's plates (`scenes::TumbleSettings`). */
export type TumbleSettings = Widen<typeof presets.scenes.tumble>;
/** Chapter 5's snap (`scenes::SnapSettings`). */
export type SnapSettings = Widen<typeof presets.scenes.snap>;
/** Chapter 12's arms (`scenes::ArmSettings`). */
export type ArmSettings = Widen<typeof presets.scenes.arm>;

/** Each scene's default settings, as the core declares them (a fresh copy per call). */
export const sceneDefaults = (): { pursuit: PursuitSettings; dive: DiveSettings; tumble: TumbleSettings; snap: SnapSettings; arm: ArmSettings } =>
  structuredClone(presets.scenes) as never;
