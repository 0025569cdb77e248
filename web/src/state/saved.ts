// The work in progress, kept in localStorage so that a reload (or a crash of
// the tab) loses nothing: the current document, edits included.
import type { Preset } from '../presets';
import type { ScenarioDocument } from '../report';
import { parseDocument } from './document';

const KEY = 'overhead:work:v1';
/** The preset the work runs with (not part of a scenario document). */
const PRESET_KEY = 'overhead:preset:v1';
const PRESETS: readonly Preset[] = ['custom', 'quick', 'seed'];

/** What was saved, or null when nothing usable is (a bad entry is dropped). */
export function loadSaved(storage: Storage | null): ScenarioDocument | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  const checked = parseDocument(text);
  if (checked.ok) return checked.doc;
  forget(storage);
  return null;
}

/** Saves `doc` (without results); a full or refused storage is not an error. */
export function save(storage: Storage | null, doc: ScenarioDocument): void {
  const { results: _results, ...work } = doc;
  try {
    storage?.setItem(KEY, JSON.stringify(work));
  } catch {
    // Quota exceeded or storage disabled: the page works on without it.
  }
}

export function forget(storage: Storage | null): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // As above.
  }
}

/** The preset saved with the work, or null. */
export function loadPreset(storage: Storage | null): Preset | null {
  try {
    const text = storage?.getItem(PRESET_KEY) ?? null;
    return PRESETS.find((p) => p === text) ?? null;
  } catch {
    return null;
  }
}

export function savePreset(storage: Storage | null, preset: Preset): void {
  try {
    storage?.setItem(PRESET_KEY, preset);
  } catch {
    // As above.
  }
}
