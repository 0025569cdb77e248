// Names of inputs the user adds or renames: short, unique, and safe in a file
// name and a CLI argument (`--input NAME`).

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Why `name` cannot name an input among `taken`, or null when it can. */
export function inputNameProblem(name: string, taken: string[]): string | null {
  if (!NAME.test(name)) return 'An input name is 1–64 letters, digits, “-” or “_”, starting with a letter or digit.';
  if (taken.includes(name)) return `There is already an input named “${name}”.`;
  return null;
}

/** A free name for a new input: `input-2`, `input-3`, … */
export function freshInputName(taken: string[]): string {
  for (let i = 2; ; i++) {
    const name = `input-${i}`;
    if (!taken.includes(name)) return name;
  }
}
