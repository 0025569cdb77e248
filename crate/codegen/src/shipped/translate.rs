//! Definitions in the seed's dialect (`#[validate(email, max_len = 255)]`,
//! domainstack's) written in validator's and garde's forms, so that each
//! library's own derive runs beside domainstack's on the same rules: what
//! the hand-written peers of user-signup are, made for any definitions. The
//! text is shown to the person (read-only) so they see what each peer runs.
//!
//! A rule a library has no form for is written as a small function of the
//! translation (validator has no `alphanumeric`: a `custom` check that every
//! char is alphanumeric, as garde's and domainstack's is); a rule with no
//! faithful equivalent at all leaves that library out, naming the rule.

use quote::ToTokens;
use syn::spanned::Spanned;

use overhead_schema::registry::{self, Dialect, TextRule};
use overhead_schema::{FieldDef, LengthMode, Literal, RegexSource, RuleKind, RuleSpec, TypeDef};

use super::Library;
use super::edits::Edits;

/// A translation of the paste into `library`'s dialect.
#[derive(Debug, Clone)]
pub struct Translation {
    pub library: Library,
    /// The paste with every field's rules in the library's form, and the
    /// functions and statics those forms call at its end.
    pub text: String,
}

/// The paste (`definitions`, in the seed's dialect) in `library`'s form, or
/// why it has none (the rule it cannot express).
pub fn translate(definitions: &str, library: Library) -> Result<Translation, String> {
    let file = syn::parse_file(definitions).map_err(|e| e.to_string())?;
    let mut edits = Edits::new(definitions);
    let mut helpers = Helpers::default();
    let mut failure = None;
    super::walk_items(&file.items, &mut Vec::new(), &mut |item, _| {
        let syn::Item::Struct(s) = item else { return };
        let input: syn::DeriveInput = match syn::parse2(s.to_token_stream()) {
            Ok(input) => input,
            Err(_) => return,
        };
        let mut errors = overhead_schema::Errors::default();
        let Some(def) = TypeDef::from_derive_input(&input, &mut errors) else {
            return;
        };
        for (field, written) in s.fields.iter().zip(def.all_fields()) {
            let attrs: Vec<&syn::Attribute> = field
                .attrs
                .iter()
                .filter(|a| a.path().is_ident("validate"))
                .collect();
            let translated = match rules(&written.rules, written, library, &mut helpers) {
                Ok(text) => text,
                Err(why) => {
                    failure.get_or_insert(why);
                    return;
                }
            };
            let attr = match (library, translated.is_empty()) {
                (Library::Garde, true) => "#[garde(skip)]".to_owned(),
                (_, true) => String::new(),
                (Library::Garde, false) => format!("#[garde({translated})]"),
                (_, false) => format!("#[validate({translated})]"),
            };
            match attrs.first() {
                Some(first) => {
                    edits.replace(first.span().start(), first.span().end(), &attr);
                    for more in &attrs[1..] {
                        edits.blank(more.span());
                    }
                }
                None if !attr.is_empty() => {
                    let at = field
                        .ident
                        .as_ref()
                        .map_or_else(|| field.ty.span().start(), |i| i.span().start());
                    let vis = match &field.vis {
                        syn::Visibility::Inherited => at,
                        vis => vis.span().start(),
                    };
                    edits.insert(vis, &format!("{attr} "));
                }
                None => {}
            }
        }
    });
    if let Some(why) = failure {
        return Err(why);
    }
    let mut text = edits.apply();
    if !helpers.code.is_empty() {
        text.push_str(
            "\n// Written for this translation: the rules the library has no keyword for.\n",
        );
        text.push_str(&helpers.code.join("\n"));
        text.push('\n');
    }
    Ok(Translation { library, text })
}

/// Functions and statics the translation calls, each written once.
#[derive(Default)]
struct Helpers {
    code: Vec<String>,
    count: usize,
}

impl Helpers {
    /// A check named for `what`, written by `body` (over `value`) once.
    fn check(&mut self, library: Library, what: &str, ty: &str, body: &str) -> String {
        self.count += 1;
        let name = format!("__overhead_{what}_{}", self.count);
        let code = match library {
            Library::Garde => format!(
                "fn {name}(value: &{ty}, _: &()) -> ::garde::Result {{ if {body} {{ Ok(()) }} else {{ Err(::garde::Error::new(\"{what}\")) }} }}"
            ),
            _ => format!(
                "fn {name}(value: &{ty}) -> Result<(), ::validator::ValidationError> {{ if {body} {{ Ok(()) }} else {{ Err(::validator::ValidationError::new(\"{what}\")) }} }}"
            ),
        };
        self.code.push(code);
        name
    }

