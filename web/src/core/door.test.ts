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

  it("every door scripts/build-wasm.sh builds is linted by scripts/test.sh and loaded by a module of web/src/core", () => {
    const root = new URL('../../../', import.meta.url).pathname;
    const doors = (file: string, pattern: RegExp) => readFileSync(join(root, file), 'utf8').match(pattern)![1]!.split(' ').sort();
    const built = doors('scripts/build-wasm.sh', /for door in ([a-z -]+); do\n\s*build /);
    const linted = doors('scripts/test.sh', /for door in ([a-z -]+); do\n\s*cargo clippy/);
    expect(built.filter((door) => !linted.includes(door))).toEqual([]);
    const core = sources(join(src, 'core')).map((path) => readFileSync(path, 'utf8'));
    expect(built.filter((door) => !core.some((text) => text.includes(`pkg-${door}/forcelab_wasm.js`)))).toEqual([]);
  });
});
