/**
 * The Content-Security-Policy of every built page, as a `<meta>` first in `<head>`, so
 * it holds on any static host (no server headers needed).
 *
 * Beyond `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'` it only narrows:
 *
 * - `'wasm-unsafe-eval'`: compiling the core's WebAssembly is the one thing the page
 *   needs beyond its own files (`WebAssembly.instantiateStreaming`).
 * - `style-src 'self'`: styles come from our CSS files, from the CSSOM (`el.style.x`,
 *   which CSP does not govern) and, in the element's shadow root, from a constructed
 *   sheet; never from an inline `<style>` or `style="…"` attribute.
 * - `img-src 'self'`, `object-src 'none'`, `base-uri 'none'`, `form-action 'none'`:
 *   no images from elsewhere, no plugins, no `<base>` hijack, no form posts.
 * - `require-trusted-types-for 'script'; trusted-types 'none'`: the browser refuses any
 *   string assigned to `innerHTML`, `outerHTML`, `insertAdjacentHTML`, `document.write`
 *   or a script URL, and no policy may be created to get round it. So no string from
 *   the URL or from an attribute can ever be parsed as HTML on these pages; the DOM is
 *   built with `createElement` and `textContent` only.
 *
 * `frame-ancestors` cannot be set from a `<meta>`, and we want the scenes framed by
 * anyone's blog in any case. Dev mode (`vite`) is left without the policy because its
 * hot reload injects inline styles; the built site, which every test runs, has it.
 */
import type { Plugin } from 'vite';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

/** Adds the policy to every page except those named in `exempt` (the benchmark page). */
export function cspPlugin(exempt: string[] = []): Plugin {
  return {
    name: 'forcelab-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (exempt.some((name) => ctx.filename.endsWith(name))) return [];
        return [
          {
            tag: 'meta',
            attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
