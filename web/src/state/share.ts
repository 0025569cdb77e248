// Share links (DESIGN.md): `<page>#v1=<lz-string compressToEncodedURIComponent
// (the scenario JSON)>`. What a link holds is untrusted: its size is capped
// before and after decompression, and the document is checked before use.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import type { ScenarioDocument } from '../report';
import { MAX_DOCUMENT_BYTES, type Checked, parseDocument } from './document';

export const PREFIX = '#v1=';
/** Longer links break in chat apps and some browsers: offer a file instead. */
export const COMFORTABLE_LINK = 8_000;
/**
 * Compressed text beyond this is refused before decompressing it. lz-string's
 * phrases grow with repetition, so a short link can unpack to a great deal:
 * 16 KiB unpacks to some tens of MB at worst, and takes milliseconds.
 */
const MAX_FRAGMENT = 16 << 10;

export interface ShareLimits {
  fragment: number;
  document: number;
}

const LIMITS: ShareLimits = { fragment: MAX_FRAGMENT, document: MAX_DOCUMENT_BYTES };

/** The fragment (`#v1=…`) for a document. */
export function shareFragment(doc: ScenarioDocument): string {
  return PREFIX + compressToEncodedURIComponent(JSON.stringify(doc));
}

/** Whether a location's hash is a share link at all. */
export function isShareFragment(hash: string): boolean {
  return hash.startsWith(PREFIX);
}

/** The document a `#v1=…` fragment holds, checked. */
export function readShareFragment(hash: string, limits: ShareLimits = LIMITS): Checked {
  const fail = (error: string): Checked => ({ ok: false, error });
  if (!isShareFragment(hash)) return fail('This link does not hold an Overhead scenario.');
  const packed = hash.slice(PREFIX.length);
  if (packed.length > limits.fragment) return fail('This link is too long to be an Overhead scenario; open its scenario file instead.');
  let text: string | null;
  try {
    text = decompressFromEncodedURIComponent(packed);
  } catch {
    text = null;
  }
  if (!text) return fail('This link is damaged: its scenario cannot be unpacked. Your work is unchanged.');
  if (text.length > limits.document) {
    return fail(`This link unpacks to more than the ${(limits.document / (1 << 20)).toFixed(0)} MiB a scenario may hold.`);
  }
  const checked = parseDocument(text, { withResults: true });
  return checked.ok ? checked : fail(`${checked.error} Your work is unchanged.`);
}
