//! The plan described for JavaScript: the shapes of `web/src/js-engine/model.ts`,
//! from which the page builds its plain-JS validator and its zod schema, so that
//! every engine checks the same fields with the same rules.
//!
//! JavaScript gets what `JSON.parse` can give it: structs with named fields,
//! enums of unit variants, and the usual containers. Anything else (flatten,
//! tagged or data-carrying enums, tuple structs, `transparent`) is refused with
//! the reason, and the page says the JS engines do not run those definitions.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::plan::{FieldDefault, FieldPlan, FieldSegment, KindPlan, Plan, StructPlan};
use crate::rules::{Check, CheckKind};
use crate::text_form::TextForm;
use crate::ty::{Int, Ty};
use overhead_schema::{Style, Tagging};
use overhead_validate::rules::{IpKind, LengthMode, registry};

#[derive(Serialize)]
pub struct JsModel {
    root: usize,
    types: Vec<JsType>,
    /// Every rule's code and message templates, from the registry: the JS
    /// engines build violations from these, not from copies of their own.
    rules: BTreeMap<&'static str, JsRuleInfo>,
}

#[derive(Serialize)]
struct JsRuleInfo {
    code: &'static str,
    /// Templates by case (`""` for a rule with one).
    messages: BTreeMap<&'static str, &'static str>,
}

fn rule_table() -> BTreeMap<&'static str, JsRuleInfo> {
    registry::RULES
        .iter()
        .map(|r| {
            let info = JsRuleInfo {
                code: r.code,
                messages: r.messages.iter().copied().collect(),
            };
            (r.name, info)
        })
        .collect()
}

/// One keyword's hover text, for the editor: what the registry says.
#[derive(Serialize)]
pub struct KeywordDoc {
    pub word: &'static str,
    /// `seed`, `validator`, `garde`.
    pub dialects: Vec<&'static str>,
    pub doc: &'static str,
    /// The code its violations carry, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
    /// Why the playground does not run it, when it does not.
    #[serde(rename = "notRun", skip_serializing_if = "Option::is_none")]
    pub not_run: Option<&'static str>,
    /// Whether it adds a text rule (a string passes or not, no parameters):
    /// the JS engine must then have the rule's twin (a test checks it).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub text: bool,
    /// Whether it adds a needle rule (one text looked for in the string):
    /// the JS engine must then have the rule's twin too.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub needle: bool,
    /// The registry's name of the text or needle rule it adds (one code,
    /// `email`, is three rules: the seed's, validator's and garde's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
}

