// zod 4 as a peer (`peer:zod`): the JS validator people already use, with its
// schema built from the same model as the `js` engine, written the way a zod
// user writes it (`z.string().email().max(255)`), so its figures are what zod
// costs and its verdicts are zod's own. The page's CSP forbids `new Function`,
// so zod runs jitless (its interpreted path; it would otherwise probe for eval
// and report a CSP violation).
import { z } from 'zod';
import type { JsCheck, JsModel, JsRepr, JsStruct, JsTy } from './model';
import { acceptsText, EXPECTING } from './text-forms';
import { allDistinct, isIp, isNeedleRule, isNumberRule, isTextRule, needleRules, numberRules, rustRegex, sameValue, textRules } from './rules';
import type { JsVerdict } from './engine';

z.config({ jitless: true });

/**
 * Our messages for what serde refuses while decoding (integer bounds, fixed
 * lengths): an issue with one of them is a decoding error, not a broken rule.
 */
const SHAPE = 'invalid ';
const DECODING_CODES = new Set(['invalid_type', 'unrecognized_keys', 'invalid_union', 'invalid_value', 'invalid_key', 'invalid_element']);

/** The root's schema, for `zodDeValidate`. */
export function buildZodSchema(model: JsModel): z.ZodType {
  const withRules = new Map<number, z.ZodType>();
  const shapeOnly = new Map<number, z.ZodType>();
  // `nested` decides whether a struct's own rules run, as in Rust: a field
  // without it gets the type's shape only.
  const named = (id: number, rules: boolean): z.ZodType => {
    const cache = rules ? withRules : shapeOnly;
    const known = cache.get(id);
    if (known) return known;
    // Lazy: types may refer to each other or to themselves.
    const lazy = z.lazy(() => build(id, rules));
    cache.set(id, lazy);
    return lazy;
  };
  // A refinement's message: the registry's for the rule (zod's own checks keep zod's words).
  const text: Text = (rule, params = {}) =>
    (Object.values(model.rules[rule]?.messages ?? {})[0] ?? rule).replace(/\{([^{}]*)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  const build = (id: number, rules: boolean): z.ZodType => {
    const type = model.types[id]!;
    if (type.kind === 'enum') return type.repr ? reprSchema(type.repr) : z.enum(type.variants as [string, ...string[]]);
    return structSchema(type, rules, named, text);
  };
  return named(model.root, true);
}

/** `JSON.parse`, then zod's `safeParse`. */
export function zodDeValidate(schema: z.ZodType, text: string): JsVerdict {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { outcome: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  const result = schema.safeParse(value);
  if (result.success) return OK;
  const issues = result.error.issues;
  const decoding = issues.find((i) => DECODING_CODES.has(i.code) || i.message.startsWith(SHAPE));
  if (decoding) return { outcome: 'error', message: `${pathOf(decoding.path)}: ${decoding.message}` };
  return {
    outcome: 'invalid',
    violations: issues.map((i) => ({ path: pathOf(i.path), code: i.code, message: i.message })),
  };
}

const OK: JsVerdict = Object.freeze({ outcome: 'ok' });

function pathOf(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

type Named = (id: number, rules: boolean) => z.ZodType;
type Text = (rule: string, params?: Record<string, string | number>) => string;

function structSchema(type: JsStruct, rules: boolean, named: Named, text: Text): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const field of type.fields) {
    if (field.skip) continue;
    const checks = rules ? field.checks : [];
    let schema = typed(field.ty, checks, named, text);
    if (field.missing !== 'error') schema = schema.optional();
    shape[field.key] = schema;
  }
  const object = type.denyUnknown ? z.strictObject(shape) : z.object(shape);
  if (!rules || type.mustMatch.length === 0) return object;
  return object.superRefine((value, ctx) => {
    const fields = value as Record<string, unknown>;
    for (const m of type.mustMatch) {
      const key = type.fields[m.field]!.key;
      if (!sameValue(fields[key], fields[type.fields[m.other]!.key])) {
        ctx.addIssue({ code: 'custom', path: [key], message: m.message ?? text('must_match', { other: m.otherName }) });
      }
    }
  });
}

/** A value of `ty` with `checks` (a field's, or an `each`'s) applied. */
function typed(ty: JsTy, checks: readonly JsCheck[], named: Named, text: Text): z.ZodType {
  if (ty.t === 'option') {
    const inner = typed(ty.of, checks.filter((c) => c.rule !== 'required'), named, text).nullable();
    // `required` is a broken rule, not a decoding error: a refinement, not a non-nullable type.
    return checks.some((c) => c.rule === 'required') ? inner.refine((v) => v !== null, { message: text('required') }) : inner;
  }
  const nested = checks.some((c) => c.rule === 'nested');
  const each = checks.find((c): c is Extract<JsCheck, { rule: 'each' }> => c.rule === 'each');
  switch (ty.t) {
    case 'str':
      return stringSchema(checks, text);
    case 'text': {
      const { form, min, max } = ty;
      return stringSchema(checks, text).refine((s) => typeof s === 'string' && acceptsText(form, s, min, max), {
        message: `${SHAPE}value: expected ${EXPECTING[form]}`,
      });
    }
    case 'int':
    case 'float':
      return numberSchema(ty, checks, text);
    case 'bool':
      return z.boolean();
    case 'unit':
      return z.null();
    case 'json':
      return z.unknown();
    case 'char':
      return z.string().refine((s) => [...s].length === 1, { message: `${SHAPE}value: expected a character` });
    case 'named':
      return named(ty.id, nested);
    case 'seq':
    case 'array':
    case 'tuple': {
      let schema: z.ZodType;
      if (ty.t === 'tuple') schema = z.tuple(ty.of.map((t) => typed(t, [], named, text)) as [z.ZodType, ...z.ZodType[]]);
      else {
        let array = z.array(element(ty.of, each, nested, named, text));
        if (ty.t === 'array') array = array.length(ty.len, { message: `${SHAPE}length: expected an array of length ${ty.len}` });
        schema = array;
      }
      return collectionChecks(schema, checks, (v) => (v as unknown[]).length, text);
    }
    case 'map':
      return collectionChecks(
        z.record(z.string(), element(ty.of, each, nested, named, text)),
        checks,
        (v) => Object.keys(v as object).length,
        text,
      );
  }
}

/** An item's schema: `each`'s rules on it, and its own rules under `nested`. */
function element(
  ty: JsTy,
  each: Extract<JsCheck, { rule: 'each' }> | undefined,
  nested: boolean,
  named: Named,
  text: Text,
): z.ZodType {
  const checks: JsCheck[] = [...(each?.checks ?? [])];
  if (nested) checks.push({ rule: 'nested' });
  return typed(ty, checks, named, text);
}

function stringSchema(checks: readonly JsCheck[], text: Text): z.ZodType {
  let s = z.string();
  const refinements: [(v: string) => boolean, string][] = [];
  for (const c of checks) {
    const message = c.message;
    switch (c.rule) {
      case 'email':
        s = s.email(message);
        break;
      case 'url':
        s = s.url(message);
        break;
      case 'length':
        // zod counts UTF-16 units, whatever the mode: that is zod.
        if (c.equal !== undefined) s = s.length(c.equal, message);
        if (c.min !== undefined) s = s.min(c.min, message);
        if (c.max !== undefined) s = s.max(c.max, message);
        break;
      case 'non_empty':
        s = s.min(1, message);
        break;
      case 'non_blank':
        s = s.regex(/[^\p{White_Space}]/u, message);
        break;
      case 'ip': {
        const version = c.version;
        refinements.push([(v) => isIp(v, version), message ?? text('ip')]);
        break;
      }
      case 'contains':
        s = s.includes(c.value, message);
        break;
      case 'starts_with':
        s = s.startsWith(c.value, message);
        break;
      case 'ends_with':
        s = s.endsWith(c.value, message);
        break;
      case 'regex':
        s = s.regex(rustRegex(c.pattern), message);
        break;
      case 'one_of': {
        const values = c.values;
        refinements.push([(v) => values.includes(v), message ?? text('one_of', { values: values.join(', ') })]);
        break;
      }
      // Not about a string's text: the type's schema or other refinements take them.
      case 'range':
      case 'unique':
      case 'required':
      case 'nested':
      case 'each':
        break;
      default:
        // The other text rules: their predicate, as the `js` engine runs it.
        if (isTextRule(c)) {
          refinements.push([textRules[c.rule], message ?? text(c.rule)]);
          break;
        }
        // The needle rules zod has no method for: their predicate, as the `js` engine runs it.
        if (isNeedleRule(c)) {
          const [test, needle] = [needleRules[c.rule], c.value];
          refinements.push([(v) => test(v, needle), message ?? text(c.rule, { [c.param]: needle })]);
          break;
        }
        // Not about a string's text: the number schema takes them.
        if (isNumberRule(c)) break;
        return unknownRule(c);
    }
  }
  return refinements.reduce<z.ZodType<string>>((schema, [test, message]) => schema.refine(test, { message }), s);
}

/** serde_repr: an integer of the `#[repr]` type that is a discriminant (any, with a `#[serde(other)]` variant). */
function reprSchema(repr: JsRepr): z.ZodType {
  const bounds = `${SHAPE}value: expected an integer from ${repr.min} to ${repr.max}`;
  const n = z.number().int().min(repr.min, bounds).max(repr.max, bounds);
  if (repr.other !== undefined) return n;
  const values = new Set(repr.values);
  return n.refine((v) => values.has(v), { message: `${SHAPE}value: expected one of ${repr.values.join(', ')}` });
}

function numberSchema(ty: Extract<JsTy, { t: 'int' | 'float' }>, checks: readonly JsCheck[], text: Text): z.ZodType {
  let n = z.number();
  if (ty.t === 'int') {
    const bounds = `${SHAPE}value: expected an integer from ${ty.min} to ${ty.max}`;
    n = n.int().min(ty.min, bounds).max(ty.max, bounds);
    if (ty.nonZero) n = n.refine((v) => v !== 0, { message: `${SHAPE}value: expected a nonzero integer` });
  }
  const refinements: [(v: number) => boolean, string][] = [];
  for (const c of checks) {
    if (c.rule === 'range') {
      if (c.min !== undefined) n = n.gte(c.min, c.message);
      if (c.max !== undefined) n = n.lte(c.max, c.message);
      if (c.exclusiveMin !== undefined) n = n.gt(c.exclusiveMin, c.message);
      if (c.exclusiveMax !== undefined) n = n.lt(c.exclusiveMax, c.message);
    } else if (c.rule === 'one_of') {
      const values = c.values;
      refinements.push([(v) => values.includes(v), c.message ?? text('one_of', { values: values.join(', ') })]);
    } else if (isNumberRule(c)) {
      // zod's `multipleOf` forgives float error (`0.3` of `0.1`), which Rust's `%` does not.
      const [test, value] = [numberRules[c.rule], c.value];
      refinements.push([(v) => test(v, value), c.message ?? text(c.rule, { value })]);
    }
  }
  return refinements.reduce<z.ZodType<number>>((schema, [test, message]) => schema.refine(test, { message }), n);
}

function collectionChecks(schema: z.ZodType, checks: readonly JsCheck[], length: (v: unknown) => number, text: Text): z.ZodType {
  let out = schema;
  for (const c of checks) {
    if (c.rule === 'length') {
      const lo = Math.max(c.min ?? 0, c.equal ?? 0);
      const hi = Math.min(c.max ?? Infinity, c.equal ?? Infinity);
      out = out.refine((v) => length(v) >= lo && length(v) <= hi, { message: c.message ?? 'has the wrong number of items' });
    } else if (c.rule === 'non_empty') {
      out = out.refine((v) => length(v) > 0, { message: c.message ?? text('non_empty') });
    } else if (c.rule === 'unique') {
      out = out.refine((v) => !Array.isArray(v) || allDistinct(v), { message: c.message ?? text('unique') });
    }
  }
  return out;
}

/** A rule this build does not know: the compiler names every `case` to add; at run time it is refused, never passed. */
function unknownRule(c: never): never {
  throw new Error(`zod: the rule ${JSON.stringify(c)} is not known here`);
}
