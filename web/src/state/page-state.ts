// What the page shows and what it is of: the scenario being edited, the results
// on screen, and the native figures beside them — with the rules for when each
// is kept or dropped, in one place (the page and the embed wire events to it;
// nothing here touches the DOM).
import type { Automatic } from '../analysis/diagnosis';
import type { NativeNumbers } from '../native';
import type { Report, ScenarioDocument } from '../report';
import { asOwn } from './ownership';

/** Native figures beside the results: recorded with a scenario, or imported from a file. */
export interface NativeBeside {
  numbers: NativeNumbers;
  fileName: string;
}

/** What native figures are of: the definitions, inputs and data (not the settings). */
export function measuredKey(doc: ScenarioDocument): string {
  return JSON.stringify([doc.schema, doc.inputs, doc.root ?? '', doc.data ?? 'serial']);
}

export class PageState {
  /** The scenario as loaded (edits live in the editors until a run or a save reads them). */
  scenario: ScenarioDocument | null = null;
  /** The scenarios the benchmark module has compiled code for (the repository's `scenarios/`). */
  bundled: readonly ScenarioDocument[] = [];
  /** A docs author's scenarios built into the site (`--scenarios`), each with a prebuilt module. */
  extras: readonly ScenarioDocument[] = [];
  /** The results on screen (this browser's, or a share link's). */
  report: Report | null = null;
  /** What `report` is of (`measuredKey`). */
  private reportOf = '';
  /** Native figures beside the results: imported by the user, or recorded with the scenario. */
  native: NativeBeside | null = null;
  /** The CLI's figures from Run natively, and what they were taken of. */
  private live: { numbers: NativeNumbers; of: string } | null = null;
  /** Set while restored work waits for its first analysis. */
  private restored = false;
  /** The root the latest analysis chose while none is named (the picker's "automatic"). */
  automatic: Automatic | null = null;
  /** The inputs' names, in the order the latest analysis request sent their texts. */
  analyzedInputs: string[] = [];

  /** Every scenario the site ships: the picker's and the gallery's. */
  get shipped(): readonly ScenarioDocument[] {
    return [...this.bundled, ...this.extras];
  }

  get liveNative(): NativeNumbers | null {
    return this.live?.numbers ?? null;
  }

  /** A scenario replaces the one on screen, and its results go. */
  load(doc: ScenarioDocument): void {
    this.scenario = doc;
    this.clearResults();
  }

  clearResults(): void {
    this.report = null;
    this.reportOf = '';
    this.native = null;
    this.live = null;
  }

  /**
   * The definitions became the person's own (a paste no longer holds the
   * scenario's root): its title, the root automatic. The results on screen
   * stay, of what was run.
   */
  makeOwn(): void {
    if (this.scenario) this.scenario = asOwn(this.scenario);
  }

  /** The root a run uses: the one named, else the automatic choice; null before any analysis. */
  get root(): string | null {
    return this.scenario?.root ?? this.automatic?.name ?? null;
  }

  /** The root type the user picked ('' for automatic). */
  setRoot(root: string): void {
    if (!this.scenario) return;
    const next = { ...this.scenario };
    if (root) next.root = root;
    else delete next.root;
    this.scenario = next;
  }

  /**
   * New results on screen, of `doc`. Recorded figures are looked up again for
   * what was run (it may be edited); the user's imported ones stay (theirs to
   * replace); this machine's native figures stay only while of the same work.
   */
  showReport(report: Report, doc: ScenarioDocument): void {
    this.report = report;
    this.reportOf = measuredKey(doc);
    if (this.native?.numbers.source === 'recorded') this.native = null;
    if (this.live && this.live.of !== this.reportOf) this.live = null;
  }

  /**
   * Recorded figures found for `report` (null: none). Kept only if `report` is
   * still on screen and the user has not imported figures meanwhile; says
   * whether the table should be drawn again.
   */
  offerRecorded(report: Report, numbers: NativeNumbers | null): boolean {
    if (this.report !== report || this.native?.numbers.source === 'imported') return false;
    this.native = numbers && { numbers, fileName: '' };
    return true;
  }

  /** Whether recorded figures may be looked up (an imported Report is the user's to replace). */
  get wantsRecorded(): boolean {
    return this.native?.numbers.source !== 'imported';
  }

  /** A native Report the user gave, for the results on screen. */
  importNative(report: Report, fileName: string): void {
    this.native = { numbers: { report, source: 'imported', inputs: null }, fileName };
  }

  /**
   * The CLI's figures for `doc`, from Run natively: 'beside' when the results
   * on screen are of the same work (they go in its table), 'alone' otherwise
   * (the caller shows them as the results).
   */
  ranNatively(report: Report, doc: ScenarioDocument): 'beside' | 'alone' {
    const of = measuredKey(doc);
    this.live = { numbers: { report, source: 'live', inputs: null }, of };
    return this.report !== null && this.reportOf === of ? 'beside' : 'alone';
  }

  /** Restored work: its first analysis says whether it still runs. */
  markRestored(): void {
    this.restored = true;
  }

  /** Whether this analysis is the first of restored work (asked once). */
  takeRestored(): boolean {
    const was = this.restored;
    this.restored = false;
    return was;
  }
}
