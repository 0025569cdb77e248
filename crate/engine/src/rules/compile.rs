//! A field's rules as the schema gives them, compiled into [`Check`]s for its
//! type: literals interned, patterns built (or only checked), `one_of` read as
//! the type's kind of value.

use overhead_schema::{
    Diagnostic, LengthMode as SchemaLengthMode, Literal, Number, RangeSpec, RegexSource, RuleKind,
    RuleSpec, Severity,
};
use overhead_validate::rules::{IpKind, Length, LengthMode, Range};

use super::{Check, CheckKind, Context, Custom};
use crate::intern::intern;
use crate::pasted::Pasted;
use crate::ty::Ty;

/// How the planner builds what a run needs. A run builds each regex and
/// lowers each custom rule's function from the paste; the editor's diagnosis
/// only checks a pattern's syntax and that a custom rule's function is in the
/// paste, so the page's analyzer module links neither a regex engine (a third
/// of its weight) nor the lowering (`pasted::lower`): a function the lowering
/// refuses is said in a run's notes and by `overhead run`.
#[derive(Clone, Copy)]
pub struct Patterns(
    pub(crate) fn(&str) -> Result<Option<regex::Regex>, String>,
    CustomRule,
    pub(crate) ConvertFn,
    pub(crate) ReadWithFn,
    pub(crate) ConditionalsFn,
);

/// A custom rule's check for a run, `None` for the diagnosis, or why it is
/// not run.
type CustomRule =
    fn(&syn::Path, &overhead_schema::CustomCall, &mut Pasted) -> Result<Option<Custom>, String>;

/// serde's `from`/`try_from`, a field's `deserialize_with` and garde's
/// `if` conditions, planned with the paste's code lowered for a run; the
/// diagnosis plans none of them (its module links none of it).
type ConvertFn = for<'c, 'a, 'p> fn(
    &'c mut crate::plan::Cx<'a, 'p>,
    &overhead_schema::TypeDef,
    &overhead_schema::Conversion,
) -> Option<crate::plan::Convert>;
type ReadWithFn = for<'c, 'a, 'p> fn(
    &'c mut crate::plan::Cx<'a, 'p>,
    &overhead_schema::FieldDef,
    &syn::Path,
) -> Option<crate::plan::ReadWith>;
type ConditionalsFn = for<'c, 'a, 'p> fn(
    &'c mut crate::plan::Cx<'a, 'p>,
    &overhead_schema::FieldDef,
    &Ty,
) -> Vec<crate::plan::ConditionalChecks>;

impl Patterns {
    /// A custom function's check (for a run; `None` for the diagnosis), or
    /// why it is not run.
    pub fn custom(
        &self,
        path: &syn::Path,
        call: &overhead_schema::CustomCall,
        pasted: &mut Pasted,
    ) -> Result<Option<Custom>, String> {
        (self.1)(path, call, pasted)
    }

    /// Builds the regex (what a run needs).
    pub const BUILD: Patterns = Patterns(
        |pattern| {
            regex::Regex::new(pattern)
                .map(Some)
                .map_err(|e| e.to_string())
        },
        |path, call, pasted| custom(path, call, pasted).map(Some),
        |cx, def, conversion| cx.convert(def, conversion),
        |cx, field, path| cx.read_with(field, path),
        |cx, field, ty| cx.conditionals(field, ty),
    );
    /// Checks the syntax only, with the parser `regex` itself uses; the plan gets
    /// no check for the pattern, so it must not run.
    pub const CHECK_SYNTAX: Patterns = Patterns(
        |pattern| {
            regex_syntax::Parser::new()
                .parse(pattern)
                .map(|_| None)
                .map_err(|e| e.to_string())
        },
        custom_in_paste,
        |_, _, _| None,
        |_, _, _| None,
        |cx, field, ty| cx.conditional_rules(field, ty),
    );
}

/// The diagnosis's reading of a custom rule: its function is in the paste
/// (or written in the attribute), else it is listed as not run.
fn custom_in_paste(
    path: &syn::Path,
    call: &overhead_schema::CustomCall,
    pasted: &mut Pasted,
) -> Result<Option<Custom>, String> {
    let last = function_key(path, pasted);
    let closure = matches!(
        call,
        overhead_schema::CustomCall::WithContext(expr, _) if matches!(**expr, syn::Expr::Closure(_))
    );
    if closure || pasted.defines(&last) {
        return Ok(None);
    }
    let name = path_text(path);
    Err(format!(
        "custom validator `{name}` is not run in the playground: `{last}` is not defined in the paste"
    ))
}

