/**
 * Build-time work for the chapters, so the page ships no typesetting code and no copy
 * of the core by hand:
 *
 * - TeX between `\(` and `\)` (inline) or `$$` and `$$` (display) becomes MathML,
 *   rendered by KaTeX here in Node; browsers draw MathML natively, with no script and
 *   no web fonts.
 * - `<pre data-rust="crates/forcelab/src/FILE.rs#NAME"></pre>` is filled with the doc
 *   comment and body of `fn NAME` in that file, read from the core's source.
 * - `<nav class="chapters"></nav>` is filled with a link to every chapter in
 *   web/chapters, named by its `<h1>`, so adding a chapter is adding one file.
 * - `<span class="verdict" data-claim="ID"></span>` is filled with that claim's verdict
 *   and measured figure from the core's claims (web/src/core/claims.json), so a chapter
 *   downloads no table of claims to write its badges.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import katex from 'katex';
import type { Plugin } from 'vite';
import { badge, claimTable, type Claim } from '../src/core/claims.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeHtml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** TeX to MathML; a TeX error fails the build with the offending source. */
export function renderMath(html: string): string {
  const render = (tex: string, displayMode: boolean) =>
    katex.renderToString(unescapeHtml(tex), { displayMode, output: 'mathml', throwOnError: true, strict: 'error' });
  return html
    // A display formula sits in a box of its own that scrolls sideways on a narrow screen,
    // with shadows at the edges that show more lies that way (styles.css).
    .replace(/\$\$([\s\S]+?)\$\$/g, (_, tex: string) => `<div class="math-display">${render(tex, true)}</div>`)
    .replace(/\\\(([\s\S]+?)\\\)/g, (_, tex: string) => render(tex, false));
}

/** End (exclusive) of the brace block that opens at or after `from`, skipping strings and comments. */
function blockEnd(source: string, from: number): number {
  let depth = 0;
  let opened = false;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === '"') {
      for (i++; i < source.length && source[i] !== '"'; i++) if (source[i] === '\\') i++;
    } else if (c === "'" && source[i + 2] === "'") {
      i += 2; // a char literal such as '{'
    } else if (c === '{') {
      depth++;
      opened = true;
    } else if (c === '}') {
      depth--;
      if (opened && depth === 0) return i + 1;
    }
  }
  throw new Error('unbalanced braces');
}

/** The doc comment, attributes and body of `fn name` in `source`, dedented. */
export function extractFunction(source: string, name: string): string {
  const match = new RegExp(`^([ \\t]*)(pub(\\([a-z]+\\))? )?(const )?fn ${name}\\b`, 'm').exec(source);
  if (!match) throw new Error(`no fn ${name}`);
  let start = match.index;
  const before = source.slice(0, start).split('\n');
  before.pop();
  while (before.length && /^\s*(\/\/\/|#\[)/.test(before[before.length - 1]!)) {
    const line = before.pop()!;
    start -= line.length + 1;
  }
  const text = source.slice(start, blockEnd(source, match.index));
  const indent = match[1]!.length;
  return text
    .split('\n')
    .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
    .join('\n');
}

/** Fills every `<pre data-rust="path#name">` of `html` with that function's source. */
export function fillRust(html: string, root: string): string {
  return html.replace(/<pre([^>]*) data-rust="([^"#]+)#([A-Za-z0-9_]+)"([^>]*)><\/pre>/g, (_, a: string, path: string, name: string, b: string) => {
    if (!path.startsWith('crates/forcelab/src/')) throw new Error(`data-rust must point into the core, got ${path}`);
    const code = extractFunction(readFileSync(join(root, path), 'utf8'), name);
    // tabindex: a wide listing scrolls sideways, and keyboard users must be able to scroll it.
    return `<pre${a} data-rust="${path}#${name}"${b} tabindex="0"><code>${escapeHtml(code)}</code></pre>`;
  });
}

/** One chapter page of `web/chapters`: its file, its `<h1>` as text and its meta description. */
interface Chapter {
  file: string;
  title: string;
  about: string;
}

