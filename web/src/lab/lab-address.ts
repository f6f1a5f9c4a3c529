/**
 * A Lab's state in addresses: the page's own (the Lab page keeps its whole state in its
 * query), a chapter figure's link (its keys prefixed with the figure's id, written only
 * while they differ from its preset), and "Open in the Lab"; and the values a link
 * carried that the Lab refused, said once in the banner and once under each field.
 */
import type { FigureLink } from '../figures/figure-link';
import { labHref } from '../ui/site';
import { writeLabState, type LabState } from './lab-state';

/** Where a Lab writes its state. */
export interface LabAddressOptions {
  /** Keep the state in the page's own address (the Lab page does). */
  keepUrl: boolean;
  /** A figure's link and the preset it differs from. */
  link?: { figure: FigureLink; preset: LabState } | undefined;
  /** The figure's "Open in the Lab". */
  openInLab: HTMLAnchorElement;
}

/** The Lab page's address for `state` (from a chapter, one folder up; from embed.html, beside it). */
export const labLink = (state: LabState): string => labHref(writeLabState(state));

/** Writes `state` everywhere `options` says. */
export function saveLabState(state: LabState, { keepUrl, link, openInLab }: LabAddressOptions): void {
  if (keepUrl) history.replaceState(null, '', `${location.pathname}${writeLabState(state)}${location.hash}`);
  if (link) {
    const query = new URLSearchParams(writeLabState(state, link.preset));
    link.figure.replace([...query].map(([k, v]): [string, string] => [`${link.figure.id}-${k}`, v]));
  }
  openInLab.href = labLink(state);
}

/**
 * Says in `banner` every value of the link the Lab refused (`problems`, by key), and
 * returns how a field built later says its own: under the field, the first time a field
 * of that key is built.
 */
export function linkProblems(banner: HTMLElement, problems: Record<string, string>): (control: { report(message: string): void }, ...keys: string[]) => void {
  const messages = Object.values(problems);
  banner.textContent = messages.length ? `Some settings in the link were refused: ${messages.join('; ')}.` : '';
  banner.hidden = messages.length === 0;
  const unreported = new Map(Object.entries(problems));
  return (control, ...keys) => {
    const said = keys.flatMap((key) => {
      const message = unreported.get(key);
      unreported.delete(key);
      return message ? [message] : [];
    });
    if (said.length) control.report(said.join('; '));
  };
}