/// Compiles a field's rules for a value of type `ty`; `must_match` and `custom`
/// are left out (the struct checks the first; the second cannot run here).
pub fn compile_rules(
    rules: &[RuleSpec],
    ty: &Ty,
    pasted: &mut Pasted,
    errors: &mut Vec<Diagnostic>,
    notes: &mut Vec<Diagnostic>,
) -> Vec<Check> {
    let inner = innermost(ty);
    let patterns = pasted.patterns();
    let mut out = Vec::new();
    // `required` first, as derived code runs it.
    for rule in rules
        .iter()
        .filter(|r| matches!(r.kind, RuleKind::Required))
    {
        out.push(check(rule, CheckKind::Required));
    }
    for rule in rules {
        let kind = match &rule.kind {
            // Checked by the struct, which has the other fields.
            RuleKind::Required | RuleKind::MustMatch(_) | RuleKind::RangeFrom(_) => continue,
            RuleKind::Custom(path, call) => match (patterns.1)(path, call, pasted) {
                Ok(Some(check)) => CheckKind::Custom(Box::new(check)),
                Ok(None) => continue,
                Err(why) => {
                    notes.push(Diagnostic::at(Severity::Warning, rule.span, why));
                    continue;
                }
            },
            RuleKind::Text(rule) => CheckKind::Text(*rule),
            RuleKind::NonEmpty => CheckKind::NonEmpty,
            RuleKind::Ip(kind) => CheckKind::Ip(match kind {
                overhead_schema::IpKind::Any => IpKind::Any,
                overhead_schema::IpKind::V4 => IpKind::V4,
                overhead_schema::IpKind::V6 => IpKind::V6,
            }),
            // Listed as not run by the analysis (the registry says why).
            RuleKind::Phone => continue,
            RuleKind::Unique => CheckKind::Unique,
            RuleKind::Nested => CheckKind::Nested,
            RuleKind::Needle(rule, s) => CheckKind::Needle(*rule, intern(s)),
            // A float field compares as a float; an integer one as the
            // number is written.
            RuleKind::Number(rule, n) => match (innermost(inner), *n) {
                (Ty::F32 | Ty::F64, Number::Int(i)) => CheckKind::NumberFloat(*rule, i as f64),
                (_, Number::Float(f)) => CheckKind::NumberFloat(*rule, f),
                (_, Number::Int(i)) => CheckKind::NumberInt(*rule, i),
            },
            RuleKind::Length(spec) => CheckKind::Length(Length {
                min: spec.min,
                max: spec.max,
                equal: spec.equal,
                mode: length_mode(spec.mode.unwrap_or(SchemaLengthMode::Chars)),
            }),
            RuleKind::Range(spec) => range(spec),
            RuleKind::Regex(RegexSource::Literal(pattern)) => match (patterns.0)(pattern) {
                Ok(Some(re)) => CheckKind::Pattern(re),
                Ok(None) => continue,
                Err(e) => {
                    // The analysis's words, so that the diagnosis says it once.
                    errors.push(Diagnostic::at(
                        Severity::Error,
                        rule.span,
                        format!("invalid regular expression: {e}"),
                    ));
                    continue;
                }
            },
            RuleKind::Regex(RegexSource::Path(path)) => {
                let name = path
                    .segments
                    .last()
                    .map(|s| s.ident.to_string())
                    .unwrap_or_default();
                match pasted.regex(&name).map(|p| (patterns.0)(p)) {
                    Some(Ok(Some(re))) => CheckKind::Pattern(re),
                    Some(Ok(None)) => continue,
                    Some(Err(e)) => {
                        errors.push(Diagnostic::at(
                            Severity::Error,
                            rule.span,
                            format!("the static regex `{name}` does not compile: {e}"),
                        ));
                        continue;
                    }
                    None => {
                        // Defined elsewhere in the person's codebase: this rule
                        // is listed as not run, the rest runs.
                        notes.push(Diagnostic::at(
                            Severity::Warning,
                            rule.span,
                            format!(
                                "the regex `{name}` is not defined in the paste, so this rule is not run; \
                                 to run it, add `static {name}: LazyLock<Regex> = LazyLock::new(|| Regex::new(\"…\").unwrap());` \
                                 or write the pattern inline"
                            ),
                        ));
                        continue;
                    }
                }
            }
            RuleKind::OneOf(values) => match inner {
                Ty::Str | Ty::Text(_) | Ty::Trimmed | Ty::Borrowed => CheckKind::OneOfStr(
                    values
                        .iter()
                        .map(|v| match v {
                            Literal::Str(s) => intern(s),
                            _ => "",
                        })
                        .collect(),
                ),
                Ty::F32 | Ty::F64 => CheckKind::OneOfFloat(
                    values
                        .iter()
                        .map(|v| match v {
                            Literal::Int(i) => *i as f64,
                            Literal::Float(f) => *f,
                            Literal::Str(_) => f64::NAN,
                        })
                        .collect(),
                ),
                _ => CheckKind::OneOfInt(
                    values
                        .iter()
                        .map(|v| match v {
                            Literal::Int(i) => *i,
                            _ => i128::MIN,
                        })
                        .collect(),
                ),
            },
            RuleKind::Each(inner_rules) => {
                let element = match inner {
                    Ty::Seq(e) | Ty::Array(_, e) | Ty::Set { item: e, .. } => e.as_ref(),
                    Ty::Map { value, .. } => value.as_ref(),
                    other => other,
                };
                let mut checks = compile_rules(inner_rules, element, pasted, errors, notes);
                // A struct element of a `Vec` may be laid out in rows, which
                // hand their fields to `nested` alone: a function on each
                // element of a type of the paste is not run.
                if matches!(innermost(element), Ty::Named(_)) {
                    checks.retain(|c| match &c.kind {
                        CheckKind::Custom(custom) => {
                            notes.push(Diagnostic::at(
                                Severity::Warning,
                                rule.span,
                                format!(
                                    "custom validator `{}` is not run in the playground: it takes each element, a type of the paste, which the playground does not hand to functions",
                                    custom.name
                                ),
                            ));
                            false
                        }
                        _ => true,
                    });
                }
                CheckKind::Each(checks)
            }
        };
        out.push(check(rule, kind));
    }
    out
}

