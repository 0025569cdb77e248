// A field's rules as one closure, applied as the interpreter's checker applies
// them (crate/engine/src/check.rs): `required` on the Option itself, the rest
// on the value inside (none at all when it is None), in the order written,
// `nested` and `each` at their place. A rule applies to the kind of value it
// is for (a string rule on a string field); on any other it passes, as in Rust.
import type { JsCheck, JsMustMatch, JsTy, RuleTable } from './model';
import {
  allDistinct,
  display,
  isIp,
  isNeedleRule,
  isNumberRule,
  isTextRule,
  lengthInterval,
  needleRules,
  numberRules,
  rustRegex,
  sameValue,
  textLength,
  textLengthBounds,
  textRules,
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
type Params = Record<string, string | number>;

/** What building a field's checks needs: the named types' checks, and the registry's codes and messages. */
export interface Cx {
  named: (id: number) => FieldCheck;
  rules: RuleTable;
}

/**
 * A violation of the registry's `rule` (its template for `kase`), with the
 * user's `code` and `message` when given. Its parameters are the rule's own,
 * so code and message are known when the rule is built: failing builds one
 * small object, as cheap as the error path can be.
 */
function violationOf(
  check: { code?: string; message?: string },
  cx: Cx,
  rule: string,
  kase = '',
  params: Params = {},
): () => Violation {
  const info = cx.rules[rule];
  const template = info?.messages[kase] ?? Object.values(info?.messages ?? {})[0] ?? 'is invalid';
  const message = (check.message ?? template).replace(/\{([^{}]*)\}/g, (whole, name: string) =>
    name in params ? display(params[name]!) : whole,
  );
  const finalCode = check.code ?? info?.code ?? rule;
  return () => ({ path: [], code: finalCode, message });
}

/** Every rule of a field of type `ty`, as one check. */
export function fieldChecks(checks: readonly JsCheck[], ty: JsTy, cx: Cx): FieldCheck {
  const inner = innermost(ty);
  const steps = checks.map((c) => (c.rule === 'required' ? null : ruleCheck(c, inner, cx)));
  const required = checks.map((c) => (c.rule === 'required' ? violationOf(c, cx, 'required') : null));
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
export function mustMatchCheck(m: JsMustMatch, cx: Cx): (a: unknown, b: unknown, out: Sink) => void {
  const broken = violationOf(m, cx, 'must_match', '', { other: m.otherName });
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

/** Text, of any shape: the text rules read it. */
const isText = (ty: JsTy) => ty.t === 'str' || ty.t === 'text';
const isCollection = (ty: JsTy) => ty.t === 'seq' || ty.t === 'array' || ty.t === 'tuple';

function ruleCheck(c: JsCheck, ty: JsTy, cx: Cx): FieldCheck {
  if (isTextRule(c)) {
    if (!isText(ty)) return pass;
    const test = textRules[c.rule];
    const broken = violationOf(c, cx, c.rule);
    return (v, out) => {
      if (!test(v as string)) out.push(broken());
    };
  }
  if (isNeedleRule(c)) {
    if (!isText(ty)) return pass;
    const test = needleRules[c.rule];
    const needle = c.value;
    const broken = violationOf(c, cx, c.rule, '', { [c.param]: needle });
    return (v, out) => {
      if (!test(v as string, needle)) out.push(broken());
    };
  }
  if (isNumberRule(c)) {
    const test = numberRules[c.rule];
    const n = c.value;
    const broken = violationOf(c, cx, c.rule, '', { value: n });
    return (v, out) => {
      if (typeof v === 'number' && !test(v, n)) out.push(broken());
    };
  }
  switch (c.rule) {
    case 'nested':
      return nestedCheck(ty, cx.named);
    case 'each':
      return eachCheck(c.checks, ty, cx);
    case 'length': {
      const [lo, hi] = lengthInterval(c.min, c.max, c.equal);
      // The registry's case: the unit, then which bounds are set (as `Length::violation` picks).
      const bounds =
        c.equal !== undefined
          ? 'equal'
          : c.min !== undefined && c.max !== undefined
            ? 'between'
            : c.min !== undefined
              ? 'at_least'
              : 'at_most';
      const params: Params = {};
      if (c.min !== undefined) params.min = c.min;
      if (c.max !== undefined) params.max = c.max;
      if (c.equal !== undefined) params.equal = c.equal;
      const fails = (n: number) => n < lo || n > hi;
      const broken = violationOf(c, cx, 'length', `${c.mode}.${bounds}`, params);
      const fail = (out: Sink) => out.push(broken());
      if (isText(ty)) {
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
      const broken = violationOf(c, cx, 'non_empty');
      const fail = (out: Sink) => out.push(broken());
      if (isText(ty)) return (v, out) => void ((v as string).length === 0 && fail(out));
      if (isCollection(ty)) return (v, out) => void ((v as unknown[]).length === 0 && fail(out));
      if (ty.t === 'map') return (v, out) => void (Object.keys(v as object).length === 0 && fail(out));
      return pass;
    }
    case 'range': {
      if (ty.t !== 'int' && ty.t !== 'float') return pass;
      const { min, max, exclusiveMin, exclusiveMax } = c;
      const describe = rangeViolations(c, cx);
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
      const broken = violationOf(c, cx, 'one_of', '', { values: c.values.map(display).join(', ') });
      const fail = (out: Sink) => out.push(broken());
      if (isText(ty) && texts.length === c.values.length) return (v, out) => void (!texts.includes(v as string) && fail(out));
      if ((ty.t === 'int' || ty.t === 'float') && numbers.length === c.values.length) {
        return (v, out) => void (!numbers.includes(v as number) && fail(out));
      }
      return pass;
    }
    case 'unique': {
      if (!isCollection(ty)) return pass;
      const broken = violationOf(c, cx, 'unique');
      return (v, out) => {
        if (!allDistinct(v as unknown[])) out.push(broken());
      };
    }
    case 'required':
      // Handled by `fieldChecks`, on the Option itself.
      return pass;
    case 'ip':
    case 'regex':
      return isText(ty) ? textCheck(c, cx) : pass;
    default:
      return unknownRule(c);
  }
}

/** A rule this build does not know: the compiler names every `case` to add, and at run time it is refused, never passed. */
function unknownRule(c: never): never {
  throw new Error(`the JS engine does not know the rule ${JSON.stringify(c)}`);
}

function pass(): void {}

/** A rule on a string's text. */
function textCheck(c: JsCheck, cx: Cx): FieldCheck {
  const make = (test: (s: string) => boolean, kase = '', params?: Params): FieldCheck => {
    const broken = violationOf(c, cx, c.rule, kase, params);
    return (v, out) => {
      if (!test(v as string)) out.push(broken());
    };
  };
  switch (c.rule) {
    case 'ip': {
      const version = c.version;
      return make((s) => isIp(s, version), version);
    }
    case 'regex': {
      const re = rustRegex(c.pattern);
      return make((s) => re.test(s), '', { pattern: c.pattern });
    }
    default:
      return pass;
  }
}

/** Which bound the message names, as `Range::describe` chooses; each message built once. */
function rangeViolations(
  c: Extract<JsCheck, { rule: 'range' }>,
  cx: Cx,
): (broken: { min: boolean; max: boolean; exclusiveMin: boolean; exclusiveMax: boolean }) => () => Violation {
  const { min, max, exclusiveMin, exclusiveMax } = c;
  const between = violationOf(c, cx, 'range', 'between', { min: min ?? 0, max: max ?? 0 });
  const atLeast = violationOf(c, cx, 'range', 'at_least', { min: min ?? 0 });
  const atMost = violationOf(c, cx, 'range', 'at_most', { max: max ?? 0 });
  const greater = violationOf(c, cx, 'range', 'greater_than', { exclusive_min: exclusiveMin ?? 0 });
  const less = violationOf(c, cx, 'range', 'less_than', { exclusive_max: exclusiveMax ?? 0 });
  const inRange = violationOf(c, cx, 'range', 'in_range');
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
function nestedCheck(ty: JsTy, named: Cx['named']): FieldCheck {
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
function eachCheck(checks: readonly JsCheck[], ty: JsTy, cx: Cx): FieldCheck {
  if (ty.t === 'seq' || ty.t === 'array') return perItem(fieldChecks(checks, ty.of, cx));
  if (ty.t === 'map') return perEntry(fieldChecks(checks, ty.of, cx));
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
