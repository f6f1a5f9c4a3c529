/**
 * Issue 46's two promises about the page's source, read with TypeScript's own parser
 * (a template string that prints `import ... from 'node:fs'` for a reader's script is
 * text, not an import):
 * - page code (every `.ts` under web/src but the tests) imports no `node:` module and
 *   spawns no process: it is what a browser loads;
 * - no page file lists the core's plants, integrators or gain forms (an array or a union
 *   of two or more of their ids): it reads them from the core's generated files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import catalogue from './catalogue.json';

const src = new URL('..', import.meta.url).pathname;

/** Written by the core (`npm run core-data`): the one place the lists may be spelled. */
const GENERATED = new Set(['core/ids.ts', 'core/types.ts']);

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pageFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const parsed = pageFiles(src)
  .map((path) => ({ file: relative(src, path), tree: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true) }))
  .filter(({ file }) => !GENERATED.has(file));

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** Every module a file imports, statically or dynamically, or requires. */
function imported(tree: ts.SourceFile): string[] {
  const out: string[] = [];
  walk(tree, (n) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) out.push(n.moduleSpecifier.text);
    if (ts.isCallExpression(n) && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
      const callee = n.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) out.push(n.arguments[0].text);
    }
  });
  return out;
}

const FAMILIES = {
  plants: catalogue.plants.map((p: { id: string }) => p.id),
  integrators: catalogue.integrators.map((i: { id: string }) => i.id),
  'gain forms': catalogue.gainForms.map((g: { id: string }) => g.id),
};

/** The strings of an array literal or the literal members of a union type. */
function listed(n: ts.Node): string[] | null {
  if (ts.isArrayLiteralExpression(n)) return n.elements.filter(ts.isStringLiteralLike).map((e) => e.text);
  if (ts.isUnionTypeNode(n)) {
    return n.types.flatMap((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteralLike(t.literal) ? [t.literal.text] : []));
  }
  return null;
}

/** Where a file lists two or more ids of one family, as `file: family [ids]`. */
function lists(file: string, tree: ts.SourceFile): string[] {
  const found: string[] = [];
  walk(tree, (n) => {
    const strings = listed(n);
    if (!strings) return;
    for (const [family, ids] of Object.entries(FAMILIES)) {
      const hits = strings.filter((s) => ids.includes(s));
      if (new Set(hits).size >= 2) found.push(`${file}: ${family} [${hits.join(', ')}]`);
    }
  });
  return found;
}

describe('the page holds no machinery and no second copy of the core’s lists', () => {
  it('reads the families it checks from the core', () => {
    expect(FAMILIES.plants).toEqual(['cube', 'plate', 'box']);
    expect(FAMILIES.integrators.length).toBeGreaterThanOrEqual(3);
    expect(FAMILIES['gain forms'].length).toBeGreaterThanOrEqual(5);
    expect(parsed.length).toBeGreaterThan(100);
  });

  it('no page file imports a node: module or spawns a process', () => {
    const bad = parsed.flatMap(({ file, tree }) =>
      imported(tree)
        .filter((m) => m.startsWith('node:') || ['fs', 'path', 'child_process', 'os', 'worker_threads'].includes(m))
        .map((m) => `${file}: ${m}`),
    );
    expect(bad).toEqual([]);
  });

  it('no page file lists the plants, the integrators or the gain forms', () => {
    expect(parsed.flatMap(({ file, tree }) => lists(file, tree))).toEqual([]);
  });

  it('would see a list or an import if one were written', () => {
    const probe = ts.createSourceFile('probe.ts', "import { x } from 'node:fs';\nconst a = ['rk4', 'explicit-euler'];\ntype P = 'cube' | 'box';\nconst t = `import { y } from 'node:os'`;", ts.ScriptTarget.Latest, true);
    expect(imported(probe)).toEqual(['node:fs']);
    expect(lists('probe.ts', probe)).toEqual(['probe.ts: integrators [rk4, explicit-euler]', 'probe.ts: plants [cube, box]']);
  });
});