/// Every keyword of every dialect with its documentation, for the editor's
/// hover (the page has no table of its own).
pub fn keyword_docs() -> Vec<KeywordDoc> {
    registry::KEYWORDS
        .iter()
        .map(|k| {
            let (doc, code) = registry::keyword_doc(k);
            let not_run = match k.meaning {
                registry::Meaning::Rules(ids) => {
                    ids.iter().find_map(|id| match id.info().support {
                        registry::Support::NotRun(why) => Some(why),
                        registry::Support::Runs => None,
                    })
                }
                registry::Meaning::Unsupported(why) => Some(why),
                registry::Meaning::Modifier => None,
            };
            KeywordDoc {
                word: k.word,
                dialects: k.dialects.iter().map(|d| d.name()).collect(),
                doc,
                code,
                not_run,
                text: k.text_rule().is_some(),
                needle: k.needle_rule().is_some(),
                rule: k
                    .text_rule()
                    .map(|r| r.name())
                    .or(k.needle_rule().map(|r| r.name())),
            }
        })
        .collect()
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum JsType {
    Struct {
        name: &'static str,
        fields: Vec<JsField>,
        #[serde(rename = "denyUnknown")]
        deny_unknown: bool,
        #[serde(rename = "mustMatch")]
        must_match: Vec<JsMustMatch>,
    },
    Enum {
        name: &'static str,
        variants: Vec<&'static str>,
        /// A serde_repr enum: its integers, in place of the names.
        #[serde(skip_serializing_if = "Option::is_none")]
        repr: Option<JsRepr>,
    },
}

/// serde_repr's integer form of an enum.
#[derive(Serialize)]
struct JsRepr {
    /// Each variant's discriminant, by variant.
    values: Vec<f64>,
    /// The `#[serde(other)]` variant's index, which any other integer reads as.
    #[serde(skip_serializing_if = "Option::is_none")]
    other: Option<usize>,
    /// The bounds of the `#[repr]` integer type.
    min: f64,
    max: f64,
}

#[derive(Serialize)]
struct JsField {
    key: &'static str,
    /// The field's segment in violation paths (the dialect's library's name).
    path: &'static str,
    aliases: Vec<&'static str>,
    ty: JsTy,
    /// What a missing key gives: `error`, `none` (an `Option`) or `default`
    /// (`Default::default()` of the type, whose rules then run on it).
    missing: &'static str,
    skip: bool,
    checks: Vec<JsCheck>,
    /// The value a missing key takes when the paste shows it (`default =
    /// "path"`, `impl Default`), in place of the type's own default.
    #[serde(rename = "defaultValue", skip_serializing_if = "Option::is_none")]
    default_value: Option<serde_json::Value>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsMustMatch {
    field: usize,
    other: usize,
    other_name: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

#[derive(Serialize)]
#[serde(tag = "t", rename_all = "lowercase")]
enum JsTy {
    Unit,
    Bool,
    Int {
        min: f64,
        max: f64,
        /// `NonZero*`: 0 is refused.
        #[serde(rename = "nonZero", skip_serializing_if = "std::ops::Not::not")]
        non_zero: bool,
    },
    Float,
    Char,
    Str,
    /// Text of a shape (`Uuid`, `NaiveDate`, `DisplayFromStr` over a number…).
    Text {
        form: &'static str,
        /// `Default::default()`'s text.
        default: &'static str,
        /// An integer's bounds, as decimal text (they may not fit a JS number).
        #[serde(skip_serializing_if = "Option::is_none")]
        min: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        max: Option<String>,
    },
    Json,
    Option {
        of: Box<JsTy>,
    },
    Seq {
        of: Box<JsTy>,
    },
    Array {
        len: usize,
        of: Box<JsTy>,
    },
    Map {
        of: Box<JsTy>,
    },
    Tuple {
        of: Vec<JsTy>,
    },
    Named {
        id: usize,
    },
}

#[derive(Serialize)]
struct JsCheck {
    #[serde(flatten)]
    rule: JsRule,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

#[derive(Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
enum JsRule {
    Length {
        #[serde(skip_serializing_if = "Option::is_none")]
        min: Option<usize>,
        #[serde(skip_serializing_if = "Option::is_none")]
        max: Option<usize>,
        #[serde(skip_serializing_if = "Option::is_none")]
        equal: Option<usize>,
        mode: &'static str,
    },
    Range {
        #[serde(skip_serializing_if = "Option::is_none")]
        min: Option<f64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        max: Option<f64>,
        #[serde(rename = "exclusiveMin", skip_serializing_if = "Option::is_none")]
        exclusive_min: Option<f64>,
        #[serde(rename = "exclusiveMax", skip_serializing_if = "Option::is_none")]
        exclusive_max: Option<f64>,
    },
    NonEmpty,
    Ip {
        /// `any`, `v4` or `v6`.
        version: &'static str,
    },
    Regex {
        pattern: String,
    },
    OneOf {
        values: Vec<serde_json::Value>,
    },
    Unique,
    Required,
    Nested,
    Each {
        checks: Vec<JsCheck>,
    },
    /// A text rule, by its registry name (`{"rule": "email"}`): the
    /// JS engine finds its twin in its table of text rules.
    #[serde(untagged)]
    Text {
        rule: &'static str,
    },
    /// A needle rule, by its registry name, with its text
    /// (`{"rule": "ends_with", "value": ".com"}`): the JS engine finds its
    /// twin in its table of needle rules.
    #[serde(untagged)]
    Needle {
        rule: &'static str,
        value: &'static str,
        /// The name its message gives the text (`suffix`).
        param: &'static str,
    },
    /// A number rule, by its registry name, with its number
    /// (`{"rule": "multiple_of", "value": 5}`): the JS engine finds its twin
    /// in its table of number rules.
    #[serde(untagged)]
    Number {
        rule: &'static str,
        value: f64,
    },
}

/// The plan in the JS engines' terms, or why they cannot run it.
pub fn describe(plan: &Plan) -> Result<JsModel, String> {
    let types = plan
        .types
        .iter()
        .map(|t| match &t.kind {
            // The paste's code runs there: the interpreter's, not the JS engines'.
            _ if t.convert.is_some() => Err(format!(
                "`{}` is read through serde's `try_from`/`from`, which runs the paste's code; the JS engines do not",
                t.ident
            )),
            KindPlan::Struct(s) if !s.struct_checks.is_empty() => Err(format!(
                "`{}` has a struct-level function (validator's `schema`, garde's `custom`), which the JS engines do not run",
                t.ident
            )),
            KindPlan::Struct(s) => describe_struct(t.ident, s),
            KindPlan::Enum(e) if let Some(repr) = &e.repr => {
                let (min, max) = repr.int.bounds();
                Ok(JsType::Enum {
                    name: t.ident,
                    variants: e.variants.iter().map(|v| v.name).collect(),
                    repr: Some(JsRepr {
                        values: repr.discriminants.iter().map(|&d| d as f64).collect(),
                        other: repr.other,
                        min: min as f64,
                        max: max as f64,
                    }),
                })
            }
            KindPlan::Enum(e) => {
                let unit_only = e.variants.iter().all(|v| v.style == Style::Unit);
                if e.tagging != Tagging::External || !unit_only {
                    return Err(format!(
                        "enum `{}` carries data or is tagged; the JS engines read only enums of unit variants",
                        t.ident
                    ));
                }
                if e.other.is_some() {
                    return Err(format!(
                        "enum `{}` has a `#[serde(other)]` variant, which the JS engines do not read",
                        t.ident
                    ));
                }
                if e.identifier.is_some() {
                    return Err(format!(
                        "enum `{}` is a serde identifier (`variant_identifier` or `field_identifier`), which the JS engines do not read",
                        t.ident
                    ));
                }
                // serde's `VARIANTS` holds each alias beside its variant's name.
                if e.names.len() != e.variants.iter().filter(|v| !v.skip).count() {
                    return Err(format!(
                        "enum `{}` has a variant `alias`, which the JS engines do not read",
                        t.ident
                    ));
                }
                Ok(JsType::Enum {
                    name: t.ident,
                    variants: e
                        .variants
                        .iter()
                        .filter(|v| !v.skip)
                        .map(|v| v.name)
                        .collect(),
                    repr: None,
                })
            }
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(JsModel {
        root: plan.root,
        types,
        rules: rule_table(),
    })
}

fn describe_struct(ident: &'static str, s: &StructPlan) -> Result<JsType, String> {
    if s.style != Style::Named {
        return Err(format!(
            "`{ident}` is a tuple, newtype or unit struct; the JS engines read structs with named fields"
        ));
    }
    if s.transparent.is_some() {
        return Err(format!(
            "`{ident}` is `#[serde(transparent)]`, which the JS engines do not read"
        ));
    }
    if s.fields.iter().any(|f| f.flatten) {
        return Err(format!(
            "`{ident}` has a `#[serde(flatten)]` field, which the JS engines do not read"
        ));
    }
    if let Some(m) = s.must_match.iter().find(|m| m.each) {
        return Err(format!(
            "`{}` has `inner(matches(…))`, each element against another field, which the JS engines do not run",
            s.fields[m.slot].key
        ));
    }
    if let Some(r) = s.range_from.first() {
        let what = match r.within {
            Some(within) => {
                format!("a bound on `{within}` that a `dive` gives from the struct's fields")
            }
            None => "a `range` bound read from another field".to_owned(),
        };
        return Err(format!(
            "`{}` has {what}, which the JS engines do not run",
            s.fields[r.slot].key
        ));
    }
    Ok(JsType::Struct {
        name: ident,
        fields: s
            .fields
            .iter()
            .map(describe_field)
            .collect::<Result<_, _>>()?,
        deny_unknown: s.deny_unknown,
        must_match: s
            .must_match
            .iter()
            .map(|m| JsMustMatch {
                field: m.slot,
                other: m.other,
                other_name: m.other_name,
                code: m.code.clone(),
                message: m.message.clone(),
            })
            .collect(),
    })
}

fn describe_field(f: &FieldPlan) -> Result<JsField, String> {
    if f.read_with.is_some() {
        return Err(format!(
            "`{}` is read by the paste's `deserialize_with` function, which the JS engines do not run",
            f.key
        ));
    }
    if !f.conditional.is_empty() {
        return Err(format!(
            "`{}` has garde's `if(cond = …)`, code over the struct, which the JS engines do not run",
            f.key
        ));
    }
    Ok(JsField {
        key: f.key,
        default_value: match f.default {
            FieldDefault::Value(_, json) => serde_json::from_str(json).ok(),
            FieldDefault::Required | FieldDefault::None | FieldDefault::Default => None,
        },
        path: match f.path {
            FieldSegment::Name(name) => name,
            // A named struct without flatten has a name for every field.
            FieldSegment::Index(_) | FieldSegment::Inline => f.key,
        },
        aliases: f.aliases.clone(),
        ty: describe_ty(&f.ty)?,
        missing: match f.default {
            FieldDefault::Required => "error",
            FieldDefault::None => "none",
            FieldDefault::Default | FieldDefault::Value(..) => "default",
        },
        skip: f.skip,
        checks: f
            .checks
            .iter()
            .map(describe_check)
            .collect::<Result<_, _>>()?,
    })
}

fn describe_ty(ty: &Ty) -> Result<JsTy, String> {
    let of = |t: &Ty| describe_ty(t).map(Box::new);
    Ok(match ty {
        Ty::Unit => JsTy::Unit,
        Ty::Bool => JsTy::Bool,
        Ty::Int(int) | Ty::NonZero(int) => {
            let (min, max) = int.bounds();
            JsTy::Int {
                min: min as f64,
                max: max as f64,
                non_zero: matches!(ty, Ty::NonZero(_)),
            }
        }
        Ty::F32 | Ty::F64 => JsTy::Float,
        Ty::Char => JsTy::Char,
        Ty::Str => JsTy::Str,
        // JSON.parse has unescaped the text before the JS engines see it: a
        // borrowed `&str` reads as any text there (an escaped one too,
        // which serde refuses to borrow).
        Ty::Borrowed => JsTy::Str,
        Ty::Text(form) => {
            let bounds = match form {
                TextForm::Integer(int) => {
                    let (min, max) = int.bounds();
                    // `bounds` caps u128 at i128::MAX; its text form reaches u128::MAX.
                    let max = if *int == Int::U128 {
                        u128::MAX.to_string()
                    } else {
                        max.to_string()
                    };
                    (Some(min.to_string()), Some(max))
                }
                _ => (None, None),
            };
            JsTy::Text {
                form: form.name(),
                default: form.default_text(),
                min: bounds.0,
                max: bounds.1,
            }
        }
        Ty::Trimmed => {
            return Err(
                "a field is read through serde_trim, which the JS engines do not do".into(),
            );
        }
        Ty::Json => JsTy::Json,
        Ty::Option(inner) => JsTy::Option { of: of(inner)? },
        Ty::Seq(item) | Ty::Set { item, .. } => JsTy::Seq { of: of(item)? },
        Ty::Array(len, item) => JsTy::Array {
            len: *len,
            of: of(item)?,
        },
        Ty::Map { value, .. } => JsTy::Map { of: of(value)? },
        Ty::Tuple(items) => JsTy::Tuple {
            of: items.iter().map(describe_ty).collect::<Result<_, _>>()?,
        },
        Ty::Named(id) => JsTy::Named { id: *id },
    })
}

fn describe_check(c: &Check) -> Result<JsCheck, String> {
    let text = |s: &'static str| s;
    let rule = match &c.kind {
        CheckKind::Text(rule) => JsRule::Text { rule: rule.name() },
        CheckKind::Length(l) => JsRule::Length {
            min: l.min,
            max: l.max,
            equal: l.equal,
            mode: match l.mode {
                LengthMode::Chars => "chars",
                LengthMode::Bytes => "bytes",
                LengthMode::Utf16 => "utf16",
                LengthMode::Items => "items",
            },
        },
        CheckKind::RangeInt(r) => JsRule::Range {
            min: r.min.map(|v| v as f64),
            max: r.max.map(|v| v as f64),
            exclusive_min: r.exclusive_min.map(|v| v as f64),
            exclusive_max: r.exclusive_max.map(|v| v as f64),
        },
        CheckKind::RangeFloat(r) => JsRule::Range {
            min: r.min,
            max: r.max,
            exclusive_min: r.exclusive_min,
            exclusive_max: r.exclusive_max,
        },
        CheckKind::NonEmpty => JsRule::NonEmpty,
        CheckKind::Ip(kind) => JsRule::Ip {
            version: match kind {
                IpKind::Any => "any",
                IpKind::V4 => "v4",
                IpKind::V6 => "v6",
            },
        },
        CheckKind::Needle(rule, s) => JsRule::Needle {
            rule: rule.name(),
            value: text(s),
            param: rule.param(),
        },
        CheckKind::NumberInt(rule, n) => JsRule::Number {
            rule: rule.name(),
            value: *n as f64,
        },
        CheckKind::NumberFloat(rule, n) => JsRule::Number {
            rule: rule.name(),
            value: *n,
        },
        CheckKind::Pattern(re) => JsRule::Regex {
            pattern: re.as_str().to_owned(),
        },
        CheckKind::OneOfStr(values) => JsRule::OneOf {
            values: values.iter().map(|s| (*s).into()).collect(),
        },
        CheckKind::OneOfInt(values) => JsRule::OneOf {
            values: values.iter().map(|v| (*v as f64).into()).collect(),
        },
        CheckKind::OneOfFloat(values) => JsRule::OneOf {
            values: values.iter().map(|v| (*v).into()).collect(),
        },
        CheckKind::Unique => JsRule::Unique,
        CheckKind::Required => JsRule::Required,
        CheckKind::Nested => JsRule::Nested,
        CheckKind::Each(inner) => JsRule::Each {
            checks: inner.iter().map(describe_check).collect::<Result<_, _>>()?,
        },
        CheckKind::Custom(custom) => {
            return Err(format!(
                "the custom rule `{}` is the paste's own Rust function, which the JS engines do not run",
                custom.name
            ));
        }
    };
    Ok(JsCheck {
        rule,
        code: c.code.clone(),
        message: c.message.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Interpreter;

    fn json(schema: &str) -> Result<serde_json::Value, String> {
        let engine = Interpreter::new(schema, None).map_err(|e| format!("{e:?}"))?;
        let model = describe(engine.plan())?;
        let mut json = serde_json::to_value(&model).map_err(|e| e.to_string())?;
        // The registry's table rides along whole; its entries are the registry's.
        let rules = json
            .as_object_mut()
            .and_then(|m| m.remove("rules"))
            .ok_or("no rule table")?;
        assert_eq!(
            rules["length"]["messages"]["chars.at_most"],
            "must be at most {max} characters"
        );
        assert_eq!(rules["email"]["code"], "email");
        Ok(json)
    }

    #[test]
    fn user_signup_is_described_with_its_rules() {
        let model = json(
            r#"#[derive(Deserialize, Validate)]
            pub struct UserSignup {
                #[validate(email, max_len = 255)]
                pub email: String,
                #[validate(range(min = 18, max = 120))]
                pub age: u8,
                #[serde(default)]
                #[validate(alphanumeric, min_len = 3, max_len = 20)]
                pub username: Option<String>,
            }"#,
        )
        .expect("describes");
        let expected = serde_json::json!({
            "root": 0,
            "types": [{
                "kind": "struct", "name": "UserSignup", "denyUnknown": false, "mustMatch": [],
                "fields": [
                    {"key": "email", "path": "email", "aliases": [], "ty": {"t": "str"}, "missing": "error", "skip": false,
                     "checks": [{"rule": "email"}, {"rule": "length", "max": 255, "mode": "chars"}]},
                    {"key": "age", "path": "age", "aliases": [], "ty": {"t": "int", "min": 0.0, "max": 255.0},
                     "missing": "error", "skip": false,
                     "checks": [{"rule": "range", "min": 18.0, "max": 120.0}]},
                    {"key": "username", "path": "username", "aliases": [], "ty": {"t": "option", "of": {"t": "str"}},
                     "missing": "default", "skip": false,
                     "checks": [{"rule": "alphanumeric"}, {"rule": "length", "min": 3, "mode": "chars"},
                                {"rule": "length", "max": 20, "mode": "chars"}]}
                ]
            }]
        });
        assert_eq!(model, expected);
    }

    #[test]
    fn what_json_parse_cannot_give_is_refused_with_the_reason() {
        let flatten = json(
            r#"#[derive(Deserialize)] struct A { #[serde(flatten)] b: B }
               #[derive(Deserialize)] struct B { x: u8 }"#,
        );
        assert!(flatten.is_err_and(|e| e.contains("flatten")));
        let tagged = json(
            r#"#[derive(Deserialize)] struct A { e: E }
               #[derive(Deserialize)] #[serde(tag = "t")] enum E { X { a: u8 } }"#,
        );
        assert!(tagged.is_err_and(|e| e.contains("enum `E`")));
    }
}
