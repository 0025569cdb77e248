//! Inputs from a plan: values that keep every rule, and values that break one
//! chosen rule of one field, deterministic per seed. They feed the differential
//! tests and, written as JSON, any input a user wants more of.
//!
//! A value is built to fit its field's rules (lengths, ranges, formats, one_of,
//! prefixes and suffixes). A field with a regex cannot be built to fit it in
//! general; such a field is left as generated and the value may then break
//! that rule (the generator says which fields it could not honour).

use overhead_schema::Style;

use overhead_validate::rules::IpKind;
use overhead_validate::rules::registry::{NeedleAt, ValidText};
use overhead_validate::rules::{break_float, break_int, keep_float, keep_int};

use crate::pattern::Samplers;
use crate::plan::{FieldPlan, KindPlan, Plan};
use crate::rules::{Check, CheckKind};
use crate::ty::{Int, Ty};
use crate::value::Value;

/// SplitMix64, seeded: the same inputs on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi` (`lo <= hi`).
    fn between(&mut self, lo: i128, hi: i128) -> i128 {
        let span = (hi - lo) as u128 + 1;
        lo + (u128::from(self.next_u64()) % span.max(1)) as i128
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// So that samplers of the `rand` ecosystem (regex strings) draw from it.
impl rand::TryRng for Rng {
    type Error = std::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok((Rng::next_u64(self) >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(Rng::next_u64(self))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            let bytes = Rng::next_u64(self).to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

const ALPHANUMERIC: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// Which rule of which field a generated value breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// The field's slot in the root struct.
    pub slot: usize,
    /// The rule's place among the field's rules.
    pub check: usize,
}

pub struct Generator<'p> {
    plan: &'p Plan,
    rng: Rng,
    depth: usize,
    patterns: Samplers,
}

impl<'p> Generator<'p> {
    pub fn new(plan: &'p Plan, seed: u64) -> Generator<'p> {
        Generator {
            plan,
            rng: Rng(seed),
            depth: 0,
            patterns: Samplers::default(),
        }
    }

    /// A value of the root type that keeps every rule the generator can honour.
    pub fn valid(&mut self) -> Value {
        let root = Ty::Named(self.plan.root);
        self.value(&root, &[])
    }

    /// The rules of the root struct that a value can be made to break:
    /// one target per (field, rule).
    pub fn targets(&self) -> Vec<Target> {
        let Some(s) = self.plan.struct_plan(self.plan.root) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (slot, field) in s.fields.iter().enumerate().filter(|(_, f)| !f.skip) {
            for (check, c) in field.checks.iter().enumerate() {
                if breaking(&c.kind, &field.ty).is_some() {
                    out.push(Target { slot, check });
                }
            }
        }
        out
    }

    /// A valid root value with one field changed to break the target rule.
    pub fn violating(&mut self, target: Target) -> Option<Value> {
        let mut value = self.valid();
        let s = self.plan.struct_plan(self.plan.root)?;
        let field = s.fields.get(target.slot)?;
        let check = field.checks.get(target.check)?;
        let broken = breaking(&check.kind, &field.ty)?;
        if let (Value::Struct(slots), None) = (&mut value, field.inline) {
            slots[field.at] = broken;
        }
        Some(value)
    }

    fn value(&mut self, ty: &Ty, checks: &[Check]) -> Value {
        self.depth += 1;
        let value = self.value_inner(ty, checks);
        self.depth -= 1;
        value
    }

    fn value_inner(&mut self, ty: &Ty, checks: &[Check]) -> Value {
        let required = checks.iter().any(|c| matches!(c.kind, CheckKind::Required));
        match ty {
            Ty::Unit => Value::Unit,
            Ty::Bool => Value::Bool(self.rng.chance(50)),
            Ty::Int(int) => self.int(*int, checks),
            Ty::NonZero(int) => match self.int(*int, checks) {
                Value::I64(0) => Value::I64(1),
                Value::U64(0) => Value::U64(1),
                Value::I128(0) => Value::I128(1),
                Value::U128(0) => Value::U128(1),
                other => other,
            },
            Ty::Text(form) => Value::Str(form.sample().into()),
            Ty::F32 | Ty::F64 => self.float(checks),
            Ty::Char => Value::Char(char::from(
                ALPHANUMERIC[(self.rng.next_u64() % 36) as usize],
            )),
            Ty::Str | Ty::Trimmed | Ty::Borrowed => {
                Value::Str(self.string(checks).into_boxed_str())
            }
            Ty::Json => Value::Json(Box::new(serde_json::Value::from(self.rng.next_u64() % 100))),
            // Deep trees stop at `None` where they can.
            Ty::Option(inner) => {
                if !required && (self.depth > 6 || self.rng.chance(30)) {
                    Value::Unit
                } else {
                    self.value(inner, checks)
                }
            }
            Ty::Seq(item) | Ty::Set { item, .. } => {
                let n = self.count(checks);
                let element = element_checks(checks);
                let mut items: Vec<Value> = Vec::with_capacity(n);
                for _ in 0..n {
                    items.push(self.value(item, &element));
                }
                // Sets and `unique` hold each element once.
                items.dedup();
                match (ty, crate::layout::rows_of(self.plan, item)) {
                    // Each element's slots, one after another.
                    (Ty::Seq(_), Some((_, s))) => {
                        let mut slots = Vec::with_capacity(items.len() * s.width);
                        for element in items {
                            if let Value::Struct(element) = element {
                                slots.extend(element.into_vec());
                            }
                        }
                        Value::Rows(s.width as u32, slots.into())
                    }
                    _ => Value::Seq(items.into()),
                }
            }
            Ty::Array(n, item) => Value::Seq((0..*n).map(|_| self.value(item, &[])).collect()),
            Ty::Tuple(items) => Value::Seq(items.iter().map(|t| self.value(t, &[])).collect()),
            Ty::Map { value, .. } => {
                let n = self.count(checks);
                let element = element_checks(checks);
                Value::Map(
                    (0..n)
                        .map(|i| {
                            (
                                format!("key{i}").into_boxed_str(),
                                self.value(value, &element),
                            )
                        })
                        .collect(),
                )
            }
            Ty::Named(id) => self.named(*id),
        }
    }

    fn named(&mut self, id: usize) -> Value {
        match &self.plan.types[id].kind {
            KindPlan::Struct(s) => {
                // One value per field, then laid out: a struct laid out
                // inline gives its slots to its parent's.
                let values = self.fields(&s.fields);
                let mut slots = Vec::with_capacity(s.width);
                for (field, value) in s.fields.iter().zip(values) {
                    match (field.inline, value) {
                        (Some(_), Value::Struct(inline)) => slots.extend(inline.into_vec()),
                        (_, value) => slots.push(value),
                    }
                }
                // `must_match`: the field takes the other's value.
                for m in &s.must_match {
                    let other = slots[s.fields[m.other].at].clone();
                    let slot = &mut slots[s.fields[m.slot].at];
                    match (m.each, slot) {
                        (true, Value::Seq(items)) => items.fill(other),
                        (true, _) => {}
                        (false, slot) => *slot = other,
                    }
                }
                // A `range` bounded by other fields: the field takes its
                // lower bound's value (else its upper's), which it keeps.
                // (One a `dive` gave to a nested field is left to chance.)
                for r in s.range_from.iter().filter(|r| r.within.is_none()) {
                    if let Some(other) = r.min.or(r.max) {
                        slots[s.fields[r.slot].at] = slots[s.fields[other].at].clone();
                    }
                }
                Value::Struct(slots.into())
            }
            KindPlan::Enum(e) => {
                let live: Vec<usize> = (0..e.variants.len())
                    .filter(|&i| !e.variants[i].skip)
                    .collect();
                let Some(&index) =
                    live.get((self.rng.next_u64() % live.len().max(1) as u64) as usize)
                else {
                    return Value::Unit;
                };
                let variant = &e.variants[index];
                let fields = self.fields(&variant.fields.fields);
                let payload = match variant.style {
                    Style::Unit => Value::Unit,
                    Style::Newtype => fields.into_iter().last().unwrap_or(Value::Unit),
                    Style::Tuple => Value::Seq(fields.into()),
                    Style::Named => Value::Struct(fields.into()),
                };
                Value::variant(index as u32, payload)
            }
        }
    }

    fn fields(&mut self, fields: &[FieldPlan]) -> Vec<Value> {
        fields
            .iter()
            .map(|f| {
                if f.skip {
                    crate::value::default_value(self.plan, &f.ty)
                } else if f.flatten && f.ty == Ty::Json {
                    // A flattened `Value` is the object of the keys left over.
                    let n = self.rng.next_u64() % 100;
                    Value::Json(Box::new(serde_json::json!({ "extra": n })))
                } else {
                    self.value(&f.ty, &f.checks)
                }
            })
            .collect()
    }

    /// How many items a collection gets: within its `length` rule, short otherwise.
    fn count(&mut self, checks: &[Check]) -> usize {
        let (lo, hi) = length_bounds(checks, 0, if self.depth > 4 { 1 } else { 3 });
        self.rng.between(lo as i128, hi as i128) as usize
    }

    fn int(&mut self, int: Int, checks: &[Check]) -> Value {
        let (mut lo, mut hi) = int.bounds();
        // Small numbers read like real data; a rule's range narrows them.
        hi = hi.min(lo.max(0) + 1000);
        for c in checks {
            match &c.kind {
                CheckKind::RangeInt(r) => {
                    if let Some(m) = r.min {
                        lo = lo.max(m);
                    }
                    if let Some(m) = r.exclusive_min {
                        lo = lo.max(m + 1);
                    }
                    if let Some(m) = r.max {
                        hi = hi.min(m).max(lo);
                    }
                    if let Some(m) = r.exclusive_max {
                        hi = hi.min(m - 1).max(lo);
                    }
                }
                CheckKind::OneOfInt(options) if !options.is_empty() => {
                    let pick = options[(self.rng.next_u64() % options.len() as u64) as usize];
                    return int_value(int, pick);
                }
                // Nothing else narrows an integer.
                _ => {}
            }
        }
        let mut n = self.rng.between(lo, hi.max(lo));
        // The number rules, in turn (a later one may break an earlier one:
        // a chance the generator takes).
        for c in checks {
            if let CheckKind::NumberInt(rule, m) = c.kind {
                n = keep_int(rule, m, n, lo, hi);
            }
        }
        int_value(int, n)
    }

    fn float(&mut self, checks: &[Check]) -> Value {
        let (mut lo, mut hi) = (0.0f64, 1000.0f64);
        for c in checks {
            if let CheckKind::RangeFloat(r) = &c.kind {
                if let Some(m) = r.min.or(r.exclusive_min.map(|m| m + 0.5)) {
                    lo = m;
                }
                if let Some(m) = r.max.or(r.exclusive_max.map(|m| m - 0.5)) {
                    hi = m.max(lo);
                }
            }
        }
        // Quarters: exact in f32 and f64 alike.
        let steps = ((hi - lo) * 4.0).floor().max(0.0) as i128;
        let mut x = lo + self.rng.between(0, steps) as f64 / 4.0;
        for c in checks {
            if let CheckKind::NumberFloat(rule, n) = c.kind {
                x = keep_float(rule, n, x, lo);
            }
        }
        Value::F64(x)
    }

    fn string(&mut self, checks: &[Check]) -> String {
        let mut prefix = "";
        let mut suffix = "";
        let mut inner = "";
        let mut format = None;
        for c in checks {
            match &c.kind {
                CheckKind::OneOfStr(options) if !options.is_empty() => {
                    return options[(self.rng.next_u64() % options.len() as u64) as usize]
                        .to_owned();
                }
                // What keeps a text rule is the registry's word.
                CheckKind::Text(rule) => match rule.valid() {
                    ValidText::Format(name) => format = Some(name),
                    ValidText::Fixed(text) => return text.to_owned(),
                    ValidText::LettersAndDigits { .. } => {}
                },
                // Fixed texts that pass: documentation addresses.
                CheckKind::Ip(IpKind::V6) => return "2001:db8::1".to_owned(),
                CheckKind::Ip(IpKind::Any | IpKind::V4) => return "192.0.2.1".to_owned(),
                // Where a needle keeps its rule is the registry's word.
                CheckKind::Needle(rule, p) => match rule.at() {
                    NeedleAt::Start => prefix = p,
                    NeedleAt::End => suffix = p,
                    NeedleAt::Anywhere => inner = p,
                    // Letters and digits pass it (a forbidden substring of
                    // them is a chance the generator takes).
                    NeedleAt::Nowhere => {}
                },
                // Letters and digits pass these.
                CheckKind::OneOfStr(_)
                | CheckKind::NonEmpty
                | CheckKind::Length(_)
                | CheckKind::Pattern(_) => {}
                // Not about a string's text.
                CheckKind::RangeInt(_)
                | CheckKind::RangeFloat(_)
                | CheckKind::NumberInt(..)
                | CheckKind::NumberFloat(..)
                | CheckKind::OneOfInt(_)
                | CheckKind::OneOfFloat(_)
                | CheckKind::Unique
                | CheckKind::Required
                | CheckKind::Custom(_)
                | CheckKind::Nested
                | CheckKind::Each(_) => {}
            }
        }
        let non_empty = checks.iter().any(|c| match c.kind {
            CheckKind::NonEmpty => true,
            CheckKind::Text(rule) => {
                rule.valid() == ValidText::LettersAndDigits { non_empty: true }
            }
            _ => false,
        });
        let (lo, hi) = length_bounds(checks, usize::from(non_empty), 12);
        // A pattern says more about the text than the other rules: sample it.
        for c in checks {
            if let CheckKind::Pattern(regex) = &c.kind {
                // Patterns' matches run longer than filler words do.
                let (lo, hi) = length_bounds(checks, usize::from(non_empty), 64);
                if let Some(text) = self.patterns.sample(regex, lo, hi, &mut self.rng) {
                    return text;
                }
            }
        }
        let fixed = prefix.chars().count() + suffix.chars().count() + inner.chars().count();
        let (shape_lo, shape) = match format {
            Some("email") => (7, "@example.com"),
            Some("url") => (20, ""),
            _ => (0, ""),
        };
        let lo = lo
            .max(fixed + shape_lo)
            .max(if format.is_some() { 1 } else { 0 });
        let n = self.rng.between(lo as i128, hi.max(lo) as i128) as usize;
        let filler = n
            .saturating_sub(fixed + shape.len())
            .max(usize::from(format.is_some()));
        let word: String = (0..filler)
            .map(|_| char::from(ALPHANUMERIC[(self.rng.next_u64() % 36) as usize]))
            .collect();
        match format {
            Some("email") => format!("{prefix}{word}{inner}{suffix}{shape}"),
            Some("url") => format!("https://example.com/{prefix}{word}{inner}{suffix}"),
            _ => format!("{prefix}{word}{inner}{suffix}"),
        }
    }
}

/// The rules of each element (`each`), for collections.
fn element_checks(checks: &[Check]) -> Vec<Check> {
    checks
        .iter()
        .filter_map(|c| match &c.kind {
            CheckKind::Each(inner) => Some(inner.iter().map(clone_check)),
            _ => None,
        })
        .flatten()
        .collect()
}

fn clone_check(c: &Check) -> Check {
    Check {
        kind: c.kind.clone(),
        code: None,
        message: None,
    }
}

/// The `length` bounds of the rules, within `lo..=hi` when they say nothing.
fn length_bounds(checks: &[Check], lo: usize, hi: usize) -> (usize, usize) {
    let (mut lo, mut hi) = (lo, hi);
    for c in checks {
        if let CheckKind::Length(l) = &c.kind {
            if let Some(e) = l.equal {
                return (e, e);
            }
            if let Some(m) = l.min {
                lo = lo.max(m);
                hi = hi.max(m);
            }
            if let Some(m) = l.max {
                hi = hi.min(m);
                lo = lo.min(hi);
            }
        }
    }
    (lo, hi.max(lo))
}

fn int_value(int: Int, n: i128) -> Value {
    match int {
        Int::I128 => Value::I128(n),
        Int::U128 => Value::U128(n.max(0) as u128),
        i if i.is_signed() => Value::I64(n as i64),
        _ => Value::U64(n.max(0) as u64),
    }
}

/// A value of `ty` that breaks the rule, when the generator knows one.
fn breaking(kind: &CheckKind, ty: &Ty) -> Option<Value> {
    let inner = match ty {
        Ty::Option(inner) => inner.as_ref(),
        other => other,
    };
    // Text of a shape (a URL, a date) is left alone: a text that breaks a rule
    // may not keep the shape.
    let is_str = matches!(inner, Ty::Str | Ty::Trimmed | Ty::Borrowed);
    let text = |s: &str| is_str.then(|| Value::Str(s.into()));
    match kind {
        // What breaks the paste's own function is not known ahead.
        CheckKind::Custom(_) => None,
        CheckKind::Required => Some(Value::Unit),
        CheckKind::Text(rule) => text(rule.invalid()),
        CheckKind::NonEmpty => text(""),
        CheckKind::Ip(_) => text("256.0.0.1"),
        CheckKind::Needle(rule, p) => match rule.at() {
            NeedleAt::Nowhere => text(p),
            NeedleAt::Start | NeedleAt::End | NeedleAt::Anywhere => text("\u{2603}"),
        },
        CheckKind::OneOfStr(_) => text("\u{2603}none of them"),
        // The first of a few unlikely texts the pattern does not match.
        CheckKind::Pattern(regex) => ["", "\u{2603}", "!! !!", "0", "a"]
            .into_iter()
            .find(|t| !regex.is_match(t))
            .and_then(text),
        CheckKind::Length(l) => match (l.equal, l.min, l.max) {
            (Some(e), _, _) => text(&"a".repeat(e + 1)),
            (_, Some(m), _) if m > 0 => text(&"a".repeat(m - 1)),
            (_, _, Some(m)) => text(&"a".repeat(m + 1)),
            _ => None,
        },
        CheckKind::RangeInt(r) => {
            let Ty::Int(int) = inner else { return None };
            let (lo, hi) = int.bounds();
            let below = r.min.map(|m| m - 1).or(r.exclusive_min);
            let above = r.max.map(|m| m + 1).or(r.exclusive_max);
            below
                .filter(|b| *b >= lo)
                .or(above.filter(|a| *a <= hi))
                .map(|n| int_value(*int, n))
        }
        CheckKind::RangeFloat(r) => matches!(inner, Ty::F32 | Ty::F64)
            .then(|| {
                r.min
                    .map(|m| m - 1.0)
                    .or(r.exclusive_min)
                    .or(r.max.map(|m| m + 1.0))
                    .or(r.exclusive_max)
            })
            .flatten()
            .map(Value::F64),
        CheckKind::NumberInt(rule, n) => {
            let Ty::Int(int) = inner else { return None };
            let (lo, hi) = int.bounds();
            break_int(*rule, *n)
                .filter(|b| (lo..=hi).contains(b))
                .map(|b| int_value(*int, b))
        }
        CheckKind::NumberFloat(rule, n) => matches!(inner, Ty::F32 | Ty::F64)
            .then(|| break_float(*rule, *n))
            .flatten()
            .map(Value::F64),
        // No single value is sure to break these: the generator leaves them.
        CheckKind::OneOfInt(_)
        | CheckKind::OneOfFloat(_)
        | CheckKind::Unique
        | CheckKind::Nested
        | CheckKind::Each(_) => None,
    }
}

/// Inputs for definitions that came without any of their own (a paste over a
/// scenario whose inputs no longer fit): what the page puts in its input tabs.
#[derive(Debug, serde::Serialize)]
pub struct Examples {
    /// The root the values are of.
    pub root: String,
    /// A value keeping every rule the generator can honour, as pretty JSON.
    pub valid: String,
    /// Whether `valid` decodes and keeps every rule (a regex or a custom
    /// function the generator cannot honour may be broken).
    pub keeps_rules: bool,
    /// A value breaking one rule of the root, when it has a rule to break.
    pub invalid: Option<BrokenExample>,
}

/// A value that breaks one rule, and the field whose rule it is.
#[derive(Debug, serde::Serialize)]
pub struct BrokenExample {
    pub text: String,
    /// The field's key as the input writes it.
    pub field: String,
}

/// The page's starting inputs for `engine`'s root, the same for every
/// `seed`: a value that decodes and keeps every rule (of a few tries: a
/// field whose regex the generator cannot honour may break it), and the
/// first value breaking one rule of the root's fields that the interpreter
/// reports as broken at that field.
pub fn examples(engine: &crate::run::Interpreter, seed: u64) -> serde_json::Result<Examples> {
    const TRIES: usize = 8;
    let plan = engine.plan();
    let mut generator = Generator::new(plan, seed);
    let pretty = |value: &Value| serde_json::to_string_pretty(&engine.typed(value));
    let keeps = |text: &str| {
        engine
            .decode(text)
            .is_ok_and(|v| engine.validate(&v).is_ok())
    };
    let first = pretty(&generator.valid())?;
    let mut valid = (keeps(&first), first);
    for _ in 1..TRIES {
        if valid.0 {
            break;
        }
        let next = pretty(&generator.valid())?;
        if keeps(&next) {
            valid = (true, next);
        }
    }
    let (keeps_rules, valid) = valid;
    let root = plan.struct_plan(plan.root);
    let mut invalid = None;
    for target in generator.targets() {
        let (Some(value), Some(field)) = (
            generator.violating(target),
            root.and_then(|s| s.fields.get(target.slot)),
        ) else {
            continue;
        };
        let text = pretty(&value)?;
        let broken_here = engine.decode(&text).is_ok_and(|v| {
            engine
                .validate(&v)
                .is_err_and(|found| found.iter().all(|v| v.path.to_string() == field.key))
        });
        if broken_here {
            invalid = Some(BrokenExample {
                text,
                field: field.key.to_owned(),
            });
            break;
        }
    }
    Ok(Examples {
        root: plan.types[plan.root].ident.to_owned(),
        valid,
        keeps_rules,
        invalid,
    })
}
