import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Claim } from '../src/core/claims';
import { extractFunction, fillChapterList, fillChapterNav, fillRust, fillVerdicts, renderMath } from './chapters-plugin';

describe('the chapters build plugin', () => {
  it('typesets TeX as MathML, inline and display', () => {
    const html = renderMath('<p>with \\(k_p \\lt 4\\) and</p>$$a = k_p e - k_d v$$');
    expect(html).toContain('<math');
    expect(html).toContain('display="block"');
    // A display formula in its own sideways-scrolling box, never inside the paragraph.
    expect(html).toMatch(/<\/p><div class="math-display"><span class="katex"><math[^>]*display="block"/);
    expect(html).not.toContain('\\(');
    expect(() => renderMath('\\(\\frac{1}\\)')).toThrow();
  });

  it('extracts a function with its doc comment and no more', () => {
    const source = [
      'impl X {',
      '    /// Doc.',
      '    pub fn wanted(&self) -> u8 {',
      '        let s = "}{";',
      "        let c = '{';",
      '        if true { 1 } else { 2 }',
      '    }',
      '',
      '    fn other() {}',
      '}',
    ].join('\n');
    const code = extractFunction(source, 'wanted');
    expect(code.startsWith('/// Doc.\npub fn wanted')).toBe(true);
    expect(code.endsWith('}')).toBe(true);
    expect(code).not.toContain('other');
    expect(() => extractFunction(source, 'missing')).toThrow('no fn missing');
  });

  it('lists every chapter by its heading, marking the current one', () => {
    const dir = new URL('../chapters', import.meta.url).pathname;
    const html = fillChapterNav('<nav class="chapters" aria-label="Chapters"></nav>', dir, '02-pd.html');
    expect(html).toContain('<a href="01-forces.html">1. Moving bodies with forces</a>');
    expect(html).toContain('<a href="02-pd.html" aria-current="page">2. PD and its trouble</a>');
    expect(html).toContain('<summary>Chapter 2 of 12</summary>');
    expect(html).toContain('rel="prev" href="01-forces.html"');
    expect(html).toContain('rel="next" href="03-wu.html"');
    expect(html).toContain('../lab.html');
    // The first chapter has no previous one.
    expect(fillChapterNav('<nav class="chapters"></nav>', dir, '01-forces.html')).not.toContain('rel="prev"');
    expect(fillChapterNav('<p>no nav</p>', dir, 'x.html')).toBe('<p>no nav</p>');
  });

  it("fills the index's chapter list with every chapter, its heading and its description", () => {
    const dir = new URL('../chapters', import.meta.url).pathname;
    const html = fillChapterList('<ol class="chapter-list"></ol>', dir);
    expect(html.match(/<li>/g)).toHaveLength(readdirSync(dir).filter((f) => f.endsWith('.html')).length);
    expect(html).toContain('<a href="chapters/02-pd.html">2. PD and its trouble</a><span class="about">Why a plain PD controller');
    expect(html).not.toContain('<span class="about"></span>');
    expect(fillChapterList('<p>no list</p>', dir)).toBe('<p>no list</p>');
  });

  it('fills a data-rust block from the core and refuses other paths', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const html = fillRust('<pre class="rust" data-rust="crates/forcelab/src/angle.rs#wrap"></pre>', root);
    expect(html).toContain('pub fn wrap(a: f64) -&gt; f64 {');
    expect(() => fillRust('<pre data-rust="package.json#x"></pre>', root)).toThrow('into the core');
  });

  it("writes each verdict badge from the core's claim, its tooltip escaped, and fails on an unknown or misspelt badge", () => {
    const claim: Claim = {
      id: 'x-holds',
      article: '002',
      chapter: '03-wu',
      preset: 'wu-cube',
      claim: 'c',
      figure: 0.123456,
      unit: 'm',
      integrator: 'semi-implicit Euler',
      verdict: 'holds-with-conditions',
      conditions: 'for kd < 2 "and" more',
    };
    const html = fillVerdicts('<p>It <span class="verdict" data-claim="x-holds"></span>.</p>', [claim]);
    expect(html).toBe(
      '<p>It <span class="verdict conditional" data-claim="x-holds" data-verdict="holds-with-conditions" ' +
        'title="Measured: 0.1235 (m). for kd &lt; 2 &quot;and&quot; more" ' +
        'aria-label="verdict: holds with conditions. Measured: 0.1235 (m). for kd &lt; 2 &quot;and&quot; more">holds with conditions</span>.</p>',
    );
    // A claim with no number shows its unit alone; one with no conditions no trailing sentence.
    const bare = fillVerdicts('<span class="verdict" data-claim="x-holds"></span>', [{ ...claim, figure: Number.NaN, unit: 'qualitative', conditions: '', verdict: 'does-not-hold' }]);
    expect(bare).toBe(
      '<span class="verdict fails" data-claim="x-holds" data-verdict="does-not-hold" title="Measured: qualitative" aria-label="verdict: does not hold. Measured: qualitative">does not hold</span>',
    );
    expect(() => fillVerdicts('<span class="verdict" data-claim="nope"></span>', [claim])).toThrow('data-claim="nope"');
    expect(() => fillVerdicts('<span data-claim="x-holds" class="verdict"></span>', [claim])).toThrow('write a badge as');
    // Every chapter's badges name claims the core measures.
    const dir = new URL('../chapters', import.meta.url).pathname;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
      const page = fillVerdicts(readFileSync(join(dir, file), 'utf8'));
      expect(page, file).not.toMatch(/data-claim="[^"]*"><\/span>/);
    }
  });
});
