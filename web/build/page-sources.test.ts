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
    if (c === '/' && source[i + 1] === '/') {
      // A line comment: prose, not code.
      while (i < source.length && source[i] !== '\n') out[i++] = ' ';
      i--;
      continue;
    }
    if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      for (; i < stop; i++) if (source[i] !== '\n') out[i] = ' ';
      i--;
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

  it("declare no list of the core's plants, integrators or gain forms: they come from its catalogue", () => {
    // Two ids of one kind as items of an array, a union or a record's keys (one line, or
    // a record spread over a few) make a list of them; the core's catalogue.json and its
    // generated ids.ts hold the only ones. A branch on one id (`case 'plate':`) is not.
    type Ids = { id: string }[];
    const catalogue = JSON.parse(readFileSync(join(src, 'core/catalogue.json'), 'utf8')) as { plants: Ids; integrators: Ids; gainForms: Ids };
    const kinds = { plants: catalogue.plants.map((p) => p.id), integrators: catalogue.integrators.map((i) => i.id), 'gain forms': catalogue.gainForms.map((f) => f.id) };
    expect(kinds.plants.length).toBeGreaterThan(1);
    expect(kinds.integrators.length).toBeGreaterThan(1);
    expect(kinds['gain forms'].length).toBeGreaterThan(1);
    // An item of an array or a union, on one line; a record's key, at the start of a line.
    const item = (id: string) => new RegExp(`(?<!case )['"\`]${id}['"\`]\\s*(,|\\](?!\\s*\\()|\\|(?!\\|)|;)`);
    const key = (id: string) => new RegExp(`^\\s*['"]?${id}['"]?\\s*:`);
    const listed = (lines: string[]) =>
      Object.entries(kinds).flatMap(([kind, ids]) => {
        const inLine = ids.filter((id) => item(id).test(lines[0] ?? ''));
        const keys = ids.filter((id) => lines.some((line) => key(id).test(line)));
        const named = inLine.length >= 2 ? inLine : keys;
        return named.length >= 2 ? [`${kind} ${named.join(', ')}`] : [];
      });
    const hits = page
      .filter((f) => f.endsWith('.ts') && !f.endsWith('/core/ids.ts'))
      .flatMap((f) => {
        const lines = codeOnly(readFileSync(f, 'utf8')).split('\n');
        return lines.flatMap((line, i) => listed(lines.slice(i, i + 3)).map((what) => `${f}:${i + 1}: ${what}: ${line.trim()}`));
      });
    expect(hits).toEqual([]);
    // The scan sees the lists it forbids.
    expect(listed(["const I = ['rk4', 'explicit-euler'];"])).toEqual(['integrators explicit-euler, rk4']);
    expect(listed(['const N = {', "  'semi-implicit-euler': 'a',", '  rk4: "b",'])).toEqual(['integrators semi-implicit-euler, rk4']);
    expect(listed(["type P = 'cube' | 'box';"])).toEqual(['plants cube, box']);
    expect(listed(["export const FORMS = ['raw', 'wu', 'bloom'];"])).toEqual(['gain forms raw, wu, bloom']);
    expect(listed(["case 'plate':", "case 'box':"])).toEqual([]);
    expect(listed(["const boxy = plant === 'box' || plant === 'plate';"])).toEqual([]);
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
