/**
 * A figure's settings in its page's address, so that the address bar, "Copy link" and
 * "Copy embed code" always replay the figure as it is set. Every setting of figure ID
 * is one query key `ID-name`, unique on a chapter that shows several figures, and the
 * same key everywhere: in the chapter's address, in embed.html's query and as an
 * attribute of `<forcelab-scene scene="ID">`. A key is written only while its value
 * differs from the figure's default. A value from a link goes through the path a typed
 * one takes: a refused value is named next to its field and the default stays.
 */
import { REGISTRY } from '../core/presets';
import { figureSnippets } from '../embed/snippets';
import { copyText } from '../export/download';
import { paramControl, type ParamControl } from '../ui/controls';
import { el } from '../ui/dom';
import { clip, type ParamDef } from '../ui/params';
import { siteRoot } from '../ui/site';

/** What the link's source is called in messages. */
const SOURCE = 'from the link';

export interface FigureLink {
  /** The figure's id (its keys start with `${id}-`). */
  readonly id: string;
  /**
   * A field bound to the link: built at `def.initial`, then given the link's value as
   * if typed (`apply` runs, and may throw the core's refusal); every accepted value is
   * written back to the address.
   */
  field(host: HTMLElement, def: ParamDef, apply: (value: number) => void): ParamControl;
  /**
   * The link's value for the choice `key` (`label` to the reader) among `options`, or
   * `initial`; a value not among them is named in a message added to `where`.
   */
  choice<T extends string>(key: string, label: string, options: readonly T[], initial: T, where: HTMLElement): T;
  /**
   * The link's value for the setting `key`, read by `parse` (which names what is wrong),
   * or `initial` (`initialText` in the link); a refused value is named in a message
   * added to `where`.
   */
  read<T>(key: string, parse: (raw: string) => { value: T } | { error: string }, initial: T, initialText: string, where: HTMLElement): T;
  /** Records a setting that is not a field (a choice, a state the figure holds): `value` equal to `initial` removes the key. */
  save(key: string, value: string, initial: string): void;
  /** Records many settings at once (a figure whose whole state is one query): replaces every key of this figure. */
  replace(pairs: readonly [string, string][]): void;
  /** The keys of this figure in the link it was opened with, without the figure's prefix. */
  fromLink(): [string, string][];
  /** The figure's settings that differ from its defaults, as `[key, value]` pairs. */
  pairs(): [string, string][];
  /** The absolute link to this figure in its chapter, set as it is now. */
  href(): string;
  /** The element and the iframe that embed this figure set as it is now. */
  snippets(): { element: string; iframe: string };
  /** A bar with "Copy link" and "Copy embed code" (with the code shown for copying by hand). */
  shareBar(): HTMLElement;
}

/**
 * Reads a disturbance's time from a link: seconds from the start (0 or more), or
 * "never"; `label` names it in the message.
 */
export function eventTime(label: string): (raw: string) => { value: number | null } | { error: string } {
  return (raw) => {
    if (raw === 'never') return { value: null };
    const t = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(t) || t < 0) return { error: `${label} must be a time in seconds (0 or more) or "never", got "${clip(raw)}"` };
    return { value: t };
  };
}

