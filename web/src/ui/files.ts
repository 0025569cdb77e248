// Files the user hands the page (Open .json, Import native Report, or dropped
// anywhere): read with one size cap and one message, and told apart by content.
import type { Report } from '../report';
import { checkReport } from '../state/report-check';

/** Larger than any document or Report the page accepts (both cap at 4 MiB). */
export const MAX_FILE_BYTES = 4 << 20;

export type FileText = { ok: true; text: string } | { ok: false; error: string };

export async function readFileText(file: File): Promise<FileText> {
  if (file.size > MAX_FILE_BYTES) return { ok: false, error: `“${file.name}” is larger than 4 MiB; nothing was opened.` };
  try {
    return { ok: true, text: await file.text() };
  } catch {
    return { ok: false, error: `“${file.name}” could not be read. Your work is unchanged.` };
  }
}

/** The text as a Report (`overhead run --json`), or null when it is not one. */
export function asReport(text: string): Report | null {
  try {
    return checkReport(JSON.parse(text));
  } catch {
    return null;
  }
}
