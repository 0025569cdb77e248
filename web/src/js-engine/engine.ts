// The plain-JavaScript engine (`js`): `JSON.parse`, then a decoder that holds
// the parsed value to the definitions' shapes as serde does (types, integer
// bounds, missing and unknown fields), then the rules. Everything is closures
// assembled once from the model; no code is generated from user text.
import type { JsField, JsModel, JsRepr, JsStruct, JsTy } from './model';
import { acceptsText, EXPECTING } from './text-forms';
import { type Cx, fieldChecks, mustMatchCheck, type Sink, type Violation } from './checks';

export type Outcome = 'ok' | 'invalid' | 'error';

export interface JsVerdict {
  outcome: Outcome;
  message?: string;
  violations?: { path: string; code: string; message: string }[];
}

export interface JsEngine {
  /** JSON text → a value of the root type (the rules not looked at). */
  de(text: string): JsVerdict;
  /** The same, then every rule: `de+validate`. */
  deValidate(text: string): JsVerdict;
}

// Shared, so that the success path allocates no verdict.
const OK: JsVerdict = Object.freeze({ outcome: 'ok' });

/** Why a value does not decode, or null when it does. */
type Decoder = (value: unknown) => string | null;

export function compileJsEngine(model: JsModel): JsEngine {
  const decoders: Decoder[] = [];
  const validators: ((value: unknown, out: Sink) => void)[] = [];
  const defaults = new Defaults(model);
  model.types.forEach((type, id) => {
    decoders[id] =
      type.kind === 'struct'
        ? structDecoder(type, (ty) => decoderOf(ty, decoders))
        : type.repr
          ? reprDecoder(type.name, type.repr)
          : enumDecoder(type.name, type.variants);
    const cx: Cx = { named: (id) => validators[id]!, rules: model.rules };
    validators[id] = type.kind === 'struct' ? structValidator(type, defaults, cx) : () => undefined;
  });
  const decode = decoders[model.root]!;
  const validate = validators[model.root]!;

  const parse = (text: string): { value: unknown } | JsVerdict => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { outcome: 'error', message: error instanceof Error ? error.message : String(error) };
    }
    const problem = decode(value);
    return problem === null ? { value } : { outcome: 'error', message: problem };
  };

  return {
    de(text) {
      const parsed = parse(text);
      return 'value' in parsed ? OK : parsed;
    },
    deValidate(text) {
      const parsed = parse(text);
      if (!('value' in parsed)) return parsed;
      const out: Sink = [];
      validate(parsed.value, out);
      if (out.length === 0) return OK;
      return { outcome: 'invalid', violations: out.map(record) };
    },
  };
}

function record(v: Violation): { path: string; code: string; message: string } {
  return { path: formatPath(v.path), code: v.code, message: v.message };
}

/** As `overhead_validate::Path` prints: `items[0].sku`, `tags["a"]`. */
function formatPath(segments: readonly (string | number | { key: string })[]): string {
  let out = '';
  segments.forEach((s, i) => {
    if (typeof s === 'number') out += `[${s}]`;
    else if (typeof s === 'string') out += i === 0 ? s : `.${s}`;
    else out += `[${rustDebug(s.key)}]`;
  });
  return out;
}

/** A string as Rust's `{:?}` writes it. */
function rustDebug(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\0') out += '\\0';
    else if (c < 0x20 || c === 0x7f) out += `\\u{${c.toString(16)}}`;
    else out += ch;
  }
  return `${out}"`;
}

// ---- decoding: serde's shape checks on what JSON.parse gave ----

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'sequence';
  if (typeof value === 'object') return 'map';
  if (typeof value === 'number') return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``;
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`;
  return `boolean \`${String(value)}\``;
}

const invalid = (value: unknown, expected: string) => `invalid type: ${kindOf(value)}, expected ${expected}`;

