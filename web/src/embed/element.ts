/**
 * `<forcelab-scene>`: a live scene in anyone's page from one script tag.
 *
 *   <script type="module" src="/forcelab/forcelab-scene.js"></script>
 *   <forcelab-scene scene="cube" kp="400" kd="40" dt="0.02" controllers="pd,spd"></forcelab-scene>
 *   <forcelab-scene scene="pursuit"></forcelab-scene>
 *
 * `scene="cube"` runs in the element itself; any other figure id of the registry
 * (`figures/registry.ts`: every chapter figure) is shown in a sandboxed frame of
 * `embed.html?scene=ID`, sized to its content, so its chapter styles stay out of the
 * post and the post's stay out of it. Such a figure's settings are its attributes named
 * `ID-...` (`<forcelab-scene scene="pursuit" pursuit-kp="40">`), the keys of its link.
 * The script and its wasm come from wherever web/dist is deployed; the element asks no
 * other host for anything. Every parameter of the scene's URL state is an attribute,
 * checked the same way (a bad value is reported next to its field and the default
 * stays in force). The scene lives
 * in a shadow root, so the post's CSS and ours never meet; it fills its container's
 * width. All elements on a page share one wasm instance. A scene steps only while on
 * screen, and starts paused when the reader prefers reduced motion.
 */
import pageStyles from '../styles.css?inline';
import uplotStyles from 'uplot/dist/uPlot.min.css?inline';
import { loadSceneModule } from '../core/scene-wasm';
import { DEFAULT_SCENE, IN_PLACE_IDS, IN_PLACE_KEYS, inPlaceScene } from '../figures/in-place';
import type { SceneHandle } from '../figures/scene';
import { readUrlState } from '../ui/url-state';
import { embedSnippets } from './snippets';
import { FIGURE_IDS } from '../core/presets';

// The page's variables are declared on :root; in a shadow root they belong on :host.
const shadowStyles = `${pageStyles.replaceAll(':root', ':host')}
${uplotStyles}
:host { display: block; }
/* Inherited properties (font, colour, spacing) would flow in from the post through the
   host element; the wrapper starts them over. Custom properties (our colours) still pass. */
.forcelab-root { all: initial; display: block; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  font-size: 16px; line-height: 1.5; color: var(--fg); background: var(--bg); border-radius: 0.5rem; padding: 0.25rem 0.75rem; }
:host([hidden]) { display: none; }
.embed-error { color: var(--error); font-weight: 600; }
.embed-error:empty { display: none; }
.embed-code label { display: block; font-size: 0.85rem; }
.embed-code textarea { width: 100%; box-sizing: border-box; font: 0.8rem ui-monospace, monospace; }`;

let sheet: CSSStyleSheet | null = null;
/**
 * The element's styles as one constructed sheet, shared by every element on the page.
 * A constructed sheet is not an inline `<style>`, so it works under a post's strict
 * CSP (and ours: style-src 'self').
 */
function shadowSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(shadowStyles);
  }
  return sheet;
}


export class ForcelabScene extends HTMLElement {
  static readonly observedAttributes = ['scene', 'controllers', ...IN_PLACE_KEYS];

