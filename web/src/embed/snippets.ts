/**
 * The two ways a blog post embeds a scene in its current state: the custom element
 * (one script tag, then the tag) and an iframe of embed.html for hosts that allow only
 * iframes. Both carry every parameter, so the post shows what the reader tuned.
 */
import type { ParamDef } from '../ui/params';

/** Attribute values as the URL state writes them: plain decimal, full precision. */
function attributes(params: readonly ParamDef[], values: Record<string, number>): [string, string][] {
  return params.filter((p) => Number.isFinite(values[p.key])).map((p) => [p.key, String(values[p.key])]);
}

/**
 * `moduleUrl` is the element's script (forcelab-scene.js) and `embedUrl` embed.html,
 * both absolute, on the site that serves them.
 */
export function embedSnippets(
  sceneId: string,
  params: readonly ParamDef[],
  values: Record<string, number>,
  controllers: readonly string[],
  moduleUrl: string,
  embedUrl: string,
): { element: string; iframe: string } {
  const pairs: [string, string][] = [['scene', sceneId], ...attributes(params, values), ['controllers', controllers.join(',')]];
  const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const attrs = pairs.map(([k, v]) => `${k}="${escape(v)}"`).join(' ');
  const query = new URLSearchParams(pairs).toString();
  return {
    element: `<script type="module" src="${escape(moduleUrl)}"></script>\n<forcelab-scene ${attrs}></forcelab-scene>`,
    iframe: `<iframe src="${escape(`${embedUrl}?${query}`)}" title="forcelab: ${escape(sceneId)}" width="100%" height="640" style="border:0" loading="lazy"></iframe>`,
  };
}