    fn regex(&mut self, pattern: &str) -> String {
        self.count += 1;
        let name = format!("__OVERHEAD_RE_{}", self.count);
        self.code.push(format!(
            "static {name}: ::std::sync::LazyLock<::regex::Regex> = ::std::sync::LazyLock::new(|| ::regex::Regex::new({pattern:?}).expect(\"the pattern of the definitions\"));"
        ));
        name
    }
}

/// A field's rules in `library`'s form, comma-separated.
fn rules(
    specs: &[RuleSpec],
    field: &FieldDef,
    library: Library,
    helpers: &mut Helpers,
) -> Result<String, String> {
    let mut out: Vec<String> = Vec::new();
    let text_ty = "str";
    for spec in specs {
        let custom = |helpers: &mut Helpers, what: &str, body: &str| -> String {
            let name = helpers.check(library, what, text_ty, body);
            match library {
                Library::Garde => format!("custom({name})"),
                _ => format!("custom(function = \"{name}\")"),
            }
        };
        let rule = match (&spec.kind, library) {
            // Each library's `email` is its own check, under one word.
            (
                RuleKind::Text(TextRule::Email | TextRule::ValidatorEmail | TextRule::GardeEmail),
                _,
            ) => "email".to_owned(),
            (RuleKind::Text(TextRule::Url), _) => "url".to_owned(),
            (RuleKind::Length(l), _) => {
                let mut parts = Vec::new();
                if let Some(min) = l.min {
                    parts.push(format!("min = {min}"));
                }
                if let Some(max) = l.max {
                    parts.push(format!("max = {max}"));
                }
                if let Some(equal) = l.equal {
                    parts.push(format!("equal = {equal}"));
                }
                // domainstack's `min_len`/`max_len` count bytes, as garde's
                // default does; validator counts chars.
                let mode = match (library, l.mode) {
                    (Library::Garde, Some(LengthMode::Chars)) => "chars, ",
                    _ => "",
                };
                format!("length({mode}{})", parts.join(", "))
            }
            (RuleKind::Range(r), _) => {
                let mut parts = Vec::new();
                if let Some(min) = r.min {
                    parts.push(format!("min = {}", number(min)));
                }
                if let Some(max) = r.max {
                    parts.push(format!("max = {}", number(max)));
                }
                if r.exclusive_min.is_some() || r.exclusive_max.is_some() {
                    return Err(format!(
                        "an exclusive `range` on `{}` has no form in {}",
                        field.rust_name(),
                        library.name()
                    ));
                }
                format!("range({})", parts.join(", "))
            }
            (RuleKind::RangeFrom(r), Library::Garde) => {
                let side = |name: &str,
                            field: &Option<String>,
                            n: Option<overhead_schema::Number>| match (
                    field, n,
                ) {
                    (Some(field), _) => Some(format!("{name} = self.{field}")),
                    (None, Some(n)) => Some(format!("{name} = {}", number(n))),
                    (None, None) => None,
                };
                let parts: Vec<String> = [
                    side("min", &r.min, r.spec.min),
                    side("max", &r.max, r.spec.max),
                ]
                .into_iter()
                .flatten()
                .collect();
                format!("range({})", parts.join(", "))
            }
            (RuleKind::Text(TextRule::Alphanumeric), Library::Garde) => "alphanumeric".to_owned(),
            (RuleKind::Text(TextRule::Alphanumeric), _) => custom(
                helpers,
                "alphanumeric",
                "value.chars().all(char::is_alphanumeric)",
            ),
            (RuleKind::Text(TextRule::Ascii), Library::Garde) => "ascii".to_owned(),
            (RuleKind::Text(TextRule::Ascii), _) => custom(helpers, "ascii", "value.is_ascii()"),
            (RuleKind::NonEmpty, _) => "length(min = 1)".to_owned(),
            (RuleKind::Text(TextRule::NonBlank), _) => custom(
                helpers,
                "non_blank",
                "!value.chars().all(char::is_whitespace)",
            ),
            // The library's own word for the needle rule (the registry's),
            // else a custom function that does what the rule does.
            (RuleKind::Needle(needle, s), library) => {
                let dialect = match library {
                    Library::Garde => Dialect::Garde,
                    _ => Dialect::Validator,
                };
                match (registry::needle_word(dialect, *needle), library) {
                    (Some(word), Library::Garde) => format!("{word}({s:?})"),
                    (Some(word), _) => format!("{word}(pattern = {s:?})"),
                    (None, _) => custom(
                        helpers,
                        needle.name(),
                        &needle.std_check().replace("{needle}", &format!("{s:?}")),
                    ),
                }
            }
            (RuleKind::Regex(RegexSource::Literal(p)), Library::Garde) => format!("pattern({p:?})"),
            (RuleKind::Regex(RegexSource::Literal(p)), _) => {
                format!("regex(path = *{})", helpers.regex(p))
            }
            (RuleKind::OneOf(values), _) => {
                let strings: Option<Vec<String>> = values
                    .iter()
                    .map(|v| match v {
                        Literal::Str(s) => Some(format!("{s:?}")),
                        _ => None,
                    })
                    .collect();
                let Some(strings) = strings else {
                    return Err(format!(
                        "`one_of` on numbers (`{}`) has no form in {}",
                        field.rust_name(),
                        library.name()
                    ));
                };
                custom(
                    helpers,
                    "one_of",
                    &format!("[{}].contains(&value)", strings.join(", ")),
                )
            }
            (RuleKind::Required, _) => "required".to_owned(),
            (RuleKind::Nested, Library::Garde) => "dive".to_owned(),
            (RuleKind::Nested, _) => "nested".to_owned(),
            (RuleKind::Each(inner), Library::Garde) => {
                format!("inner({})", rules(inner, field, library, helpers)?)
            }
            (kind, _) => {
                return Err(format!(
                    "`{}` on `{}` has no form in {}'s derive",
                    keyword(kind),
                    field.rust_name(),
                    library.name()
                ));
            }
        };
        out.push(rule);
    }
    // validator needs `length` once per field: min and max together.
    Ok(merge_lengths(out).join(", "))
}

