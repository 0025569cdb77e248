//! Where validation time goes: every rule of a decoded value, with the values it
//! applies to, so that each rule can be timed on its own ("`email` on `email`
//! is 61% of validation"). A rule inside a collection is one site for all its
//! elements (`items[].sku`), as the reader thinks of it.
//!
//! A site runs its rule the way the checker does: the quick yes/no first and,
//! only when that fails, the violation with the user's code and message (the
//! error path's extra cost). Paths and nesting are left to the whole
//! validation: what is not in any rule is the integration's share.

use std::hint::black_box;

use overhead_validate::Violation;
use overhead_validate::rules::{IpKind, MustMatch, Required};

use crate::check::{element_ty, unwrap_options};
use crate::layout::FieldValue;
use crate::pasted::Val;
use crate::plan::{KindPlan, Plan, StructPlan};
use crate::rules::{Check, CheckKind, custom_verdict, failed_rule, overrides, rule_passes};
use crate::ty::Ty;
use crate::value::Value;

/// One rule at one place of the definitions, with every value it checks there.
#[derive(Debug, Clone)]
pub struct RuleSite {
    /// The field as the JSON reads, `[]` standing for every element.
    pub path: String,
    /// The rule's keyword (`email`, `length`, …).
    pub rule: &'static str,
    /// Its parameters, to tell two rules of one keyword apart (`min 3`).
    pub detail: String,
    key: usize,
    kind: SiteKind,
}

#[derive(Debug, Clone)]
enum SiteKind {
    Rule {
        check: Check,
        values: Vec<Value>,
    },
    /// `required` sees the `Option` itself.
    Required {
        check: Check,
        values: Vec<Value>,
    },
    MustMatch {
        rule: MustMatch,
        code: Option<String>,
        message: Option<String>,
        pairs: Vec<(Value, Value)>,
    },
    /// The paste's function, with each value as its code receives it (a
    /// struct of the paste's by its fields: made once, here, as the checker
    /// makes it on each run).
    Custom {
        check: Check,
        values: Vec<Val>,
    },
    /// garde's `range` with bounds read from other fields: each value with
    /// the range its struct's fields make.
    RangeFrom {
        code: Option<String>,
        message: Option<String>,
        cases: Vec<(CheckKind, Value)>,
    },
}

impl RuleSite {
    /// How many values the rule checks at this site.
    pub fn values(&self) -> usize {
        match &self.kind {
            SiteKind::Rule { values, .. } | SiteKind::Required { values, .. } => values.len(),
            SiteKind::MustMatch { pairs, .. } => pairs.len(),
            SiteKind::RangeFrom { cases, .. } => cases.len(),
            SiteKind::Custom { values, .. } => values.len(),
        }
    }

    /// Runs the rule on every value of the site, building a violation for each
    /// that fails; returns how many failed.
    #[inline]
    pub fn run(&self) -> usize {
        let mut failed = 0;
        match &self.kind {
            SiteKind::Rule { check, values } => {
                for value in values {
                    if !rule_passes(&check.kind, black_box(value)) {
                        if let Some(v) = failed_rule(&check.kind, value) {
                            black_box(with_overrides(v, check));
                        }
                        failed += 1;
                    }
                }
            }
            SiteKind::Custom { check, values } => {
                let CheckKind::Custom(custom) = &check.kind else {
                    return 0;
                };
                for value in values {
                    if let Some(v) = custom_verdict(custom, black_box(value).clone()) {
                        black_box(with_overrides(v, check));
                        failed += 1;
                    }
                }
            }
            SiteKind::Required { check, values } => {
                for value in values {
                    if black_box(value).is_none() {
                        let v = <Required as overhead_validate::Rule<Option<()>>>::violation(
                            &Required, &None,
                        );
                        black_box(with_overrides(v, check));
                        failed += 1;
                    }
                }
            }
            SiteKind::MustMatch {
                rule,
                code,
                message,
                pairs,
            } => {
                for (a, b) in pairs {
                    if !rule.check_pair(black_box(a), b) {
                        black_box(overrides(
                            rule.violation(),
                            code.as_deref(),
                            message.as_deref(),
                        ));
                        failed += 1;
                    }
                }
            }
            SiteKind::RangeFrom {
                code,
                message,
                cases,
            } => {
                for (range, value) in cases {
                    if !rule_passes(range, black_box(value)) {
                        if let Some(v) = failed_rule(range, value) {
                            black_box(overrides(v, code.as_deref(), message.as_deref()));
                        }
                        failed += 1;
                    }
                }
            }
        }
        failed
    }
}

