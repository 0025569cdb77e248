// A field's rules as one closure, applied as the interpreter's checker applies
// them (crate/engine/src/check.rs): `required` on the Option itself, the rest
// on the value inside (none at all when it is None), in the order written,
// `nested` and `each` at their place. A rule applies to the kind of value it
// is for (a string rule on a string field); on any other it passes, as in Rust.
import type { JsCheck, JsMustMatch, JsTy } from './model';
import {
  allDistinct,
  display,
  isAlphanumeric,
  isAscii,
  isEmail,
  isNonBlank,
  isUrl,
  lengthInterval,
  rustRegex,
  sameValue,
  textLength,
  textLengthBounds,
} from './rules';

/** A path segment: a field, an index, or a map key. */
export type Segment = string | number | { key: string };

export interface Violation {
  /** Innermost last; parents put their segment in front on the way out. */
  path: Segment[];
  code: string;
  message: string;
}

export type Sink = Violation[];
export type FieldCheck = (value: unknown, out: Sink) => void;
type Named = (id: number) => FieldCheck;
type Params = Record<string, string | number>;

/**
 * A rule's violation, with the user's `code` and `message` when given. Its
 * parameters are the rule's own, so code and message are known when the rule
 * is built: failing builds one small object, as cheap as the error path can be.
 */
function violationOf(check: { code?: string; message?: string }, code: string, template: string, params: Params = {}): () => Violation {
  const message = (check.message ?? template).replace(/\{([^{}]*)\}/g, (whole, name: string) =>
    name in params ? display(params[name]!) : whole,
  );
  const finalCode = check.code ?? code;
  return () => ({ path: [], code: finalCode, message });
}

/** Every rule of a field of type `ty`, as one check. */
export function fieldChecks(checks: readonly JsCheck[], ty: JsTy, named: Named): FieldCheck {
  const inner = innermost(ty);
  const steps = checks.map((c) => (c.rule === 'required' ? null : ruleCheck(c, inner, named)));
  const required = checks.map((c) => (c.rule === 'required' ? violationOf(c, 'required', 'is required') : null));
  const optional = ty.t === 'option';
  return (value, out) => {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      if (step === null) {
        if (value === null || value === undefined) out.push(required[i]!());
        continue;
      }
      if (optional && (value === null || value === undefined)) return;
      step!(value, out);
    }
  };
}

/** `must_match`: the field equals the other one; its violation goes on the field. */
export function mustMatchCheck(m: JsMustMatch): (a: unknown, b: unknown, out: Sink) => void {
  const broken = violationOf(m, 'must_match', 'must match {other}', { other: m.otherName });
  return (a, b, out) => {
    if (!sameValue(a, b)) out.push(broken());
  };
}

function innermost(ty: JsTy): JsTy {
  return ty.t === 'option' ? innermost(ty.of) : ty;
}

/** Prefixes the violations added since `start` with `segment`. */
function under(out: Sink, start: number, segment: Segment): void {
  for (let i = start; i < out.length; i++) out[i]!.path.unshift(segment);
}

const isCollection = (ty: JsTy) => ty.t === 'seq' || ty.t === 'array' || ty.t === 'tuple';