/** Every chapter of `dir`, in file order (`01-...`, `02-...`), each file read once. */
function chaptersIn(dir: string): Chapter[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((file) => {
      const page = readFileSync(join(dir, file), 'utf8');
      const title = /<h1>([\s\S]*?)<\/h1>/.exec(page)?.[1]?.replace(/<[^>]+>/g, '').trim() ?? file;
      const about = /<meta name="description" content="([^"]*)"/.exec(page)?.[1] ?? '';
      return { file, title, about };
    });
}

/**
 * Fills `<nav class="chapters"></nav>` with every chapter of `dir`; `current` is this
 * page's file name. The bar stays one line on any screen: the site, the previous and
 * next chapters, the Lab, and every chapter folded under "Chapter N of M".
 */
export function fillChapterNav(html: string, dir: string, current: string): string {
  const nav = /<nav class="chapters"([^>]*)><\/nav>/;
  if (!nav.test(html)) return html;
  const chapters = chaptersIn(dir);
  const links = chapters.map((c) => `<li><a href="${c.file}"${c.file === current ? ' aria-current="page"' : ''}>${c.title}</a></li>`);
  const here = chapters.findIndex((c) => c.file === current);
  const step = (k: number, rel: string, text: string) => {
    const c = chapters[k];
    return k >= 0 && c ? `<a class="chapter-step" rel="${rel}" href="${c.file}" title="${c.title}">${text}</a>` : '';
  };
  const toc = `<details class="toc"><summary>${here >= 0 ? `Chapter ${here + 1} of ${chapters.length}` : 'Chapters'}</summary><ol>${links.join('')}</ol></details>`;
  return html.replace(
    nav,
    (_, attrs: string) =>
      `<nav class="chapters"${attrs}><a class="brand" href="../index.html">forcelab</a> ${toc} ${step(here - 1, 'prev', '← previous')} ${step(here + 1, 'next', 'next →')} <a class="to-lab" href="../lab.html">Lab</a></nav>`,
  );
}

/**
 * Fills `<ol class="chapter-list"></ol>` (the index's table of contents) with every
 * chapter of `dir`: its heading as the link and its meta description beneath, so the
 * index never lists a chapter that is not there.
 */
export function fillChapterList(html: string, dir: string): string {
  const list = /<ol class="chapter-list"><\/ol>/;
  if (!list.test(html)) return html;
  const items = chaptersIn(dir).map((c) => `<li><a href="chapters/${c.file}">${c.title}</a><span class="about">${c.about}</span></li>`);
  return html.replace(list, `<ol class="chapter-list">${items.join('')}</ol>`);
}

const escapeAttribute = (text: string) => escapeHtml(text).replace(/"/g, '&quot;');

/**
 * Fills every empty `<span class="verdict" data-claim="ID"></span>` of `html` with the
 * badge of claim ID (`badge` in core/claims.ts: the verdict in words, the measured figure
 * as its tooltip); an ID the core does not measure fails the build.
 */
export function fillVerdicts(html: string, claims: readonly Claim[] = claimTable()): string {
  const byId = new Map(claims.map((c) => [c.id, c]));
  const filled = html.replace(/<span class="verdict" data-claim="([^"]*)"><\/span>/g, (_, id: string) => {
    const claim = byId.get(id);
    if (!claim) throw new Error(`data-claim="${id}": the core measures no claim of that id (web/src/core/claims.json)`);
    const b = badge(claim);
    return `<span class="verdict ${b.className}" data-claim="${id}" data-verdict="${b.verdict}" title="${escapeAttribute(b.title)}" aria-label="${escapeAttribute(b.label)}">${escapeHtml(b.text)}</span>`;
  });
  // A badge written any other way would stay empty on the page.
  const missed = /<[^>]*class="verdict"[^>]*>/.exec(filled);
  if (missed) throw new Error(`${missed[0]}: write a badge as <span class="verdict" data-claim="ID"></span>`);
  return filled;
}

/** The Vite plugin: the transforms on every HTML page. */
export function chaptersPlugin(root: string): Plugin {
  return {
    name: 'forcelab-chapters',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, context) => {
        const chapters = join(root, 'web/chapters');
        return renderMath(fillVerdicts(fillRust(fillChapterList(fillChapterNav(html, chapters, basename(context.filename)), chapters), root)));
      },
    },
  };
}
