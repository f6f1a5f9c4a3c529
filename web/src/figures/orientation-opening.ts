/**
 * What chapter 11's orientation figure asks the core when it opens, declared once for the
 * figure and for the build, which asks it ahead (web/build/first-view-plugin.ts).
 */

/** Seconds each run lasts: every drive that arrives has arrived by then. */
export const SECONDS = 3;

/** The drives shown first: MuJoCo's two ways, and PhysX's, Jolt's and Rapier's default drive. */
export const FIRST = ['mujoco-ball-motor', 'mujoco-gimbal-position', 'physx-d6-slerp', 'jolt-swing-twist', 'rapier-spherical-acceleration'];

/** The drives shown first as the core names them (`"id/variant"`), each at its engine's default settings. */
export const FIRST_KEYS = FIRST.map((id) => `${id}/default`);

/** A turn the figure asks for (intent, seconds, drives shown, numbers), as one comparable key. */
export const turnQuestion = (intent: object, seconds: number, shown: readonly string[], numbers: unknown): string => JSON.stringify([intent, seconds, shown, numbers]);