function ruleCheck(c: JsCheck, ty: JsTy, named: Named): FieldCheck {
  switch (c.rule) {
    case 'nested':
      return nestedCheck(ty, named);
    case 'each':
      return eachCheck(c.checks, ty, named);
    case 'length': {
      const [lo, hi] = lengthInterval(c.min, c.max, c.equal);
      const unit = { chars: 'characters', bytes: 'bytes', utf16: 'UTF-16 code units', items: 'items' }[c.mode];
      const template =
        c.equal !== undefined
          ? `must be exactly {equal} ${unit}`
          : c.min !== undefined && c.max !== undefined
            ? `must be {min} to {max} ${unit}`
            : c.min !== undefined
              ? `must be at least {min} ${unit}`
              : `must be at most {max} ${unit}`;
      const params: Params = {};
      if (c.min !== undefined) params.min = c.min;
      if (c.max !== undefined) params.max = c.max;
      if (c.equal !== undefined) params.equal = c.equal;
      const fails = (n: number) => n < lo || n > hi;
      const broken = violationOf(c, 'length', template, params);
      const fail = (out: Sink) => out.push(broken());
      if (ty.t === 'str') {
        const mode = c.mode;
        return (v, out) => {
          const s = v as string;
          // Decided by the unit count alone whenever it can be, as in Rust.
          const [least, most] = textLengthBounds(s.length, mode);
          if (lo <= least && most <= hi) return;
          if (fails(textLength(s, mode))) fail(out);
        };
      }
      if (isCollection(ty)) return (v, out) => void (fails((v as unknown[]).length) && fail(out));
      if (ty.t === 'map') return (v, out) => void (fails(Object.keys(v as object).length) && fail(out));
      return pass;
    }
    case 'non_empty': {
      const broken = violationOf(c, 'non_empty', 'must not be empty');
      const fail = (out: Sink) => out.push(broken());
      if (ty.t === 'str') return (v, out) => void ((v as string).length === 0 && fail(out));
      if (isCollection(ty)) return (v, out) => void ((v as unknown[]).length === 0 && fail(out));
      if (ty.t === 'map') return (v, out) => void (Object.keys(v as object).length === 0 && fail(out));
      return pass;
    }
    case 'range': {
      if (ty.t !== 'int' && ty.t !== 'float') return pass;
      const { min, max, exclusiveMin, exclusiveMax } = c;
      const describe = rangeViolations(c);
      const lo = min ?? -Infinity;
      const hi = max ?? Infinity;
      const above = exclusiveMin ?? -Infinity;
      const below = exclusiveMax ?? Infinity;
      return (v, out) => {
        const x = v as number;
        if (x >= lo && x <= hi && x > above && x < below) return;
        const broken = {
          min: min !== undefined && !(x >= min),
          max: max !== undefined && !(x <= max),
          exclusiveMin: exclusiveMin !== undefined && !(x > exclusiveMin),
          exclusiveMax: exclusiveMax !== undefined && !(x < exclusiveMax),
        };
        out.push(describe(broken)());
      };
    }
    case 'one_of': {
      const texts = c.values.filter((x): x is string => typeof x === 'string');
      const numbers = c.values.filter((x): x is number => typeof x === 'number');
      const broken = violationOf(c, 'one_of', 'must be one of {values}', { values: c.values.map(display).join(', ') });
      const fail = (out: Sink) => out.push(broken());
      if (ty.t === 'str' && texts.length === c.values.length) return (v, out) => void (!texts.includes(v as string) && fail(out));
      if ((ty.t === 'int' || ty.t === 'float') && numbers.length === c.values.length) {
        return (v, out) => void (!numbers.includes(v as number) && fail(out));
      }
      return pass;
    }
    case 'unique': {
      if (!isCollection(ty)) return pass;
      const broken = violationOf(c, 'unique', 'must not contain duplicates');
      return (v, out) => {
        if (!allDistinct(v as unknown[])) out.push(broken());
      };
    }
    case 'required':
      // Handled by `fieldChecks`, on the Option itself.
      return pass;
    default:
      return ty.t === 'str' ? textCheck(c) : pass;
  }
}

function pass(): void {}

