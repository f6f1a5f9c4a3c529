/**
 * Invariant: no source file under web/src hands a string to an HTML parser. The built
 * pages enforce this at run time too (their CSP requires Trusted Types), but the
 * `<forcelab-scene>` element also runs inside other people's posts, under their policy
 * or none, so the rule must hold in the code itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './csp-plugin';

const src = new URL('../src', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const sinks = [/\.innerHTML\s*=/, /\.outerHTML\s*=/, /insertAdjacentHTML/, /document\.write/, /\bsrcdoc\b/, /new Function\(/, /\beval\(/, /createContextualFragment/];

describe('HTML sinks', () => {
  it('web/src never parses a string as HTML', () => {
    const files = sources(src);
    expect(files.length).toBeGreaterThan(20);
    const hits = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (sinks.some((s) => s.test(line)) && !line.trim().startsWith('*') ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('the built pages require Trusted Types, so a sink that slips in throws', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("require-trusted-types-for 'script'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });
});
