/**
 * Invariant: web/src holds only code a page ships (and the unit tests beside it). A page
 * file that imported a Node module or spawned a process would break the page in the
 * browser, or pull test machinery into it; the runners that spawn compilers and the
 * golden files live under tests/ (tests/export). tsconfig.json checks the page without
 * Node's types too; this scan also catches what a type check lets through (a dynamic
 * import, a `process` read behind a typeof).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('../src', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * The source with the text of its template literals blanked (newlines kept, so line
 * numbers hold): the snippet templates write Node programs for the reader as text, which
 * is not the page importing anything. `${...}` inside a template is code and kept.
 */
function codeOnly(source: string): string {
  const out = source.split('');
  const stack: ('code' | 'template')[] = ['code'];
  const braces: number[] = [0];
  for (let i = 0; i < out.length; i++) {
    const c = source[i]!;
    if (stack.at(-1) === 'template') {
      if (c === '\\') {
        if (out[i + 1] !== '\n') out[i + 1] = ' ';
        out[i] = ' ';
        i++;
      } else if (c === '`') stack.pop();
      else if (c === '$' && source[i + 1] === '{') {
        stack.push('code');
        braces.push(0);
        i++;
      } else if (c !== '\n') out[i] = ' ';
      continue;
    }
    if (c === '`') stack.push('template');
    else if (c === '{') braces[braces.length - 1]!++;
    else if (c === '}') {
      if (braces.at(-1) === 0 && stack.length > 1) {
        stack.pop();
        braces.pop();
      } else braces[braces.length - 1]!--;
    } else if ((c === "'" || c === '"') && stack.length >= 1) {
      // A plain string: skip to its end (a backtick in it opens nothing).
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      i = j;
    }
  }
  return out.join('');
}

const NODE_ONLY = [/\bfrom\s+['"]node:/, /\bimport\(\s*['"]node:/, /\brequire\(/, /child_process/, /\bspawnSync?\b/, /\bexecFileSync\b/, /\bprocess\.(env|argv|exit|cwd)\b/];

describe('page sources', () => {
  const all = files(src);
  const page = all.filter((f) => !f.endsWith('.test.ts'));

  it('import no Node module and spawn no process', () => {
    expect(page.length).toBeGreaterThan(20);
    const hits = page
      .filter((f) => /\.(ts|js|mjs)$/.test(f))
      .flatMap((f) =>
        codeOnly(readFileSync(f, 'utf8'))
          .split('\n')
          .flatMap((line, i) => (NODE_ONLY.some((r) => r.test(line)) && !/^\s*(\*|\/\/)/.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(hits).toEqual([]);
  });

  it('hold no test machinery: no golden file, no Python, C# or shell', () => {
    const machinery = all.filter((f) => /\/golden\/|\.(py|cs|sh|gd|rs)$/.test(f));
    expect(machinery).toEqual([]);
  });

  it('read a template literal as text and its ${...} as code', () => {
    const program = "const a = 1;\nconst t = `\nimport { x } from 'node:fs';\n${spawnSync('y')}`;\n";
    const lines = codeOnly(program).split('\n');
    expect(lines.length).toBe(program.split('\n').length);
    expect(lines[2]!.trim()).toBe('');
    expect(lines[3]).toContain("spawnSync('y')");
  });

  it('fail the scan on a line that spawns a process', () => {
    expect(NODE_ONLY.some((r) => r.test("import { spawnSync } from 'node:child_process';"))).toBe(true);
    expect(NODE_ONLY.some((r) => r.test('const a = process.env.X;'))).toBe(true);
    expect(NODE_ONLY.some((r) => r.test('const plot = new TracePlot(host);'))).toBe(false);
  });
});