fn check(rule: &RuleSpec, kind: CheckKind) -> Check {
    Check {
        kind,
        code: rule.code.clone(),
        message: rule.message.clone(),
    }
}

/// What a length counts, as the rules count it.
pub(crate) fn length_mode(mode: SchemaLengthMode) -> LengthMode {
    match mode {
        SchemaLengthMode::Chars => LengthMode::Chars,
        SchemaLengthMode::Bytes => LengthMode::Bytes,
        SchemaLengthMode::Utf16 => LengthMode::Utf16,
        SchemaLengthMode::Items => LengthMode::Items,
    }
}

pub(crate) fn range(spec: &RangeSpec) -> CheckKind {
    if spec.has_float() {
        let f = |b: Option<Number>| {
            b.map(|n| match n {
                Number::Int(i) => i as f64,
                Number::Float(f) => f,
            })
        };
        CheckKind::RangeFloat(Range {
            min: f(spec.min),
            max: f(spec.max),
            exclusive_min: f(spec.exclusive_min),
            exclusive_max: f(spec.exclusive_max),
        })
    } else {
        let i = |b: Option<Number>| {
            b.and_then(|n| match n {
                Number::Int(i) => Some(i),
                Number::Float(_) => None,
            })
        };
        CheckKind::RangeInt(Range {
            min: i(spec.min),
            max: i(spec.max),
            exclusive_min: i(spec.exclusive_min),
            exclusive_max: i(spec.exclusive_max),
        })
    }
}

fn innermost(ty: &Ty) -> &Ty {
    match ty {
        Ty::Option(inner) => innermost(inner),
        other => other,
    }
}

/// A custom rule's function from the paste, ready to run, or why it is not
/// run (said at the rule).
fn custom(
    path: &syn::Path,
    call: &overhead_schema::CustomCall,
    pasted: &mut Pasted,
) -> Result<Custom, String> {
    use overhead_schema::CustomCall;
    let name = path_text(path);
    let not_run =
        |why: String| format!("custom validator `{name}` is not run in the playground: {why}");
    let last = function_key(path, pasted);
    let (function, context) = match call {
        CustomCall::Value => (pasted.function(&last), None),
        CustomCall::ValueAndContext(context) => (pasted.function(&last), Some(context.as_deref())),
        CustomCall::WithContext(expr, context) => {
            let function = match &**expr {
                syn::Expr::Closure(c) => pasted.closure(c),
                _ => pasted.function(&last),
            };
            (function, Some(context.as_deref()))
        }
    };
    let function = function.map_err(|r| not_run(format!("it uses {}", r.placed())))?;
    let context = match context {
        None => None,
        // garde's rules without a context get `&()`.
        Some(None) if matches!(call, CustomCall::WithContext(..)) => Some(Context::Unit),
        Some(None) => return Err(not_run("its context is not built in the paste".into())),
        Some(Some(expr)) => Some(Context::Built(
            pasted
                .constant(expr)
                .map_err(|r| not_run(format!("its context uses {}", r.placed())))?,
            std::sync::OnceLock::new(),
        )),
    };
    Ok(Custom {
        function,
        context,
        name,
        garde: matches!(call, CustomCall::WithContext(..)),
    })
}

/// A path as written: `crate::checks::known`.
pub fn path_text(path: &syn::Path) -> String {
    path.segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}

/// The last segment of a path: what the paste's item is named.
/// The function a path names in the paste's table: `T::check` for a
/// type's own function (`impl T { fn check(&self) }`), else its last
/// segment (`crate::rules::known` → `known`).
pub fn function_key(path: &syn::Path, pasted: &Pasted) -> String {
    let mut segments = path.segments.iter().rev().map(|s| s.ident.to_string());
    let last = segments.next().unwrap_or_default();
    if let Some(owner) = segments.next() {
        let key = format!("{owner}::{last}");
        if pasted.defines(&key) {
            return key;
        }
    }
    last
}