/** The link state of figure `id`, read from this page's address. */
export function figureLink(id: string): FigureLink {
  const prefix = `${id}-`;
  const opened = new URLSearchParams(location.search);
  const saved = new Map<string, string>();
  const claimed = new Set<string>();
  const own = (key: string) => {
    if (!key.startsWith(prefix)) throw new Error(`figure ${id}: the setting ${key} must start with ${prefix}`);
    claimed.add(key);
  };
  const write = () => {
    const q = new URLSearchParams(location.search);
    for (const key of claimed) q.delete(key);
    for (const [key, value] of saved) q.set(key, value);
    const query = q.toString();
    try {
      history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    } catch {
      // A sandboxed frame may refuse to rewrite its address; "Copy link" still has the state.
    }
  };
  // A drag writes many values a second; the address takes the last (browsers throttle rewrites).
  let pending = 0;
  const writeSoon = () => {
    clearTimeout(pending);
    pending = window.setTimeout(write, 100);
  };
  const record = (key: string, value: string | null) => {
    if (value === null) saved.delete(key);
    else saved.set(key, value);
    writeSoon();
  };
  const site = (path: string) => new URL(`${siteRoot()}${path}`, location.href).href;

  const link: FigureLink = {
    id,
    field(host, def, apply) {
      own(def.key);
      const control = paramControl(host, def, def.initial, (value) => {
        apply(value);
        record(def.key, value === def.initial ? null : String(value));
      });
      const raw = opened.get(def.key);
      // A refused value leaves the address, which then says what runs.
      if (raw !== null && !control.enter(raw, SOURCE)) record(def.key, null);
      return control;
    },
    choice(key, label, options, initial, where) {
      const parse = (raw: string): { value: (typeof options)[number] } | { error: string } => {
        const found = options.find((o) => o === raw);
        return found === undefined ? { error: `${label} must be one of ${options.join(', ')}, got "${clip(raw)}"` } : { value: found };
      };
      return link.read(key, parse, initial, initial, where);
    },
    read(key, parse, initial, initialText, where) {
      own(key);
      const raw = opened.get(key);
      if (raw === null) return initial;
      const parsed = parse(raw);
      if ('value' in parsed) {
        record(key, raw === initialText ? null : raw);
        return parsed.value;
      }
      where.append(el('p', { class: 'message', role: 'alert' }, `${parsed.error} (${SOURCE}; using ${initialText})`));
      record(key, null);
      return initial;
    },
    save(key, value, initial) {
      own(key);
      record(key, value === initial ? null : value);
    },
    replace(pairs) {
      // The whole state is these pairs: whatever else the link held under this figure goes.
      for (const key of [...saved.keys(), ...opened.keys()]) if (key.startsWith(prefix)) claimed.add(key);
      saved.clear();
      for (const [key, value] of pairs) {
        own(key);
        saved.set(key, value);
      }
      writeSoon();
    },
    fromLink: () => [...opened].filter(([key]) => key.startsWith(prefix)).map(([key, value]) => [key.slice(prefix.length), value]),
    pairs: () => [...saved],
    href() {
      const chapter = REGISTRY.find((p) => p.id === id)?.chapter;
      const url = new URL(chapter && chapter !== 'index' ? site(`chapters/${chapter}.html`) : location.href);
      url.search = new URLSearchParams([...saved]).toString();
      url.hash = id;
      return url.href;
    },
    snippets: () => figureSnippets(id, [...saved], site('forcelab-scene.js'), site('embed.html')),
    shareBar() {
      const status = el('p', { class: 'share-status', role: 'status' });
      const linkBox = el('input', { type: 'text', readonly: true, class: 'share-link', hidden: true, 'aria-label': 'Link that replays this figure' });
      const element = el('textarea', { readonly: true, rows: 3 });
      const iframe = el('textarea', { readonly: true, rows: 2 });
      const code = el('div', { class: 'embed-code', hidden: true }, el('label', {}, 'As an element', element), el('label', {}, 'As an iframe', iframe));
      const copyLink = el('button', { type: 'button', class: 'share-copy-link' }, 'Copy link');
      const copyEmbed = el('button', { type: 'button', class: 'share-copy-embed', 'aria-expanded': 'false' }, 'Copy embed code');
      copyLink.addEventListener('click', async () => {
        linkBox.value = link.href();
        linkBox.hidden = false;
        const copied = await copyText(linkBox.value);
        status.textContent = copied ? 'Link copied: it opens this figure set as it is now.' : 'The browser refused the clipboard: copy the link from the box.';
        if (!copied) linkBox.select();
      });
      copyEmbed.addEventListener('click', async () => {
        const now = link.snippets();
        element.value = now.element;
        iframe.value = now.iframe;
        code.hidden = false;
        copyEmbed.setAttribute('aria-expanded', 'true');
        status.textContent = (await copyText(`${now.element}\n`)) ? 'The element snippet is on the clipboard.' : 'Select a snippet and copy it.';
      });
      return el('div', { class: 'share' }, el('div', { class: 'toolbar', role: 'group', 'aria-label': 'Share this figure' }, copyLink, copyEmbed), linkBox, code, status);
    },
  };
  return link;
}
