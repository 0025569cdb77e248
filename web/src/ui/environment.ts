// What the figures on this page depend on: the header's two chips (isolation,
// timer) and the environment panel.
import { browserName, formatNs } from '../format';
import type { Env, TimerInfo } from '../report';
import { el } from './dom';

export interface EnvironmentInfo {
  timer: TimerInfo;
  crossOriginIsolated: boolean;
  build: Env;
}

const resolutionOf = (timer: TimerInfo) => (timer.resolution_ns === null ? 'unknown' : formatNs(timer.resolution_ns));

export function renderChips(isolation: HTMLElement, timerChip: HTMLElement, info: EnvironmentInfo): void {
  const isolated = info.crossOriginIsolated;
  isolation.textContent = isolated ? 'cross-origin isolated' : 'not cross-origin isolated';
  isolation.classList.toggle('good', isolated);
  isolation.classList.toggle('warn', !isolated);
  isolation.title = isolated
    ? 'performance.now() is fine-grained here.'
    : 'The page lacks COOP/COEP headers, so performance.now() is coarse (about 100 µs); short runs will be imprecise.';
  const resolution = resolutionOf(info.timer);
  timerChip.textContent = `timer resolution ${resolution}`;
  timerChip.title = `performance.now(): smallest step ${resolution}; one read costs ${formatNs(info.timer.overhead_ns)}.`;
}

export function renderPanel(list: HTMLElement, info: EnvironmentInfo): void {
  const entries: [string, string][] = [
    ['Browser', `${browserName(navigator.userAgent)} (${navigator.userAgent})`],
    ['Cross-origin isolated', info.crossOriginIsolated ? 'yes: performance.now() is fine-grained' : 'no: performance.now() is coarse, short runs are imprecise'],
    ['Timer', `smallest step ${resolutionOf(info.timer)}, one read ${formatNs(info.timer.overhead_ns)}${info.timer.loop_ns === undefined ? '' : `, the timed loop ${formatNs(info.timer.loop_ns)} per iteration`}`],
    ['Build', `overhead ${info.build.engine_version} (${info.build.target}), ${info.build.rustc ?? 'rustc unknown'}`],
    ['Cores', String(navigator.hardwareConcurrency ?? 'unknown')],
  ];
  list.replaceChildren(...entries.flatMap(([term, text]) => [el('dt', { text: term }), el('dd', { text })]));
}
