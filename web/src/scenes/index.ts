import { cubeAndTarget } from './cube-and-target';
import type { Scene } from './scene';

/** Every scene by its id: the page, embeds and tests look scenes up here. */
export const scenes: ReadonlyMap<string, Scene> = new Map([[cubeAndTarget.id, cubeAndTarget]]);

export const defaultSceneId = cubeAndTarget.id;