impl RuleSite {
    /// A site that runs the harness and checks nothing: a string rule with no
    /// bounds on one empty string. Its time is what every site pays apart from
    /// its rule (the loop, the call, the dispatch), to be taken out of theirs.
    pub fn harness() -> RuleSite {
        RuleSite {
            path: String::new(),
            rule: "harness",
            detail: String::new(),
            key: 0,
            kind: SiteKind::Rule {
                check: Check {
                    kind: CheckKind::Length(overhead_validate::rules::Length::bytes()),
                    code: None,
                    message: None,
                },
                values: vec![Value::Str("".into())],
            },
        }
    }
}

fn with_overrides(v: Violation, check: &Check) -> Violation {
    overrides(v, check.code.as_deref(), check.message.as_deref())
}

/// Every rule site of `value`, a decoded value of the plan's root, in the order
/// validation meets them.
pub fn rule_sites(plan: &Plan, value: &Value) -> Vec<RuleSite> {
    let mut sites = Sites {
        plan,
        out: Vec::new(),
    };
    sites.of_type(plan.root, value, "");
    sites.out
}

struct Sites<'p> {
    plan: &'p Plan,
    out: Vec<RuleSite>,
}

impl Sites<'_> {
    /// The site of one rule of the plan (`key`: its address) at `path`,
    /// created on first sight so that every element of a collection adds to
    /// one site, and two rules of one keyword on a field stay two.
    fn site(
        &mut self,
        key: usize,
        path: &str,
        rule: &'static str,
        detail: impl FnOnce() -> String,
        make: impl FnOnce() -> SiteKind,
    ) -> usize {
        match self.out.iter().position(|s| s.key == key && s.path == path) {
            Some(i) => i,
            None => {
                self.out.push(RuleSite {
                    path: path.to_owned(),
                    rule,
                    detail: detail(),
                    key,
                    kind: make(),
                });
                self.out.len() - 1
            }
        }
    }

    fn of_type(&mut self, id: usize, value: &Value, prefix: &str) {
        let plan = self.plan;
        match (&plan.types[id].kind, value) {
            (KindPlan::Struct(s), Value::Struct(slots)) => self.of_struct(s, slots, prefix),
            (KindPlan::Enum(e), value) => {
                let Some((index, payload)) = value.as_variant() else {
                    return;
                };
                let Some(variant) = e.variants.get(index as usize) else {
                    return;
                };
                let prefix = join(prefix, variant.name);
                match payload {
                    Value::Struct(slots) => self.of_struct(&variant.fields, slots, &prefix),
                    Value::Seq(items) => self.of_struct(&variant.fields, items, &prefix),
                    inner => self.of_struct(&variant.fields, std::slice::from_ref(inner), &prefix),
                }
            }
            _ => {}
        }
    }

    fn of_struct(&mut self, plan: &StructPlan, slots: &[Value], prefix: &str) {
        for (field, value) in plan.values(slots) {
            if field.checks.is_empty() {
                continue;
            }
            let path = if field.flatten {
                prefix.to_owned()
            } else {
                join(prefix, field.key)
            };
            match value {
                FieldValue::One(value) => self.of_checks(&field.checks, &field.ty, value, &path),
                // A struct laid out inline has `nested` as its one rule.
                FieldValue::Inline(id, slots) => {
                    if let Some(child) = self.plan.struct_plan(id) {
                        self.of_struct(child, slots, &path);
                    }
                }
            }
        }
        self.of_ranges_from(plan, slots, prefix);
        for m in &plan.must_match {
            let (Some(a), Some(b)) = (
                slots.get(plan.fields[m.slot].at),
                slots.get(plan.fields[m.other].at),
            ) else {
                continue;
            };
            let path = join(prefix, plan.fields[m.slot].key);
            let path = if m.each { format!("{path}[]") } else { path };
            let i = self.site(address(m), &path, "must_match", String::new, || {
                SiteKind::MustMatch {
                    rule: MustMatch {
                        other: m.other_name,
                    },
                    code: m.code.clone(),
                    message: m.message.clone(),
                    pairs: Vec::new(),
                }
            });
            if let SiteKind::MustMatch { pairs, .. } = &mut self.out[i].kind {
                match (m.each, a) {
                    (true, Value::Seq(items)) => {
                        pairs.extend(items.iter().map(|item| (item.clone(), b.clone())));
                    }
                    (true, _) => {}
                    (false, a) => pairs.push((a.clone(), b.clone())),
                }
            }
        }
    }

    /// garde's `range` with bounds read from other fields of `plan`.
    fn of_ranges_from(&mut self, plan: &StructPlan, slots: &[Value], prefix: &str) {
        for r in &plan.range_from {
            let Some(found) = crate::check::range_from(self.plan, plan, r, slots) else {
                continue;
            };
            let mut path = join(prefix, plan.fields[r.slot].key);
            if let Some(within) = r.within {
                path = join(&path, within);
            }
            let side = |other: Option<usize>, written: Option<overhead_schema::Number>| match (
                other, written,
            ) {
                (Some(other), _) => Some(format!("self.{}", plan.fields[other].rust)),
                (None, Some(overhead_schema::Number::Int(n))) => Some(n.to_string()),
                (None, Some(overhead_schema::Number::Float(f))) => Some(f.to_string()),
                (None, None) => None,
            };
            let i = self.site(
                address(r),
                &path,
                if r.length.is_some() {
                    "length"
                } else {
                    "range"
                },
                || match (side(r.min, r.spec.min), side(r.max, r.spec.max)) {
                    (Some(a), Some(b)) => format!("{a}–{b}"),
                    (Some(a), None) => format!("min {a}"),
                    (None, Some(b)) => format!("max {b}"),
                    (None, None) => String::new(),
                },
                || SiteKind::RangeFrom {
                    code: r.code.clone(),
                    message: r.message.clone(),
                    cases: Vec::new(),
                },
            );
            if let SiteKind::RangeFrom { cases, .. } = &mut self.out[i].kind {
                cases.push((found.check, found.value.clone()));
            }
        }
    }

    fn of_checks(&mut self, checks: &[Check], ty: &Ty, value: &Value, path: &str) {
        for check in checks {
            if let CheckKind::Required = check.kind {
                let i = self.site(address(check), path, "required", String::new, || {
                    SiteKind::Required {
                        check: check.clone(),
                        values: Vec::new(),
                    }
                });
                if let SiteKind::Required { values, .. } = &mut self.out[i].kind {
                    values.push(value.clone());
                }
                continue;
            }
            let Some((ty, value)) = unwrap_options(ty, value) else {
                return;
            };
            match &check.kind {
                CheckKind::Nested => self.of_nested(ty, value, path),
                CheckKind::Each(inner) => {
                    let element = element_ty(ty);
                    let path = format!("{path}[]");
                    if let Value::Rows(..) = value {
                        // A struct takes `nested` alone.
                        if inner.iter().any(Check::is_nested) {
                            self.of_rows(element, value, &path);
                        }
                        continue;
                    }
                    for item in elements(value) {
                        self.of_checks(inner, element, item, &path);
                    }
                }
                CheckKind::Custom(_) => {
                    let i = self.site(
                        address(check),
                        path,
                        keyword(&check.kind),
                        || detail(&check.kind),
                        || SiteKind::Custom {
                            check: check.clone(),
                            values: Vec::new(),
                        },
                    );
                    if let SiteKind::Custom { values, .. } = &mut self.out[i].kind {
                        values.push(crate::handed::to_val(self.plan, ty, value));
                    }
                }
                kind => {
                    let i = self.site(
                        address(check),
                        path,
                        keyword(kind),
                        || detail(kind),
                        || SiteKind::Rule {
                            check: check.clone(),
                            values: Vec::new(),
                        },
                    );
                    if let SiteKind::Rule { values, .. } = &mut self.out[i].kind {
                        values.push(value.clone());
                    }
                }
            }
        }
    }

    /// The sites in each row of a `Vec` laid out in rows.
    fn of_rows(&mut self, item: &Ty, value: &Value, path: &str) {
        if let (Some((_, s)), Some(rows)) = (crate::layout::rows_of(self.plan, item), value.rows())
        {
            for slots in rows {
                self.of_struct(s, slots, path);
            }
        }
    }

    fn of_nested(&mut self, ty: &Ty, value: &Value, path: &str) {
        match (ty, value) {
            (Ty::Seq(e), Value::Rows(..)) => self.of_rows(e, value, &format!("{path}[]")),
            (Ty::Named(id), value) => self.of_type(*id, value, path),
            (Ty::Option(inner), value) if !value.is_none() => self.of_nested(inner, value, path),
            (Ty::Seq(e) | Ty::Array(_, e) | Ty::Set { item: e, .. }, _)
            | (Ty::Map { value: e, .. }, _) => {
                let path = format!("{path}[]");
                for item in elements(value) {
                    self.of_nested(e, item, &path);
                }
            }
            _ => {}
        }
    }
}

