/**
 * The scenes that mount in place, part of the figure registry (`registry.ts` lists them
 * with every other figure): each has a parameter table whose keys are the page's own
 * (`index.html?kp=400`, `<forcelab-scene kp="400">`) rather than a figure's prefixed
 * link. The index's cube is the one; only the index and the element, which show it,
 * load this list (and with it the scene), and the chapters' registry does not.
 */
import type { Scene } from './scene';
import { cubeAndTarget } from './cube-and-target';

const IN_PLACE: Readonly<Record<string, Scene>> = { [cubeAndTarget.id]: cubeAndTarget };

/** The scene the index and `<forcelab-scene>` show when none is named. */
export const DEFAULT_SCENE = cubeAndTarget.id;

/** The in-place scene `id`, or undefined when `id` is not one. */
export function inPlaceScene(id: string): Scene | undefined {
  return Object.hasOwn(IN_PLACE, id) ? IN_PLACE[id] : undefined;
}

/** The ids of the in-place scenes. */
export const IN_PLACE_IDS: readonly string[] = Object.keys(IN_PLACE);

/** Every key an in-place scene reads from its page's query or its element's attributes. */
export const IN_PLACE_KEYS: readonly string[] = [...new Set(Object.values(IN_PLACE).flatMap((s) => s.params.map((p) => p.key)))];
