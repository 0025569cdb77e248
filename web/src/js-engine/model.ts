// The definitions as the plain-JavaScript engine and the zod peer see them: the
// interpreter's plan, described by the wasm module's `describeModel` (Rust:
// crate/engine/src/describe.rs). Both JS validators are built from this one
// description, so they check the same fields with the same rules as the wasm
// engines do.

/** Every type of the definitions; `root` is the one a document decodes into. */
import type { NeedleRuleName, NumberRuleName, TextRuleName } from './rules';
import type { TextFormName } from './text-forms';

export interface JsModel {
  root: number;
  types: JsType[];
  /** Every rule's code and message templates, from the Rust rule registry. */
  rules: RuleTable;
}

/** The registry's entry of one rule: its code, and its message templates by case (`""` when it has one). */
export interface RuleInfo {
  code: string;
  messages: Record<string, string>;
}

export type RuleTable = Record<string, RuleInfo>;

export type JsType = JsStruct | JsEnum;

/** A struct with named fields (serde's map form). */
export interface JsStruct {
  kind: 'struct';
  /** The Rust name, which serde's messages use. */
  name: string;
  fields: JsField[];
  denyUnknown: boolean;
  mustMatch: JsMustMatch[];
}

/** An enum of unit variants, externally tagged: the value is one of the names (or, for serde_repr, one of the integers). */
export interface JsEnum {
  kind: 'enum';
  name: string;
  variants: string[];
  repr?: JsRepr;
}

/** serde_repr's integer form: each variant's discriminant, and the `#[serde(other)]` variant any other integer reads as. */
export interface JsRepr {
  values: number[];
  other?: number;
  /** The bounds of the `#[repr]` integer type. */
  min: number;
  max: number;
}

export interface JsField {
  /** The key in the JSON (after `rename`/`rename_all`). */
  key: string;
  /** Its segment in violation paths: the Rust name for validator and garde, the key for the seed's dialect. */
  path: string;
  aliases: string[];
  ty: JsTy;
  /**
   * What a missing key gives: serde's "missing field" error, `None` (an
   * `Option` without `default`), or `Default::default()` of the type, which
   * the rules then check like any value.
   */
  missing: 'error' | 'none' | 'default';
  /** `skip`/`skip_deserializing`: never read; its key is ignored like an unknown one. */
  skip: boolean;
  /** Rules in the order derived code runs them (`required` first, `nested` in place). */
  checks: JsCheck[];
  /** What a missing key takes when the paste shows it (`default = "path"`, `impl Default`), in place of the type's default. */
  defaultValue?: unknown;
}

export interface JsMustMatch {
  /** Field indexes into `fields`. */
  field: number;
  other: number;
  /** The other field's Rust name, for the message. */
  otherName: string;
  code?: string;
  message?: string;
}

/** Integer bounds are the Rust type's (u8: 0..255), as JS numbers. */
export type JsTy =
  | { t: 'unit' }
  | { t: 'bool' }
  | { t: 'int'; min: number; max: number; nonZero?: true }
  | { t: 'float' }
  | { t: 'char' }
  | { t: 'str' }
  /** Text of a shape (`Uuid`, a chrono date, `DisplayFromStr` over a number…); `default` is `Default::default()`'s text; an integer's bounds are decimal text. */
  | { t: 'text'; form: TextFormName; default: string; min?: string; max?: string }
  | { t: 'json' }
  | { t: 'option'; of: JsTy }
  | { t: 'seq'; of: JsTy }
  | { t: 'array'; len: number; of: JsTy }
  | { t: 'map'; of: JsTy }
  | { t: 'tuple'; of: JsTy[] }
  | { t: 'named'; id: number };

interface Overrides {
  /** `code = "…"` on the attribute: replaces the rule's code. */
  code?: string;
  /** `message = "…"`: replaces the rule's message. */
  message?: string;
}

export type JsCheck = Overrides &
  (
    | { rule: TextRuleName }
    | { rule: 'length'; min?: number; max?: number; equal?: number; mode: 'chars' | 'bytes' | 'utf16' | 'items' }
    | { rule: 'range'; min?: number; max?: number; exclusiveMin?: number; exclusiveMax?: number }
    | { rule: 'non_empty' }
    | { rule: 'ip'; version: 'any' | 'v4' | 'v6' }
    | { rule: NeedleRuleName; value: string; param: string }
    | { rule: NumberRuleName; value: number }
    | { rule: 'regex'; pattern: string }
    | { rule: 'one_of'; values: (string | number)[] }
    | { rule: 'unique' }
    | { rule: 'required' }
    | { rule: 'nested' }
    | { rule: 'each'; checks: JsCheck[] }
  );

/** One broken rule, as the Report lists it (`path` reads like the JSON). */
export interface JsViolation {
  path: string;
  code: string;
  message: string;
}