fn elements(value: &Value) -> Box<dyn Iterator<Item = &Value> + '_> {
    match value {
        Value::Seq(items) => Box::new(items.iter()),
        Value::Map(entries) => Box::new(entries.iter().map(|(_, v)| v)),
        _ => Box::new(std::iter::empty()),
    }
}

/// A rule of the plan, told apart from its siblings by where it lives.
fn address<T>(rule: &T) -> usize {
    std::ptr::from_ref(rule) as usize
}

/// A rule's bounds or operand, as the attribute wrote them.
fn detail(kind: &CheckKind) -> String {
    fn bounds<T: std::fmt::Display>(min: Option<T>, max: Option<T>) -> String {
        match (min, max) {
            (Some(a), Some(b)) => format!("{a}–{b}"),
            (Some(a), None) => format!("min {a}"),
            (None, Some(b)) => format!("max {b}"),
            (None, None) => String::new(),
        }
    }
    match kind {
        CheckKind::Length(l) => match l.equal {
            Some(n) => format!("= {n}"),
            None => bounds(l.min, l.max),
        },
        CheckKind::RangeInt(r) => bounds(r.min, r.max),
        CheckKind::RangeFloat(r) => bounds(r.min, r.max),
        CheckKind::Needle(_, s) => format!("“{s}”"),
        CheckKind::NumberInt(_, n) => n.to_string(),
        CheckKind::NumberFloat(_, n) => n.to_string(),
        CheckKind::Pattern(re) => re.as_str().to_owned(),
        CheckKind::Ip(IpKind::Any) => String::new(),
        CheckKind::Ip(IpKind::V4) => "v4".to_owned(),
        CheckKind::Ip(IpKind::V6) => "v6".to_owned(),
        CheckKind::OneOfStr(values) => values.join(", "),
        CheckKind::OneOfInt(values) => list(values),
        CheckKind::OneOfFloat(values) => list(values),
        CheckKind::Text(_)
        | CheckKind::NonEmpty
        | CheckKind::Unique
        | CheckKind::Required
        | CheckKind::Nested
        | CheckKind::Each(_) => String::new(),
        CheckKind::Custom(custom) => custom.name.clone(),
    }
}

