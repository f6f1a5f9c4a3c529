/**
 * The arm figure's "Copy as code": one chain law of the figure, with the arm and the gains
 * on screen, as a Unity component over ArticulationBody links or a Godot script over
 * RigidBody3D links (the languages the core writes its chain laws out in; the templates
 * load when the panel is first opened, so an embedded figure does not carry them).
 */
import type { ArmSettings } from '../core/scenes';
import type { ChainSnippetInput } from '../export/snippets/chain-laws';
import { codePanel } from '../ui/code-panel';
import { el } from '../ui/dom';

/** A link is a uniform rod when its centre of mass sits mid-length and its inertia is `m l^2 / 12`. */
const isRod = (l: ArmSettings['links'][number]) =>
  Math.abs(l.com - l.length / 2) <= 1e-12 * l.length && Math.abs(l.inertia - (l.mass * l.length * l.length) / 12) <= 1e-12 * Math.max(l.inertia, 1e-300);

/**
 * The panel: a menu of the figure's laws (`laws`, by id, named by `name`), then the
 * language; `settings()` is the arm as it runs now.
 */
export function armCodePanel(laws: readonly string[], name: (law: string) => string, settings: () => ArmSettings): HTMLDetailsElement {
  const lawMenu = el('select', { id: 'arm-code-law', 'aria-label': 'Law' }, ...laws.map((law) => el('option', { value: law }, name(law))));
  const input = (): ChainSnippetInput | string => {
    const s = settings();
    if (!s.links.every(isRod)) return 'The code is written for arms of uniform rods; this arm has another link.';
    return {
      law: lawMenu.value,
      name: name(lawMenu.value),
      links: s.links.map((l) => ({ length: l.length, mass: l.mass })),
      gravity: s.gravity,
      start: s.start,
      target: s.target,
      kp: s.kp,
      kd: s.kd,
      ki: s.ki,
      dt: s.dt,
    };
  };
  return codePanel(
    'arm',
    input,
    async (language, s) => {
      if (language === 'gdscript') return (await import('../export/snippets/chain-gdscript')).chainGdscriptSnippet(s);
      return (await import('../export/snippets/chain-csharp')).chainCsharpSnippet(s);
    },
    { languages: ['csharp', 'gdscript'], menus: [lawMenu] },
  );
}
