/**
 * What every chapter page runs: it loads the core, writes each verdict badge from the
 * claims the core measures, and mounts each figure (`<div class="figure"
 * data-scene="ID">`) from the chapter's scenes. A scene is data, a Lab state; a few
 * figures (the atlas, the convergence graph, the claims table) are modules of their own.
 */
import '../styles.css';
import '../lab/lab.css';
import './chapter.css';
import { claimTable, VERDICT_WORDS, type Claim } from '../analysis-wasm';
import { defaultState, type LabState, type LawState } from '../lab/lab-state';
import { mountLab } from '../lab/lab-page';
import { loadForcelab } from '../wasm';

/** A figure that is a Lab run: what differs from the Lab's defaults. */
export interface LabScene {
  kind: 'lab';
  state: Partial<Omit<LabState, 'disturbances' | 'laws'>> & {
    laws: Partial<LawState>[];
    disturbances?: Partial<LabState['disturbances']>;
  };
}

/** A figure with its own module. */
export interface CustomScene {
  kind: 'custom';
  mount(host: HTMLElement): void;
}

export type Scene = LabScene | CustomScene;

/** The Lab state a scene describes. */
export function sceneState(scene: LabScene): LabState {
  const base = defaultState();
  return {
    ...base,
    ...scene.state,
    laws: scene.state.laws.map((l) => ({ kind: 'pd', kp: 100, kd: 10, ki: 0, asPrinted: false, ...l })),
    disturbances: { ...base.disturbances, ...scene.state.disturbances },
  };
}

/** The chapter each claim is shown in, for links from the claims table. */
export const CLAIM_CHAPTERS: Readonly<Record<string, string>> = {
  'deadbeat-force-one-step': '01-forces',
  'deadbeat-torque-one-step': '01-forces',
  'forward-pd-unstable-high-gains': '02-pd',
  'forward-pd-lags-moving-target': '02-pd',
  'wu-unconditionally-stable': '03-wu',
  'wu-damping-1-is-critical': '03-wu',
  'wu-frequency-95-percent': '03-wu',
  'wu-stable-torque-listing': '03-wu',
  'spd-stable-if-kd-ge-kp-dt': '04-spd',
  'spd-v2-stable-if-kd-ge-kp-dt': '04-spd',
  'spd-v2-tolerant-of-gains': '04-spd',
  'spd-no-overshoot-vs-pd': '04-spd',
  'spd-v2-is-pd-with-extra-damping': '04-spd',
  'bloom-d-1-is-critical': '05-implicit-pd',
  'bloom-converges-in-time-scale': '05-implicit-pd',
  'bloom-implicit-step-stable': '05-implicit-pd',
  'simpson-integral': '06-pid-turning',
  'p-only-steady-state-error': '06-pid-turning',
  'p-only-hunts': '07-submarine',
  'pid-removes-offset': '07-submarine',
  'pid-windup-clamp': '07-submarine',
  'euler-feedforward-decouples': '07-submarine',
  'tennis-racket-flip': '07-submarine',
  'rapier-acceleration-ignores-mass': '10-translator',
  'box2d-hertz-ignores-mass': '10-translator',
  'jolt-frequency-is-the-frequency': '10-translator',
  'physx-drive-depends-on-dt': '10-translator',
  'mujoco-euler-keeps-kv-explicit': '10-translator',
  'mujoco-implicitfast-stable-for-any-kp': '10-translator',
  'soft-constraints-stable-at-any-stiffness': '10-translator',
};

const VERDICT_CLASS: Record<Claim['verdict'], string> = {
  holds: 'holds',
  'holds-with-conditions': 'conditional',
  'does-not-hold': 'fails',
};

/** Writes the verdict badge `<span class="verdict" data-claim="ID">` for a claim. */
export function fillBadge(badge: HTMLElement, claim: Claim): void {
  badge.textContent = VERDICT_WORDS[claim.verdict];
  badge.dataset.verdict = claim.verdict;
  badge.classList.add(VERDICT_CLASS[claim.verdict]);
  const figure = Number.isFinite(claim.figure) ? `${Number(claim.figure.toPrecision(4))} (${claim.unit})` : claim.unit;
  badge.title = `Measured: ${figure}${claim.conditions ? `. ${claim.conditions}` : ''}`;
  badge.setAttribute('aria-label', `verdict: ${VERDICT_WORDS[claim.verdict]}. ${badge.title}`);
}

/** Loads the core, then fills the badges and mounts the figures of this page. */
export async function mountChapter(scenes: Readonly<Record<string, Scene>>): Promise<void> {
  const status = document.getElementById('status');
  try {
    await loadForcelab();
    const claims = new Map(claimTable().map((c) => [c.id, c]));
    for (const badge of document.querySelectorAll<HTMLElement>('.verdict[data-claim]')) {
      const claim = claims.get(badge.dataset.claim!);
      if (!claim) throw new Error(`no claim ${badge.dataset.claim}`);
      fillBadge(badge, claim);
    }
    for (const host of document.querySelectorAll<HTMLElement>('.figure[data-scene]')) {
      const id = host.dataset.scene!;
      const scene = scenes[id];
      if (!scene) throw new Error(`no scene ${id}`);
      if (scene.kind === 'custom') scene.mount(host);
      else mountLab(host, sceneState(scene), {}, { figure: true, idPrefix: `${id}-`, saveUrl: false });
    }
    if (status) status.textContent = '';
    document.body.dataset.ready = 'true';
    requestAnimationFrame(() => performance.mark('forcelab:first-frame'));
  } catch (error) {
    if (status) {
      status.textContent = `This chapter's figures could not start: ${error instanceof Error ? error.message : String(error)}`;
      status.classList.add('error');
    }
    document.body.dataset.ready = 'failed';
    console.error(error);
  }
}