fn number(n: overhead_schema::Number) -> String {
    match n {
        overhead_schema::Number::Int(i) => i.to_string(),
        overhead_schema::Number::Float(f) => format!("{f:?}"),
    }
}

fn keyword(kind: &RuleKind) -> String {
    match kind {
        RuleKind::Custom(path, _) => format!("custom = {}", path.to_token_stream()),
        RuleKind::Regex(RegexSource::Path(p)) => format!("regex(path = {})", p.to_token_stream()),
        other => format!("{:?}", other.id()).to_lowercase(),
    }
}

/// Two `length(…)` of one field as one (`min_len = 3, max_len = 20`), where
/// the first was.
fn merge_lengths(rules: Vec<String>) -> Vec<String> {
    let is_length = |r: &String| r.starts_with("length(");
    if rules.iter().filter(|r| is_length(r)).count() < 2 {
        return rules;
    }
    let parts: Vec<String> = rules
        .iter()
        .filter(|r| is_length(r))
        .map(|l| l["length(".len()..l.len() - 1].to_owned())
        .filter(|p| !p.is_empty())
        .collect();
    let merged = format!("length({})", parts.join(", "));
    let mut out = Vec::new();
    for rule in rules {
        if !is_length(&rule) {
            out.push(rule);
        } else if !out.contains(&merged) {
            out.push(merged.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const USER_SIGNUP: &str = "use overhead_validate::Validate;\nuse serde::Deserialize;\n\n#[derive(Debug, Deserialize, Validate)]\npub struct UserSignup {\n    #[validate(email, max_len = 255)]\n    pub email: String,\n    #[validate(range(min = 18, max = 120))]\n    pub age: u8,\n    #[validate(alphanumeric, min_len = 3, max_len = 20)]\n    pub username: String,\n}\n";

    #[test]
    fn user_signup_in_validators_form_checks_alphanumeric_with_a_function() {
        let t = translate(USER_SIGNUP, Library::Validator).expect("translates");
        assert!(
            t.text.contains("#[validate(email, length(max = 255))]"),
            "{}",
            t.text
        );
        assert!(
            t.text.contains("#[validate(range(min = 18, max = 120))]"),
            "{}",
            t.text
        );
        assert!(
            t.text.contains("#[validate(custom(function = \"__overhead_alphanumeric_1\"), length(min = 3, max = 20))]"),
            "{}",
            t.text
        );
        assert!(
            t.text.contains("fn __overhead_alphanumeric_1(value: &str)"),
            "{}",
            t.text
        );
    }

    #[test]
    fn user_signup_in_gardes_form() {
        let t = translate(USER_SIGNUP, Library::Garde).expect("translates");
        assert!(
            t.text.contains("#[garde(email, length(max = 255))]"),
            "{}",
            t.text
        );
        assert!(
            t.text
                .contains("#[garde(alphanumeric, length(min = 3, max = 20))]"),
            "{}",
            t.text
        );
    }

    #[test]
    fn a_field_without_rules_is_skipped_by_garde_and_a_custom_rule_has_no_form() {
        let t = translate(
            "#[derive(Deserialize, Validate)]\npub struct A {\n    pub note: String,\n}\n",
            Library::Garde,
        )
        .expect("translates");
        assert!(
            t.text.contains("#[garde(skip)] pub note: String"),
            "{}",
            t.text
        );
        let error = translate("#[derive(Deserialize, Validate)]\npub struct A {\n    #[validate(custom = \"check\")]\n    pub note: String,\n}\n", Library::Garde)
            .expect_err("no form");
        assert!(error.contains("custom"), "{error}");
    }
}
