// Text of a shape: the JS twin of crate/engine/src/text_form.rs. A field whose
// Rust type is a `Uuid`, a chrono date, an address, a humantime duration or a
// number read through serde_with's `DisplayFromStr` decodes only text of that
// shape, as the interpreter (following those crates' parsers) decodes it.
import { isIpv4, isIpv6, isUrl } from './rules';

/** The forms, by the names the model gives them (`TextForm::name`). */
export type TextFormName =
  | 'uuid'
  | 'date'
  | 'time'
  | 'naive_date_time'
  | 'date_time'
  | 'ip'
  | 'ipv4'
  | 'ipv6'
  | 'socket_addr'
  | 'url'
  | 'humantime'
  | 'integer'
  | 'float'
  | 'bool';

/** What a decoding error says is expected (`TextForm::expecting`). */
export const EXPECTING: Record<TextFormName, string> = {
  uuid: 'a UUID',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (HH:MM:SS)',
  naive_date_time: 'a date and time (YYYY-MM-DDTHH:MM:SS)',
  date_time: 'an RFC 3339 date and time',
  ip: 'an IP address',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  socket_addr: 'a socket address',
  url: 'an absolute URL',
  humantime: 'a duration such as "1h 30m"',
  integer: 'an integer as text',
  float: 'a number as text',
  bool: '`true` or `false` as text',
};

const HEX = /^[0-9a-fA-F]*$/;

function isUuid(text: string): boolean {
  let t = text.startsWith('urn:uuid:') ? text.slice('urn:uuid:'.length) : text;
  if (t.startsWith('{') && t.endsWith('}')) t = t.slice(1, -1);
  if (t.length === 32) return HEX.test(t);
  if (t.length !== 36) return false;
  const groups = t.split('-');
  const lengths = [8, 4, 4, 4, 12];
  return groups.length === 5 && groups.every((g, i) => g.length === lengths[i] && HEX.test(g));
}

const DIGITS = /^[0-9]+$/;

/** `YYYY-MM-DD`, a day the calendar has. */
function isDate(text: string): boolean {
  const parts = text.split('-');
  // `splitn(3, '-')`: a fourth part stays in the day, which then is not two digits.
  const [y, m, d] = [parts[0] ?? '', parts[1] ?? '', parts.slice(2).join('-')];
  if (parts.length < 3 || y.length < 4 || m.length !== 2 || d.length !== 2) return false;
  if (!DIGITS.test(y) || !DIGITS.test(m) || !DIGITS.test(d)) return false;
  // An i32 year, as chrono reads it.
  if (y.length > 10 || Number(y) > 2 ** 31 - 1) return false;
  const [year, month, day] = [Number(y), Number(m), Number(d)];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** `HH:MM` or `HH:MM:SS`, an optional `.fraction`; a leap second (60) allowed. */
function isTime(text: string): boolean {
  const dot = text.indexOf('.');
  let main = text;
  if (dot >= 0) {
    const fraction = text.slice(dot + 1);
    if (fraction === '' || !DIGITS.test(fraction)) return false;
    main = text.slice(0, dot);
  }
  const parts = main.split(':');
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => p.length !== 2 || !DIGITS.test(p))) return false;
  const [h, m, s] = [Number(parts[0]), Number(parts[1]), Number(parts[2] ?? '0')];
  return h < 24 && m < 60 && s <= 60;
}

function isNaiveDateTime(text: string): boolean {
  const at = text.search(/[T ]/);
  return at >= 0 && isDate(text.slice(0, at)) && isTime(text.slice(at + 1));
}

/** RFC 3339: a date, `T` (or a space), a time, then `Z` or `±HH:MM`. */
function isDateTime(text: string): boolean {
  const at = text.search(/[Tt ]/);
  if (at < 0 || !isDate(text.slice(0, at))) return false;
  const rest = text.slice(at + 1);
  let time: string;
  let zone = '';
  if (rest.endsWith('Z') || rest.endsWith('z')) time = rest.slice(0, -1);
  else {
    const sign = Math.max(rest.lastIndexOf('+'), rest.lastIndexOf('-'));
    if (sign < 0) return false;
    time = rest.slice(0, sign);
    zone = rest.slice(sign + 1);
  }
  const zoneOk = zone === '' || (zone.length === 5 && isTime(zone));
  return isTime(time) && zoneOk;
}

/** `std::net::SocketAddr`: `a.b.c.d:port` or `[v6]:port`. */
function isSocketAddr(text: string): boolean {
  const colon = text.lastIndexOf(':');
  if (colon < 0) return false;
  const host = text.slice(0, colon);
  const port = text.slice(colon + 1);
  if (!DIGITS.test(port) || port.length > 5 || Number(port) > 65535) return false;
  if (host.startsWith('[') && host.endsWith(']')) return isIpv6(host.slice(1, -1));
  return isIpv4(host);
}

const UNITS = new Set([
  'nsec', 'ns', 'usec', 'us', 'µs', 'msec', 'ms', 'seconds', 'second', 'secs', 'sec', 's',
  'minutes', 'minute', 'mins', 'min', 'm', 'hours', 'hour', 'hrs', 'hr', 'h', 'days', 'day',
  'd', 'weeks', 'week', 'w', 'months', 'month', 'M', 'years', 'year', 'y',
]);

/** humantime: one or more `<number><unit>` pieces, spaces between allowed. */
function isHumantime(text: string): boolean {
  let rest = text.trim();
  if (rest === '') return false;
  while (rest !== '') {
    const digits = /^[0-9]+/.exec(rest)?.[0].length ?? 0;
    if (digits === 0) return false;
    rest = rest.slice(digits).trimStart();
    const unit = /^\p{Alphabetic}*/u.exec(rest)?.[0] ?? '';
    if (!UNITS.has(unit)) return false;
    rest = rest.slice(unit.length).trimStart();
  }
  return true;
}

/** Rust's `i128`/`u128` `from_str`: an optional sign, then digits. */
function isInteger(text: string, min: string, max: string): boolean {
  if (!/^[+-]?[0-9]+$/.test(text)) return false;
  const n = BigInt(text);
  return n >= BigInt(min) && n <= BigInt(max);
}

/** Rust's `f64::from_str`: decimal or exponent forms, `inf`, `infinity`, `nan`. */
const FLOAT = /^[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|inf|infinity|nan)$/i;

/** Whether `text` has the form (for `integer`, within `min..=max`). */
export function acceptsText(form: TextFormName, text: string, min = '0', max = '0'): boolean {
  switch (form) {
    case 'uuid':
      return isUuid(text);
    case 'date':
      return isDate(text);
    case 'time':
      return isTime(text);
    case 'naive_date_time':
      return isNaiveDateTime(text);
    case 'date_time':
      return isDateTime(text);
    case 'ip':
      return isIpv4(text) || isIpv6(text);
    case 'ipv4':
      return isIpv4(text);
    case 'ipv6':
      return isIpv6(text);
    case 'socket_addr':
      return isSocketAddr(text);
    case 'url':
      return isUrl(text);
    case 'humantime':
      return isHumantime(text);
    case 'integer':
      return isInteger(text, min, max);
    case 'float':
      return FLOAT.test(text);
    case 'bool':
      return text === 'true' || text === 'false';
  }
}