  private readonly root: ShadowRoot;
  private handle: SceneHandle | null = null;
  private observer: IntersectionObserver | null = null;
  private visible = false;
  private pending = false;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
  }

  /** Simulated seconds so far (0 before the scene starts): how far it has stepped. */
  get time(): number {
    return this.handle?.time ?? 0;
  }

  connectedCallback(): void {
    this.observer = new IntersectionObserver((entries) => {
      this.visible = entries.some((e) => e.isIntersecting);
      this.handle?.setVisible(this.visible);
    });
    this.observer.observe(this);
    // A figure's settings (`ID-name`) are too many to list in observedAttributes.
    this.settingsObserver = new MutationObserver((records) => {
      if (records.some((r) => r.attributeName !== null && isFigureSetting(r.attributeName))) this.schedule();
    });
    this.settingsObserver.observe(this, { attributes: true });
    this.schedule();
  }

  private settingsObserver: MutationObserver | null = null;

  disconnectedCallback(): void {
    this.detachFrame();
    this.observer?.disconnect();
    this.observer = null;
    this.settingsObserver?.disconnect();
    this.settingsObserver = null;
    this.handle?.destroy();
    this.handle = null;
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.schedule();
  }

  /** Several attributes set in a row rebuild the scene once. */
  private schedule(): void {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      void this.render();
    });
  }

  private async render(): Promise<void> {
    this.dataset.ready = 'false';
    const status = document.createElement('p');
    status.className = 'embed-error';
    status.setAttribute('role', 'status');
    const wrapper = document.createElement('div');
    wrapper.className = 'forcelab-root';
    const host = document.createElement('div');
    wrapper.append(status, host);
    this.handle?.destroy();
    this.handle = null;
    this.detachFrame();
    this.root.adoptedStyleSheets = [shadowSheet()];
    this.root.replaceChildren(wrapper);
    try {
      const id = this.getAttribute('scene') ?? DEFAULT_SCENE;
      const scene = inPlaceScene(id);
      if (!scene && FIGURE_IDS.includes(id)) {
        this.frameFigure(host, id);
        return;
      }
      if (!scene) throw new Error(`scene must be one of ${[...new Set([...IN_PLACE_IDS, ...FIGURE_IDS])].join(', ')}, got "${id.slice(0, 40)}"`);
      await loadSceneModule();
      if (!this.isConnected) return;
      const attrs = new URLSearchParams();
      for (const p of scene.params) {
        const v = this.getAttribute(p.key);
        if (v !== null) attrs.set(p.key, v);
      }
      const { values, problems } = readUrlState(scene.params, `?${attrs}`);
      const listed = this.getAttribute('controllers');
      const controllers = listed === null ? undefined : listed.split(',').map((c) => c.trim()).filter(Boolean);
      const moduleUrl = import.meta.url;
      this.handle = scene.mount(host, values, problems, () => {}, {
        controllers,
        colorSource: host,
        startHidden: !this.visible,
        embedCode: (now, shown) => embedSnippets(scene.id, scene.params, now, shown, moduleUrl, new URL('embed.html', moduleUrl).href),
      });
      this.dataset.ready = 'true';
      this.dispatchEvent(new Event('forcelab-ready'));
      // The scene drew while mounting; the next frame callback comes once that is on
      // screen (what `npm run bench` reads as an embed's first frame).
      requestAnimationFrame(() => performance.mark('forcelab:first-frame'));
    } catch (error) {
      status.textContent = `forcelab: ${error instanceof Error ? error.message : String(error)}`;
      this.dataset.ready = 'failed';
    }
  }

  /** A chapter figure, in a sandboxed frame of embed.html that reports its height and readiness. */
  private frameFigure(host: HTMLElement, id: string): void {
    const frame = document.createElement('iframe');
    frame.title = `forcelab figure: ${id}`;
    // Popups escape the sandbox so that "Open in the Lab" opens the Lab as itself.
    frame.setAttribute('sandbox', 'allow-scripts allow-downloads allow-popups allow-popups-to-escape-sandbox');
    frame.style.cssText = 'width: 100%; height: 480px; border: 0; display: block;';
    // (Two steps: Vite rewrites `new URL(template, import.meta.url)` as an asset glob.)
    const src = new URL('embed.html', import.meta.url);
    src.searchParams.set('scene', id);
    // Its settings, checked by the figure itself: a refused one is named next to its field.
    for (const { name, value } of this.attributes) if (name.startsWith(`${id}-`)) src.searchParams.set(name, value);
    frame.src = src.href;
    const listen = (e: MessageEvent) => {
      if (e.source !== frame.contentWindow || typeof e.data !== 'object' || e.data === null) return;
      const { forcelab, height } = e.data as { forcelab?: string; height?: number };
      if (typeof height === 'number' && height > 0 && height < 20_000) frame.style.height = `${Math.ceil(height)}px`;
      if (forcelab === 'ready' && this.dataset.ready !== 'true') {
        this.dataset.ready = 'true';
        this.dispatchEvent(new Event('forcelab-ready'));
      }
    };
    window.addEventListener('message', listen);
    this.detachFrame = () => window.removeEventListener('message', listen);
    host.append(frame);
  }

  private detachFrame: () => void = () => {};
}

/** Whether `name` is a setting of some figure (`ID-name`). */
function isFigureSetting(name: string): boolean {
  return FIGURE_IDS.some((id) => name.startsWith(`${id}-`));
}

if (!customElements.get('forcelab-scene')) customElements.define('forcelab-scene', ForcelabScene);

declare global {
  interface HTMLElementTagNameMap {
    'forcelab-scene': ForcelabScene;
  }
}
