import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('..', import.meta.url).pathname;

/** Every TypeScript file under web/src. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });
}

describe('one door to the core', () => {
  it('only the modules of web/src/core/ import the generated wasm packages', () => {
    const outside = sources(src)
      .filter((path) => /(from|import\()\s*['"][./]*pkg(-[a-z]+)*\/forcelab_wasm/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path))
      .filter((path) => !path.startsWith('core/'));
    expect(outside).toEqual([]);
  });
});
