/**
 * The two ways a blog post embeds a figure in its current state: the custom element
 * (one script tag, then the tag) and an iframe of embed.html for hosts that allow only
 * iframes. Both carry every setting, so the post shows what the reader tuned.
 */
import type { ParamDef } from '../ui/params';

/** Attribute values as the URL state writes them: plain decimal, full precision. */
function attributes(params: readonly ParamDef[], values: Record<string, number>): [string, string][] {
  return params.filter((p) => Number.isFinite(values[p.key])).map((p) => [p.key, String(values[p.key])]);
}

const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The element and the iframe for figure `sceneId` with its settings `pairs` (each an
 * attribute of the element and a key of embed.html's query). `moduleUrl` is the
 * element's script (forcelab-scene.js) and `embedUrl` embed.html, both absolute, on the
 * site that serves them.
 */
export function figureSnippets(sceneId: string, pairs: readonly [string, string][], moduleUrl: string, embedUrl: string): { element: string; iframe: string } {
  const all: [string, string][] = [['scene', sceneId], ...pairs];
  const attrs = all.map(([k, v]) => `${k}="${escape(v)}"`).join(' ');
  const query = new URLSearchParams(all).toString();
  return {
    element: `<script type="module" src="${escape(moduleUrl)}"></script>\n<forcelab-scene ${attrs}></forcelab-scene>`,
    iframe: `<iframe src="${escape(`${embedUrl}?${query}`)}" title="forcelab: ${escape(sceneId)}" width="100%" height="640" style="border:0" loading="lazy"></iframe>`,
  };
}

/** The cube scene's snippets: every parameter, then the controllers shown. */
export function embedSnippets(
  sceneId: string,
  params: readonly ParamDef[],
  values: Record<string, number>,
  controllers: readonly string[],
  moduleUrl: string,
  embedUrl: string,
): { element: string; iframe: string } {
  return figureSnippets(sceneId, [...attributes(params, values), ['controllers', controllers.join(',')]], moduleUrl, embedUrl);
}
