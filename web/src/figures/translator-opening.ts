/**
 * What chapter 10's translator asks the core when it opens, declared once for the figure,
 * its engine panel and the build, which asks it ahead (web/build/first-view-plugin.ts):
 * every engine's twin at the opening intent for the table (one step), and the panel's
 * engine over its whole response.
 */

/** The engine the panel shows first. */
export const DEFAULT_ENGINE = 'unity-configurable-joint';

/** Seconds of response the panel draws. */
export const SECONDS = 3;

/** Steps of the panel's run at step `dt` (at least one, at most 100,000). */
export const panelSteps = (dt: number): number => Math.max(1, Math.min(100_000, Math.round(SECONDS / dt)));

/** A twin the figure asks for (engine, intent, settings, steps), as one comparable key. */
export const twinQuestion = (id: string, intent: object, settings: object, steps: number): string => JSON.stringify([id, intent, settings, steps]);
