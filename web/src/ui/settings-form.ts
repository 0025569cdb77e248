// The settings form: the three numbers, the preset that may own them, and a
// checkbox per variant, and the JS engines' extra variants.
import { type Preset, SEED_SETTINGS } from '../presets';
import type { Settings } from '../report';
import { ui } from './elements';

export function setSettings(settings: Settings): void {
  ui.warmup.value = String(settings.warmup);
  ui.runs.value = String(settings.runs);
  ui.iterations.value = String(settings.iterations);
}

/** Quick sizes the runs itself: the three numbers are its to choose. */
export function applyPreset(preset: Preset): void {
  ui.preset.value = preset;
  if (preset === 'seed') setSettings(SEED_SETTINGS);
  for (const input of [ui.warmup, ui.runs, ui.iterations]) {
    input.disabled = preset === 'quick';
    input.title = preset === 'quick' ? 'Quick sizes the runs by time' : '';
  }
}

/** One checkbox per variant of the scenario, all ticked. */
export function showVariants(variants: string[]): void {
  const boxes = variants.map((code) => {
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked: true, value: code, name: 'variant' });
    const label = document.createElement('label');
    label.append(box, code);
    return label;
  });
  const legend = Object.assign(document.createElement('legend'), { textContent: 'Variants' });
  ui.variants.replaceChildren(legend, ...boxes);
  ui.variants.hidden = variants.length === 0;
}

export function chosenVariants(): string[] {
  return [...ui.variants.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].filter((b) => b.checked).map((b) => b.value);
}

/**
 * The variants to run: the ticked ones, and with the JS engines on, the
 * boundary costs they are compared with (a string into wasm, a value back).
 */
export function requestedVariants(): string[] {
  const chosen = chosenVariants();
  if (!ui.jsEngines.checked || !chosen.some((v) => v === 'de' || v === 'de+validate')) return chosen;
  return [...chosen, ...['str-in', 'to-js'].filter((v) => !chosen.includes(v))];
}
