// The page's scenarios by name (the picker, `?scenario=<name>`, Reset): the
// bundled ones it already holds (from the analyzer module), then the others
// the site's catalog lists (a docs author's), whose documents are fetched when
// chosen.
import type { ScenarioDocument } from '../report';
import { type Catalog, findScenario, loadDocument } from './catalog';

export interface Choice {
  name: string;
  title: string;
}

/** What the picker offers: the held scenarios, then the catalog's others, each once. */
export function scenarioChoices(held: readonly ScenarioDocument[], catalog: Catalog): Choice[] {
  const choices = held.filter((s) => s.name !== undefined).map((s) => ({ name: s.name ?? '', title: s.title }));
  const names = new Set(choices.map((c) => c.name));
  return [...choices, ...catalog.scenarios.filter((s) => !names.has(s.name)).map(({ name, title }) => ({ name, title }))];
}

/**
 * The scenario the site ships as `name`: a held one as it is, else the
 * catalog's document for it; undefined when there is none, or it cannot be
 * read (`onProblem` says why).
 */
export async function scenarioNamed(
  name: string | null | undefined,
  held: readonly ScenarioDocument[],
  catalog: Catalog,
  onProblem: (message: string) => void = () => undefined,
): Promise<ScenarioDocument | undefined> {
  const own = held.find((s) => s.name !== undefined && s.name === name);
  if (own) return own;
  const entry = findScenario(catalog, name);
  if (!entry) return undefined;
  try {
    return await loadDocument(entry);
  } catch (error) {
    onProblem(`The scenario “${entry.name}” could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
