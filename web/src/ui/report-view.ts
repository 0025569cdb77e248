// The results on screen in the full page: the table with its native columns,
// the chart, the teaching views, the notes and the export bar — drawn from
// the Report and the page's state, and cleared with it.
import { browserName } from '../format';
import { nativeLabel, type NativeNumbers } from '../native';
import type { Report, ScenarioDocument } from '../report';
import type { PageState } from '../state/page-state';
import { renderBreakdown } from './breakdown-view';
import { renderChart } from './chart';
import { ui } from './elements';
import { renderReading } from './reading-view';
import { renderFlagLegend, renderResults, renderViolations } from './results';
import { renderWasmVsJs } from './wasm-js-view';

export class ReportView {
  constructor(
    private readonly state: PageState,
    /** The native figures recorded with the scenario `doc` is of, if any. */
    private readonly recorded: (doc: ScenarioDocument) => Promise<NativeNumbers | null>,
    private readonly showError: (text: string) => void,
  ) {}

  /** No results: the state's, and everything drawn from them. */
  clear(): void {
    this.state.clearResults();
    ui.liveNote.hidden = true;
    ui.nativeNote.hidden = true;
    ui.chart.hidden = true;
    ui.chart.replaceChildren();
    for (const host of [ui.reading, ui.breakdownView, ui.wasmJs]) {
      host.hidden = true;
      host.replaceChildren();
    }
    ui.violations.hidden = true;
    ui.exportBar.hidden = true;
    ui.results.replaceChildren();
    ui.flagLegend.hidden = true;
    ui.notes.hidden = true;
    ui.sharedBanner.hidden = true;
    ui.shareResults.checked = false;
    ui.shareResults.disabled = true;
    ui.shareBox.hidden = true;
  }

  /** The table, with the native figures and whose they are when there are any. */
  showTable(report: Report): void {
    const { native, liveNative } = this.state;
    renderResults(ui.results, report, native?.numbers ?? null, liveNative);
    ui.liveNote.hidden = liveNative === null;
    ui.liveNote.textContent = liveNative ? nativeLabel(liveNative) : '';
    renderFlagLegend(ui.flagLegend, report);
    ui.nativeNote.hidden = native === null;
    ui.nativeNote.textContent = native ? nativeLabel(native.numbers, native.fileName) : '';
  }

  /** Puts the recorded native figures beside `report` when `doc` is a scenario of the site they still describe. */
  private async showRecorded(report: Report, doc: ScenarioDocument): Promise<void> {
    if (!this.state.wantsRecorded) return;
    const numbers = await this.recorded(doc).catch(() => null);
    // The user may have run again, or imported a Report, meanwhile.
    if (this.state.offerRecorded(report, numbers)) this.showTable(report);
  }

  /** New results of `doc` (`shared`: a share link's, measured by someone else). */
  show(report: Report, doc: ScenarioDocument, shared = false): void {
    this.state.showReport(report, doc);
    ui.exportBar.hidden = false;
    ui.shareResults.disabled = false;
    ui.sharedBanner.hidden = !shared;
    if (shared) {
      const s = report.settings;
      ui.sharedBanner.textContent =
        `Shared results, measured in ${report.env.browser ? browserName(report.env.browser) : report.env.target} on ${report.env.date?.slice(0, 10) ?? 'an unknown date'} ` +
        `with ${s.runs} runs × ${s.iterations.toLocaleString('en')} iterations. Run to measure in your browser.`;
    }
    this.showTable(report);
    void this.showRecorded(report, doc);
    renderViolations(ui.violations, report);
    renderReading(ui.reading, report);
    renderWasmVsJs(ui.wasmJs, report);
    const chartFailed = (error: unknown) => {
      this.showError(`A chart could not be drawn (${error instanceof Error ? error.message : String(error)}); the tables have every figure.`);
    };
    renderChart(ui.chart, report).catch((error: unknown) => {
      ui.chart.hidden = true;
      chartFailed(error);
    });
    renderBreakdown(ui.breakdownView, report).catch(chartFailed);
    const notes = report.notes ?? [];
    ui.notes.replaceChildren(...notes.map((note) => Object.assign(document.createElement('li'), { textContent: note })));
    ui.notes.hidden = notes.length === 0;
    const e = report.env;
    ui.env.textContent = `${e.target} · overhead ${e.engine_version} · ${e.rustc ?? ''} · ${e.browser ?? ''} · ${report.settings.runs} runs × ${report.settings.iterations.toLocaleString('en')} iterations after ${report.settings.warmup.toLocaleString('en')} warm-up · runs interleaved`;
  }
}