function decoderOf(ty: JsTy, named: readonly Decoder[]): Decoder {
  switch (ty.t) {
    case 'unit':
      return (v) => (v === null ? null : invalid(v, 'unit'));
    case 'bool':
      return (v) => (typeof v === 'boolean' ? null : invalid(v, 'a boolean'));
    case 'int': {
      const { min, max } = ty;
      const nonZero = ty.nonZero === true;
      return (v) =>
        typeof v === 'number' && Number.isInteger(v)
          ? v >= min && v <= max && !(nonZero && v === 0)
            ? null
            : `invalid value: integer \`${v}\`, expected a${nonZero ? ' nonzero' : 'n'} integer from ${min} to ${max}`
          : invalid(v, 'an integer');
    }
    case 'text': {
      const { form, min, max } = ty;
      return (v) =>
        typeof v !== 'string'
          ? invalid(v, EXPECTING[form])
          : acceptsText(form, v, min, max)
            ? null
            : `invalid value: string ${JSON.stringify(v)}, expected ${EXPECTING[form]}`;
    }
    case 'float':
      return (v) => (typeof v === 'number' ? null : invalid(v, 'a number'));
    case 'char':
      return (v) => (typeof v === 'string' && [...v].length === 1 ? null : invalid(v, 'a character'));
    case 'str':
      return (v) => (typeof v === 'string' ? null : invalid(v, 'a string'));
    case 'json':
      return () => null;
    case 'option': {
      const inner = decoderOf(ty.of, named);
      return (v) => (v === null ? null : inner(v));
    }
    case 'seq':
    case 'array': {
      const item = decoderOf(ty.of, named);
      const length = ty.t === 'array' ? ty.len : -1;
      return (v) => {
        if (!Array.isArray(v)) return invalid(v, length < 0 ? 'a sequence' : `an array of length ${length}`);
        if (length >= 0 && v.length !== length) return `invalid length ${v.length}, expected an array of length ${length}`;
        for (const x of v) {
          const problem = item(x);
          if (problem !== null) return problem;
        }
        return null;
      };
    }
    case 'tuple': {
      const items = ty.of.map((t) => decoderOf(t, named));
      return (v) => {
        if (!Array.isArray(v)) return invalid(v, `a tuple of size ${items.length}`);
        if (v.length !== items.length) return `invalid length ${v.length}, expected a tuple of size ${items.length}`;
        for (let i = 0; i < items.length; i++) {
          const problem = items[i]!(v[i]);
          if (problem !== null) return problem;
        }
        return null;
      };
    }
    case 'map': {
      const item = decoderOf(ty.of, named);
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return invalid(v, 'a map');
        for (const key in v) {
          const problem = item((v as Record<string, unknown>)[key]);
          if (problem !== null) return problem;
        }
        return null;
      };
    }
    case 'named': {
      const id = ty.id;
      // Looked up at call time: types may refer to each other, or to themselves.
      return (v) => named[id]!(v);
    }
  }
}

function structDecoder(type: JsStruct, decoderFor: (ty: JsTy) => Decoder): Decoder {
  const fields = type.fields
    .filter((f) => !f.skip)
    .map((f) => ({ keys: [f.key, ...f.aliases], key: f.key, missing: f.missing, decode: decoderFor(f.ty) }));
  const known = new Set(fields.flatMap((f) => f.keys));
  const expected = `struct ${type.name}`;
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return invalid(v, expected);
    const object = v as Record<string, unknown>;
    for (const field of fields) {
      const value = lookup(object, field.keys);
      if (value === undefined) {
        if (field.missing === 'error') return `missing field \`${field.key}\``;
        continue;
      }
      const problem = field.decode(value);
      if (problem !== null) return problem;
    }
    if (type.denyUnknown) {
      for (const key in object) {
        if (!known.has(key)) return `unknown field \`${key}\`, expected one of ${[...known].map((k) => `\`${k}\``).join(', ')}`;
      }
    }
    return null;
  };
}

function enumDecoder(name: string, variants: readonly string[]): Decoder {
  const names = new Set(variants);
  return (v) =>
    typeof v === 'string'
      ? names.has(v)
        ? null
        : `unknown variant \`${v}\`, expected one of ${variants.map((n) => `\`${n}\``).join(', ')}`
      : invalid(v, `enum ${name}`);
}

/** serde_repr: an integer of the `#[repr]` type that is a discriminant, or any such integer with a `#[serde(other)]` variant. */
function reprDecoder(name: string, repr: JsRepr): Decoder {
  const values = new Set(repr.values);
  return (v) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) return invalid(v, `enum ${name}`);
    if (v < repr.min || v > repr.max) return `invalid value: integer \`${v}\`, expected an integer from ${repr.min} to ${repr.max}`;
    if (values.has(v) || repr.other !== undefined) return null;
    return `invalid value: ${v}, expected one of: ${repr.values.join(', ')}`;
  };
}