/** A rule on a string's text. */
function textCheck(c: JsCheck): FieldCheck {
  const make = (test: (s: string) => boolean, code: string, template: string, params?: Params): FieldCheck => {
    const broken = violationOf(c, code, template, params);
    return (v, out) => {
      if (!test(v as string)) out.push(broken());
    };
  };
  switch (c.rule) {
    case 'email':
      return make(isEmail, 'email', 'must be a valid email address');
    case 'url':
      return make(isUrl, 'url', 'must be a valid URL');
    case 'alphanumeric':
      return make(isAlphanumeric, 'alphanumeric', 'must contain only letters and digits');
    case 'ascii':
      return make(isAscii, 'ascii', 'must contain only ASCII characters');
    case 'non_blank':
      return make(isNonBlank, 'non_blank', 'must not be blank');
    case 'contains': {
      const p = c.value;
      return make((s) => s.includes(p), 'contains', 'must contain “{pattern}”', { pattern: p });
    }
    case 'does_not_contain': {
      const p = c.value;
      return make((s) => !s.includes(p), 'does_not_contain', 'must not contain “{pattern}”', { pattern: p });
    }
    case 'starts_with': {
      const p = c.value;
      return make((s) => s.startsWith(p), 'starts_with', 'must start with “{prefix}”', { prefix: p });
    }
    case 'ends_with': {
      const p = c.value;
      return make((s) => s.endsWith(p), 'ends_with', 'must end with “{suffix}”', { suffix: p });
    }
    case 'regex': {
      const re = rustRegex(c.pattern);
      return make((s) => re.test(s), 'regex', 'must match the pattern {pattern}', { pattern: c.pattern });
    }
    default:
      return pass;
  }
}

/** Which bound the message names, as `Range::describe` chooses; each message built once. */
function rangeViolations(
  c: Extract<JsCheck, { rule: 'range' }>,
): (broken: { min: boolean; max: boolean; exclusiveMin: boolean; exclusiveMax: boolean }) => () => Violation {
  const { min, max, exclusiveMin, exclusiveMax } = c;
  const between = violationOf(c, 'range', 'must be between {min} and {max}', { min: min ?? 0, max: max ?? 0 });
  const atLeast = violationOf(c, 'range', 'must be at least {min}', { min: min ?? 0 });
  const atMost = violationOf(c, 'range', 'must be at most {max}', { max: max ?? 0 });
  const greater = violationOf(c, 'range', 'must be greater than {exclusive_min}', { exclusive_min: exclusiveMin ?? 0 });
  const less = violationOf(c, 'range', 'must be less than {exclusive_max}', { exclusive_max: exclusiveMax ?? 0 });
  const inRange = violationOf(c, 'range', 'must be in range');
  return (broken) => {
    if (min !== undefined && max !== undefined && (broken.min || broken.max)) return between;
    if (min !== undefined && broken.min) return atLeast;
    if (max !== undefined && broken.max) return atMost;
    if (exclusiveMin !== undefined && broken.exclusiveMin) return greater;
    if (exclusiveMax !== undefined && broken.exclusiveMax) return less;
    return inRange;
  };
}

/** `nested`: the value's own rules, under indexes and keys inside collections. */
function nestedCheck(ty: JsTy, named: Named): FieldCheck {
  switch (ty.t) {
    case 'named':
      return (v, out) => named(ty.id)(v, out);
    case 'option': {
      const inner = nestedCheck(ty.of, named);
      return (v, out) => {
        if (v !== null && v !== undefined) inner(v, out);
      };
    }
    case 'seq':
    case 'array':
      return perItem(nestedCheck(ty.of, named));
    case 'map':
      return perEntry(nestedCheck(ty.of, named));
    default:
      return pass;
  }
}

/** `each`: the inner rules on every item of a collection, or every value of a map. */
function eachCheck(checks: readonly JsCheck[], ty: JsTy, named: Named): FieldCheck {
  if (ty.t === 'seq' || ty.t === 'array') return perItem(fieldChecks(checks, ty.of, named));
  if (ty.t === 'map') return perEntry(fieldChecks(checks, ty.of, named));
  return pass;
}

function perItem(check: FieldCheck): FieldCheck {
  return (v, out) => {
    const items = v as unknown[];
    for (let i = 0; i < items.length; i++) {
      const start = out.length;
      check(items[i], out);
      if (out.length > start) under(out, start, i);
    }
  };
}

function perEntry(check: FieldCheck): FieldCheck {
  return (v, out) => {
    const entries = v as Record<string, unknown>;
    for (const key of Object.keys(entries)) {
      const start = out.length;
      check(entries[key], out);
      if (out.length > start) under(out, start, { key });
    }
  };
}
