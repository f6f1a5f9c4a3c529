import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractFunction, fillChapterList, fillChapterNav, fillRust, renderMath } from './chapters-plugin';

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
});