fn list<T: std::fmt::Display>(values: &[T]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_owned()
    } else {
        format!("{prefix}.{key}")
    }
}

/// The name a rule goes by (the registry's, as `RuleKind::keyword` gives).
fn keyword(kind: &CheckKind) -> &'static str {
    kind.id().word()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Interpreter;

    fn sites(schema: &str, json: &str) -> Vec<(String, &'static str, usize, usize)> {
        let engine = Interpreter::new(schema, None).expect("compiles");
        let value = engine.decode(json).expect("decodes");
        rule_sites(engine.plan(), &value)
            .iter()
            .map(|s| (s.path.clone(), s.rule, s.values(), s.run()))
            .collect()
    }

    const ORDER: &str = r#"
        #[derive(Deserialize, Validate)]
        pub struct Order {
            #[validate(email)]
            pub email: String,
            #[validate(length(min = 1), nested)]
            pub items: Vec<Item>,
            #[validate(required)]
            pub note: Option<String>,
            #[validate(length(min = 2, max = 3))]
            pub code: String,
        }
        #[derive(Deserialize, Validate)]
        pub struct Item {
            #[validate(length(min = 3))]
            pub sku: String,
        }"#;

    #[test]
    fn each_rule_is_one_site_with_every_value_it_checks() {
        let got = sites(
            ORDER,
            r#"{"email":"a@b.co","items":[{"sku":"abc"},{"sku":"x"}],"note":null,"code":"ab"}"#,
        );
        let expected: Vec<(String, &str, usize, usize)> = vec![
            ("email".into(), "email", 1, 0),
            ("items".into(), "length", 1, 0),
            ("items[].sku".into(), "length", 2, 1),
            ("note".into(), "required", 1, 1),
            ("code".into(), "length", 1, 0),
        ];
        assert_eq!(got, expected);
    }

    #[test]
    fn a_site_fails_as_often_as_validation_reports_it() {
        let engine = Interpreter::new(ORDER, None).expect("compiles");
        let json = r#"{"email":"nope","items":[{"sku":"x"},{"sku":"y"}],"note":"n","code":"abcd"}"#;
        let value = engine.decode(json).expect("decodes");
        let failed: usize = rule_sites(engine.plan(), &value)
            .iter()
            .map(RuleSite::run)
            .sum();
        let reported = engine.validate(&value).expect_err("invalid").len();
        assert_eq!(failed, reported);
    }

    #[test]
    fn two_rules_of_one_keyword_stay_two_sites_with_their_bounds() {
        let engine = Interpreter::new(
            r#"#[derive(Deserialize, Validate)]
            pub struct S {
                #[validate(alphanumeric, min_len = 3, max_len = 20)]
                pub username: String,
            }"#,
            None,
        )
        .expect("compiles");
        let value = engine.decode(r#"{"username":"ab"}"#).expect("decodes");
        let got: Vec<(&str, String, usize)> = rule_sites(engine.plan(), &value)
            .iter()
            .map(|s| (s.rule, s.detail.clone(), s.run()))
            .collect();
        assert_eq!(
            got,
            [
                ("alphanumeric", String::new(), 0),
                ("length", "min 3".to_owned(), 1),
                ("length", "max 20".to_owned(), 0)
            ]
        );
    }

    /// A function on a struct of the paste is timed on the struct as the
    /// paste's code reads it, failing where validation reports it.
    #[test]
    fn a_custom_function_on_a_struct_is_a_site_that_runs() {
        let schema = r#"
            use garde::Validate;
            #[derive(Deserialize, Validate)]
            pub struct Child {
                #[garde(length(min = 1))]
                pub value: String,
            }
            #[derive(Deserialize, Validate)]
            pub struct Parent {
                #[garde(dive, custom(not_abc))]
                pub child: Child,
            }
            fn not_abc(child: &Child, _: &()) -> garde::Result {
                if child.value == "abc" {
                    return Err(garde::Error::new("abc is taken"));
                }
                Ok(())
            }"#;
        let got = sites(schema, r#"{"child":{"value":"abc"}}"#);
        assert!(
            got.contains(&("child".into(), "custom", 1, 1)),
            "the function fails once, as validation says: {got:?}"
        );
        let kept = sites(schema, r#"{"child":{"value":"abd"}}"#);
        assert!(kept.contains(&("child".into(), "custom", 1, 0)), "{kept:?}");
    }
}