/** The field's value under its key or an alias; undefined when absent (never the prototype's). */
function lookup(object: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (Object.hasOwn(object, key)) return object[key];
  return undefined;
}

// ---- validating: the rules, in the derive's order ----

/** `Default::default()` of each type, as the interpreter fills a missing `#[serde(default)]` field. */
class Defaults {
  private readonly cache = new Map<JsTy, unknown>();
  constructor(private readonly model: JsModel) {}

  of(ty: JsTy, depth = 0): unknown {
    if (this.cache.has(ty)) return this.cache.get(ty);
    const value = this.build(ty, depth);
    this.cache.set(ty, value);
    return value;
  }

  private build(ty: JsTy, depth: number): unknown {
    switch (ty.t) {
      case 'unit':
      case 'option':
      case 'json':
        return null;
      case 'bool':
        return false;
      case 'int':
      case 'float':
        return 0;
      case 'char':
        return '\0';
      case 'str':
        return '';
      case 'text':
        return ty.default;
      case 'seq':
        return [];
      case 'map':
        return {};
      case 'array':
        return Array.from({ length: ty.len }, () => this.of(ty.of, depth + 1));
      case 'tuple':
        return ty.of.map((t) => this.of(t, depth + 1));
      case 'named': {
        const type = this.model.types[ty.id]!;
        if (type.kind === 'enum') return type.repr ? (type.repr.values[0] ?? null) : (type.variants[0] ?? null);
        // A struct that holds itself holds it in an Option or a collection, whose default is empty.
        if (depth > 32) return null;
        return Object.fromEntries(type.fields.map((f) => [f.key, this.of(f.ty, depth + 1)]));
      }
    }
  }
}

function structValidator(
  type: JsStruct,
  defaults: Defaults,
  cx: Cx,
): (value: unknown, out: Sink) => void {
  const fields = type.fields
    .map((f: JsField) => ({
      keys: [f.key, ...f.aliases],
      key: f.key,
      path: f.path,
      skip: f.skip,
      fallback: f.missing === 'default' || f.skip ? (f.defaultValue !== undefined ? f.defaultValue : defaults.of(f.ty)) : null,
      checks: f.checks.length > 0 ? fieldChecks(f.checks, f.ty, cx) : null,
    }));
  const valueOf = (object: Record<string, unknown>, field: (typeof fields)[number]) => {
    if (field.skip) return field.fallback;
    const value = lookup(object, field.keys);
    return value === undefined ? field.fallback : value;
  };
  const mustMatch = type.mustMatch.map((m) => ({ a: fields[m.field]!, b: fields[m.other]!, check: mustMatchCheck(m, cx) }));
  return (value, out) => {
    const object = value as Record<string, unknown>;
    for (const field of fields) {
      if (field.checks === null) continue;
      const start = out.length;
      field.checks(valueOf(object, field), out);
      for (let i = start; i < out.length; i++) out[i]!.path.unshift(field.path);
    }
    for (const m of mustMatch) {
      const start = out.length;
      m.check(valueOf(object, m.a), valueOf(object, m.b), out);
      for (let i = start; i < out.length; i++) out[i]!.path.unshift(m.a.path);
    }
  };
}
