/** What the Lab's panels and controller cards edit the Lab through. */
import type { LabState } from './lab-state';

export interface LabEditor {
  /** The state in force (edited in place). */
  readonly state: LabState;
  /** Prefix of every element id, so that several Labs can share a page. */
  readonly prefix: string;
  /** Applies `edit` and restarts the run; throws the core's refusal, the state kept. */
  change(edit: (s: LabState) => void): void;
  /** Keeps the state in the link, for an edit that does not restart the run. */
  save(): void;
  /** Names, under `control`, the link's refused values of `keys` (once). */
  reportLink(control: { report(message: string): void }, ...keys: string[]): void;
  /** Shows a message in the Lab's banner. */
  warn(message: string): void;
  /**
   * Runs `work` (a load: another build of the Lab) with the Lab marked busy
   * (`aria-busy`) and inert, so that no control is edited while the panels are about to
   * be rebuilt.
   */
  busyWhile(work: Promise<void>): Promise<void>;
}
