//! What a paste may assume: a type it names but does not define (it lives
//! elsewhere in the person's codebase, or a macro makes it) still runs. Its
//! form is read off the inputs where they show it (a string, a number, an
//! object with these keys, an array…), otherwise it reads any JSON value. The
//! definitions that say so are added after the paste, so every line and
//! column of the paste stays where it was, and each assumption is a warning at
//! the type's first use, with the definition a quick fix can insert.

mod form;

use std::collections::HashMap;

use overhead_schema::{
    Analysis, Diagnostic, FieldDef, Severity, Shape, TypeDef, TypeKind, analyze,
};
use serde::Serialize;

pub use form::{Form, definitions};

use crate::generic::{self, Instances};
use crate::root::Automatic;
use crate::ty::{TypeId, resolve};

/// How many rounds of adding definitions: one finds every name a field names
/// directly; a definition from the inputs names no undefined type, so more are
/// needed only for names inside names (`HashMap<A, B>` with both undefined).
const MAX_ROUNDS: usize = 8;

/// How deep the inputs are followed to find an undefined type's values.
const MAX_DEPTH: usize = 32;

/// The paste with what it assumes added, and what was assumed.
#[derive(Debug, Clone)]
pub struct Completion {
    /// The paste, then one definition per assumed type.
    pub text: String,
    pub assumed: Vec<Assumed>,
    /// Standard library types added with their own serde form (`Duration`):
    /// nothing is assumed about them.
    pub known: Vec<String>,
    /// The root chosen when none was named (`root::choose`); the completion
    /// follows the inputs from it.
    pub root: Option<Automatic>,
}

/// One type the paste names and does not define.
#[derive(Debug, Clone, Serialize)]
pub struct Assumed {
    pub name: String,
    /// Its Rust definition, as added (and as the quick fix inserts it).
    pub definition: String,
    /// The warning at its first use.
    pub warning: Diagnostic,
}

impl Completion {
    /// The warnings, one per assumed type.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.assumed.iter().map(|a| &a.warning)
    }
}

/// `schema` with a definition for every type it names and does not define,
/// read off `inputs` (JSON texts; those that do not parse are passed over).
pub fn complete(schema: &str, root: Option<&str>, inputs: &[&str]) -> Completion {
    complete_values(schema, root, &parsed(inputs))
}

/// The inputs that parse as JSON, as values (what a completion reads).
pub fn parsed(inputs: &[&str]) -> Vec<serde_json::Value> {
    inputs
        .iter()
        .filter_map(|text| serde_json::from_str(text).ok())
        .collect()
}

/// [`complete`] with the inputs parsed already (those that did not parse left out).
pub fn complete_values(
    schema: &str,
    root: Option<&str>,
    values: &[serde_json::Value],
) -> Completion {
    complete_analyzed(schema, root, values).0
}

/// [`complete`], and the analysis of the completed text. The completion
/// analyses that text on its way (its last round finds nothing to add), so
/// a caller that reads the text next (the editor's diagnosis, the
/// interpreter) takes this one rather than parsing the paste again: the
/// analysis is most of what an edit costs (a 328-line paste: 10 M
/// instructions an analysis, of 22 M for its diagnosis when it was made
/// twice).
pub fn complete_analyzed(
    schema: &str,
    root: Option<&str>,
    values: &[serde_json::Value],
) -> (Completion, Analysis) {
    // The paste's own analysis serves the root's choice and the first round.
    let mut analysis = Some(analyze(schema));
    let automatic = match (root, &analysis) {
        (None, Some(first)) => crate::root::choose(schema, &first.types, values),
        _ => None,
    };
    let root = root.or(automatic.as_ref().map(|a| a.name.as_str()));
    let mut text = schema.to_owned();
    let mut assumed: Vec<Assumed> = Vec::new();
    let mut known: Vec<String> = Vec::new();
    // The analysis of `text` as it is when nothing more is added.
    let mut last = None;
    for _ in 0..MAX_ROUNDS {
        let analysis = analysis.take().unwrap_or_else(|| analyze(&text));
        // Generic definitions as the root and the fields use them.
        let instances = generic::instantiate(&analysis.types, root);
        let missing = undefined(&instances);
        let (std_types, fresh): (Vec<_>, Vec<_>) = missing
            .into_iter()
            .filter(|(name, _)| assumed.iter().all(|a| a.name != *name) && !known.contains(name))
            .partition(|(name, _)| std_definition(schema, name).is_some());
        if fresh.is_empty() && std_types.is_empty() {
            drop(instances);
            last = Some(analysis);
            break;
        }
        for (name, _) in std_types {
            text.push('\n');
            text.push_str(std_definition(schema, &name).unwrap_or_default());
            known.push(name);
        }
        let seen = Seen::collect(&instances, root, values);
        let keys = map_keys(&analysis);
        for (name, span) in fresh {
            // A map's key is a JSON object's key: a string, whatever else it is.
            let shown = seen.shown(&name);
            // Without an input showing it, the rules on it say what it is (a
            // `length` rule on an imported `Sku`: a string), as serde will
            // find it when inputs come.
            let implied = (!shown)
                .then(|| implied_by_rules(&instances, &name))
                .flatten();
            let (form, because) = if keys.contains(&name) {
                (Form::Str, ", as a map's key".to_owned())
            } else if let Some((form, rule)) = implied {
                (
                    form,
                    format!(", as its `{rule}` rule implies (no input shows it)"),
                )
            } else if shown {
                (seen.form(&name), ", as the inputs show it".to_owned())
            } else {
                (Form::Nothing, ", since no input shows it".to_owned())
            };
            let definition = definitions(&name, &form);
            // A type the paste dives into (`nested`, `dive`) has rules of its
            // own where it is defined: a newtype of the form, with none here.
            let definition = if dived_into(&instances, &name) {
                as_newtype(&name, definition)
            } else {
                definition
            };
            let warning = Diagnostic::at(
                Severity::Warning,
                span,
                format!(
                    "`{name}` is not defined in the paste; it is read as {}{because} (a quick fix inserts a definition to edit)",
                    form.describe(),
                ),
            );
            text.push('\n');
            text.push_str(&definition);
            assumed.push(Assumed {
                name,
                definition,
                warning,
            });
        }
    }
    // Every round added something: the text grew after its last analysis.
    let analysis = last.unwrap_or_else(|| analyze(&text));
    let completion = Completion {
        text,
        assumed,
        known,
        root: automatic,
    };
    (completion, analysis)
}

/// `std::time::Duration` as serde reads and writes it: `{"secs": …, "nanos": …}`
/// (or the pair as a sequence), every other key refused. A paste that takes
/// `Duration` from another crate (`chrono`, `time`) leaves it to be assumed.
const STD_DURATION: &str = "/// `std::time::Duration`'s own serde form.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Duration {
    pub secs: u64,
    pub nanos: u32,
}
";

/// The definition of the standard library type `name` as the paste uses it.
fn std_definition(schema: &str, name: &str) -> Option<&'static str> {
    if name != "Duration" {
        return None;
    }
    // chrono's or time's `Duration` (a path or a `use` naming the crate on a
    // line that names `Duration`); tokio's is std's.
    let foreign = schema
        .lines()
        .filter(|line| line.contains("Duration"))
        .any(|line| {
            let std_use = ["use std", "use core", "use tokio"]
                .iter()
                .any(|p| line.trim_start().starts_with(p));
            line.contains("chrono")
                || !std_use
                    && line.match_indices("time::").any(|(at, _)| {
                        let before = &line[..at];
                        !["std::", "core::", "tokio::"]
                            .iter()
                            .any(|p| before.ends_with(p))
                    })
        });
    (!foreign).then_some(STD_DURATION)
}

/// Each undefined type name, with its first use.
fn undefined(instances: &Instances) -> Vec<(String, proc_macro2::Span)> {
    let names: HashMap<String, TypeId> = instances
        .keys
        .iter()
        .enumerate()
        .map(|(i, key)| (key.clone(), i))
        .collect();
    let mut out: Vec<(String, proc_macro2::Span)> = Vec::new();
    for def in &instances.types {
        for field in def.all_fields() {
            if let Err(e) = resolve(&field.ty, &names)
                && let Some(name) = e.undefined
                && out.iter().all(|(n, _)| *n != name)
                // A generic definition's own parameters are not types to assume.
                && !def.type_params.contains(&name)
            {
                out.push((name, e.span));
            }
        }
    }
    out
}

/// The form the rules on fields of type `name` (or `Option<name>`) imply, and
/// the first such rule's name: a rule for strings (`length` too, whose other
/// reading, a collection, an imported type is less often) makes it a string,
/// one for numbers a number. `None` when no rule says.
fn implied_by_rules(instances: &Instances, name: &str) -> Option<(Form, &'static str)> {
    use overhead_schema::registry::AppliesTo;
    let of_name = |shape: &Shape| match shape {
        Shape::Named(n) => n == name,
        Shape::Option(inner) => matches!(&**inner, Shape::Named(n) if n == name),
        _ => false,
    };
    instances
        .types
        .iter()
        .flat_map(|t| t.all_fields())
        .filter(|f| of_name(&f.shape))
        .flat_map(|f| &f.rules)
        .find_map(|rule| {
            let info = rule.kind.id().info();
            let form = match info.applies_to {
                AppliesTo::Str | AppliesTo::StrOrCollection | AppliesTo::StrOrNumber => Form::Str,
                AppliesTo::Number => Form::Float,
                AppliesTo::Seq | AppliesTo::Collection => Form::Array(Box::new(Form::Nothing)),
                AppliesTo::Option | AppliesTo::Named | AppliesTo::Any => return None,
            };
            Some((form, info.name))
        })
}

/// Whether a rule that validates a type's own rules (`nested`, `dive`) sits
/// on a field of type `name` (inside `Option`, `Vec`, a map too).
fn dived_into(instances: &Instances, name: &str) -> bool {
    use overhead_schema::registry::AppliesTo;
    fn names(shape: &Shape, name: &str) -> bool {
        match shape {
            Shape::Named(n) => n == name,
            Shape::Option(inner) | Shape::Seq(inner) | Shape::Map(inner) => names(inner, name),
            _ => false,
        }
    }
    instances
        .types
        .iter()
        .flat_map(|t| t.all_fields())
        .filter(|f| names(&f.shape, name))
        .flat_map(|f| &f.rules)
        .any(|rule| rule.kind.id().info().applies_to == AppliesTo::Named)
}

/// `type X = T;` (the first line of an assumed definition) as a transparent
/// newtype of `T`, the lines after it kept.
fn as_newtype(name: &str, definition: String) -> String {
    let alias = format!("type {name} = ");
    match definition
        .strip_prefix(&alias)
        .and_then(|rest| rest.split_once(";\n"))
    {
        Some((ty, after)) => format!(
            "#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]\n#[serde(transparent)]\npub struct {name}(pub {ty});\n{after}"
        ),
        None => definition,
    }
}

/// The names used as a map's key type anywhere in the definitions.
fn map_keys(analysis: &Analysis) -> Vec<String> {
    fn walk(ty: &syn::Type, out: &mut Vec<String>) {
        let syn::Type::Path(path) = ty else { return };
        for segment in &path.path.segments {
            let syn::PathArguments::AngleBracketed(args) = &segment.arguments else {
                continue;
            };
            let types: Vec<&syn::Type> = args
                .args
                .iter()
                .filter_map(|a| match a {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                })
                .collect();
            let is_map = matches!(
                segment.ident.to_string().as_str(),
                "HashMap" | "BTreeMap" | "IndexMap"
            );
            if is_map
                && let Some(syn::Type::Path(key)) = types.first()
                && let Some(last) = key.path.segments.last()
            {
                out.push(last.ident.to_string());
            }
            for t in types {
                walk(t, out);
            }
        }
    }
    let mut out = Vec::new();
    for def in &analysis.types {
        for field in def.all_fields() {
            walk(&field.ty, &mut out);
        }
    }
    out
}

/// The definitions (and generic instances) by the name a path gives them.
struct Types<'t>(HashMap<&'t str, &'t TypeDef>);

/// The JSON values found where the definitions put each undefined type,
/// each with the keys of its object that serde does not hand it (none, but
/// for a flattened type's: those its struct and earlier flattened structs
/// take).
struct Seen<'a> {
    by_name: HashMap<String, Vec<(&'a serde_json::Value, Vec<&'a str>)>>,
}

impl<'a> Seen<'a> {
    fn collect(
        instances: &Instances,
        root: Option<&str>,
        values: &'a [serde_json::Value],
    ) -> Seen<'a> {
        let mut seen = Seen {
            by_name: HashMap::new(),
        };
        let types = Types(
            instances
                .keys
                .iter()
                .map(String::as_str)
                .zip(&instances.types)
                .collect(),
        );
        let root = match root {
            Some(name) => types.0.get(generic::root_key(name).as_str()).copied(),
            None => instances.types.first(),
        };
        if let Some(root) = root {
            for value in values {
                seen.visit_def(&types, root, value, 0);
            }
        }
        seen
    }

    fn shown(&self, name: &str) -> bool {
        self.by_name
            .get(name)
            .is_some_and(|values| !values.is_empty())
    }

    /// The form of what the inputs show of `name`.
    fn form(&self, name: &str) -> Form {
        let values = self.by_name.get(name).into_iter().flatten();
        Form::of_left(values.map(|(value, taken)| (*value, &taken[..])))
    }

    fn visit_def(
        &mut self,
        types: &Types,
        def: &TypeDef,
        value: &'a serde_json::Value,
        depth: usize,
    ) {
        if depth > MAX_DEPTH {
            return;
        }
        let TypeKind::Struct { fields, .. } = &def.kind else {
            return;
        };
        let serde_json::Value::Object(map) = value else {
            return;
        };
        // serde reads the struct's own keys first and hands what is left to
        // its flattened fields in declaration order, each flattened struct
        // taking the keys it knows: an undefined one is shown only those
        // (it would otherwise be assumed to need the struct's own keys,
        // which never reach it), and is assumed to take all of them.
        let own = |key: &str| own_keys(fields).any(|own| own == key);
        let mut taken: Vec<&'a str> = Vec::new();
        for field in fields {
            if field.flatten {
                match undefined_path(types, &field.ty) {
                    Some(name) => {
                        let left_out: Vec<&'a str> = map
                            .keys()
                            .map(String::as_str)
                            .filter(|key| own(key) || taken.contains(key))
                            .collect();
                        // Assumed to take every key it is handed.
                        taken = map.keys().map(String::as_str).collect();
                        self.by_name
                            .entry(name)
                            .or_default()
                            .push((value, left_out));
                    }
                    None => {
                        self.visit_ty(types, &field.ty, value, depth + 1);
                        let keys = struct_keys(types, &field.ty);
                        taken.extend(
                            map.keys()
                                .map(String::as_str)
                                .filter(|key| keys.contains(key)),
                        );
                    }
                }
                continue;
            }
            let found = std::iter::once(&field.name)
                .chain(&field.aliases)
                .find_map(|key| map.get(key));
            if let Some(inner) = found {
                self.visit_ty(types, &field.ty, inner, depth + 1);
            }
        }
    }

    fn visit_ty(
        &mut self,
        types: &Types,
        ty: &syn::Type,
        value: &'a serde_json::Value,
        depth: usize,
    ) {
        if depth > MAX_DEPTH {
            return;
        }
        let ty = match ty {
            syn::Type::Reference(r) => &*r.elem,
            syn::Type::Paren(p) => &*p.elem,
            syn::Type::Group(g) => &*g.elem,
            other => other,
        };
        let syn::Type::Path(path) = ty else {
            if let (syn::Type::Slice(s), serde_json::Value::Array(items)) = (ty, value) {
                for item in items {
                    self.visit_ty(types, &s.elem, item, depth + 1);
                }
            }
            return;
        };
        let Some(last) = path.path.segments.last() else {
            return;
        };
        let name = last.ident.to_string();
        let args = overhead_schema::shape::type_args(last);
        if let Some(def) = types.0.get(generic::key(last).as_str()) {
            self.visit_def(types, def, value, depth);
            return;
        }
        match (name.as_str(), args.as_slice(), value) {
            ("Option", [inner], v) if !v.is_null() => self.visit_ty(types, inner, v, depth + 1),
            ("Box" | "Rc" | "Arc" | "Cow", [.., inner], v) => {
                self.visit_ty(types, inner, v, depth + 1)
            }
            (
                "Vec" | "VecDeque" | "LinkedList" | "HashSet" | "BTreeSet" | "IndexSet",
                [inner],
                serde_json::Value::Array(items),
            ) => {
                for item in items {
                    self.visit_ty(types, inner, item, depth + 1);
                }
            }
            ("HashMap" | "BTreeMap" | "IndexMap", [_, inner], serde_json::Value::Object(map)) => {
                for item in map.values() {
                    self.visit_ty(types, inner, item, depth + 1);
                }
            }
            _ if names_undefined(ty, &name) => {
                self.by_name
                    .entry(name)
                    .or_default()
                    .push((value, Vec::new()));
            }
            _ => {}
        }
    }
}

/// Whether `ty`, whose last segment is `name`, is that type undefined (not
/// a standard type, not one the paste defines).
fn names_undefined(ty: &syn::Type, name: &str) -> bool {
    resolve(ty, &HashMap::new()).is_err_and(|e| e.undefined.as_deref() == Some(name))
}

/// The name of `ty` when it is a path to a type the paste does not define.
fn undefined_path(types: &Types, ty: &syn::Type) -> Option<String> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    let name = last.ident.to_string();
    (!types.0.contains_key(generic::key(last).as_str()) && names_undefined(ty, &name))
        .then_some(name)
}

/// The keys a struct reads itself: its fields' names and aliases, but a
/// flattened field's (whose keys are its struct's).
fn own_keys(fields: &[FieldDef]) -> impl Iterator<Item = &str> {
    fields
        .iter()
        .filter(|f| !f.flatten)
        .flat_map(|f| std::iter::once(f.name.as_str()).chain(f.aliases.iter().map(String::as_str)))
}

/// The keys a flattened struct the paste defines takes: its own keys.
fn struct_keys<'t>(types: &Types<'t>, ty: &syn::Type) -> Vec<&'t str> {
    let syn::Type::Path(path) = ty else {
        return Vec::new();
    };
    let def = path
        .path
        .segments
        .last()
        .and_then(|last| types.0.get(generic::key(last).as_str()));
    match def.map(|def| &def.kind) {
        Some(TypeKind::Struct { fields, .. }) => own_keys(fields).collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PASTE: &str = r#"use crate::ids::{UserId, Role};
#[derive(Deserialize, Validate)]
pub struct Invite {
    pub user: UserId,
    #[validate(length(min = 1))]
    pub note: String,
    pub roles: Vec<Role>,
    pub meta: Option<Meta>,
}
"#;

    #[test]
    fn a_type_from_elsewhere_takes_the_form_its_rules_imply_and_one_dived_into_is_a_newtype() {
        let paste = "struct AddItem {\n    #[validate(length(min = 3))]\n    sku: Sku,\n    #[validate(nested)]\n    owner: Option<OwnerId>,\n}\n";
        let done = complete(paste, None, &[]);
        assert!(done.text.contains("type Sku = String;"), "{}", done.text);
        let warning = done.assumed[0].warning.to_string();
        assert!(
            warning.contains("it is read as a string, as its `length` rule implies"),
            "{warning}"
        );
        // `nested` on it: a newtype (with no rules here), not a string nested cannot take.
        let done = complete(paste, None, &[r#"{"sku": "abc", "owner": "u-1"}"#]);
        assert!(
            done.text
                .contains("#[serde(transparent)]\npub struct OwnerId(pub String);"),
            "{}",
            done.text
        );
        assert!(
            crate::diagnose::diagnose_with(paste, None, &[r#"{"sku": "abc", "owner": "u-1"}"#])
                .runnable
        );
    }

    #[test]
    fn undefined_types_take_the_form_the_inputs_show() {
        let inputs = [
            r#"{"user": "u-1", "note": "hi", "roles": [{"name": "admin", "level": 3}], "meta": null}"#,
        ];
        let done = complete(PASTE, Some("Invite"), &inputs);
        let names: Vec<&str> = done.assumed.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["UserId", "Role", "Meta"]);
        assert!(done.text.starts_with(PASTE), "the paste keeps its lines");
        assert!(done.text.contains("type UserId = String;"));
        assert!(
            done.text
                .contains("pub struct Role {\n    pub level: i64,\n    pub name: String,\n}")
        );
        assert!(done.text.contains("type Meta = serde_json::Value;"));
        let warning = done.assumed[0].warning.to_string();
        assert!(
            warning.starts_with("4:15: warning: `UserId` is not defined in the paste; it is read as a string, as the inputs show it"),
            "{warning}"
        );
        let analysis = analyze(&done.text);
        assert!(analysis.is_runnable(), "{:?}", analysis.diagnostics);
    }

    #[test]
    fn without_inputs_an_undefined_type_reads_any_json_value() {
        let done = complete(PASTE, None, &[]);
        assert!(
            done.assumed
                .iter()
                .all(|a| a.definition.contains("serde_json::Value"))
        );
        assert!(
            done.assumed[0]
                .warning
                .message
                .contains("since no input shows it")
        );
    }

    #[test]
    fn a_paste_that_defines_everything_is_left_as_it_is() {
        let text = "struct A { b: B }\nstruct B { c: u8 }\n";
        let done = complete(text, None, &[r#"{"b": {"c": 1}}"#]);
        assert_eq!(done.text, text);
        assert!(done.assumed.is_empty());
    }

    #[test]
    fn std_duration_reads_its_own_serde_form_without_a_warning() {
        let paste = "use std::{collections::HashMap, time::Duration};\n#[derive(Deserialize)]\npub struct Job {\n    pub timeout: Duration,\n    pub retry: Option<std::time::Duration>,\n}\n";
        let done = complete(paste, Some("Job"), &[]);
        assert!(done.assumed.is_empty(), "{:?}", done.assumed);
        assert_eq!(done.known, ["Duration"]);
        let engine = crate::run::Interpreter::new(&done.text, Some("Job")).expect("runs");
        assert!(
            engine
                .decode(r#"{"timeout":{"secs":5,"nanos":0},"retry":[1,500]}"#)
                .is_ok()
        );
        let err = |text: &str| match engine.decode(text) {
            Ok(_) => String::new(),
            Err(e) => e.to_string(),
        };
        assert!(err(r#"{"timeout":{"secs":5},"retry":null}"#).contains("missing field `nanos`"));
        assert!(
            err(r#"{"timeout":{"secs":5,"nanos":0,"ms":1},"retry":null}"#)
                .contains("unknown field `ms`")
        );
        assert!(err(r#"{"timeout":5,"retry":null}"#).contains("invalid type"));
        let diagnosis = crate::diagnose::diagnose(paste, Some("Job"));
        assert_eq!(diagnosis.types, ["Job"]);
        assert!(
            diagnosis.diagnostics.is_empty(),
            "{:?}",
            diagnosis.diagnostics
        );
    }

    #[test]
    fn another_crates_duration_is_assumed_from_the_inputs() {
        for import in ["use chrono::Duration;", "use time::Duration;"] {
            let paste = format!("{import}\npub struct Job {{\n    pub timeout: Duration,\n}}\n");
            let done = complete(&paste, Some("Job"), &[r#"{"timeout": 30}"#]);
            assert!(done.known.is_empty(), "{import}");
            assert_eq!(done.assumed[0].name, "Duration", "{import}");
        }
    }

    /// A query struct that flattens two parameter structs defined elsewhere
    /// (a shape common in public web handlers): serde reads the struct's own
    /// keys first and hands the rest to the flattened structs in order, so
    /// the first undefined one is assumed to take what is left, not the
    /// struct's own keys (which never reach it), and the next finds nothing.
    #[test]
    fn a_flattened_undefined_type_takes_the_keys_its_struct_leaves() {
        let paste = r#"
#[derive(Debug, Deserialize, Validate)]
pub struct UserPageParams {
    pub username: Option<String>,
    #[serde(alias = "mail")]
    pub email: Option<String>,
    pub status: Option<i32>,
    #[serde(flatten)]
    #[validate(nested)]
    pub page: PageParams,
    #[serde(flatten)]
    #[validate(nested)]
    pub time_range: TimeRangeParams,
}
"#;
        let valid = r#"{"username": "ada", "mail": "ada@example.com", "status": 1, "page": 1, "pageSize": 20, "startTime": "2024-01-01"}"#;
        let other = r#"{"username": "bo", "status": 2, "page": 3}"#;
        let done = complete(paste, None, &[valid, other]);
        let warnings: Vec<String> = done.assumed.iter().map(|a| a.warning.to_string()).collect();
        assert!(
            warnings[0].contains("`PageParams` is not defined in the paste; it is read as an object with keys `page`, `pageSize`, `startTime`,"),
            "{warnings:?}"
        );
        assert!(
            warnings[1].contains(
                "`TimeRangeParams` is not defined in the paste; it is read as an object,"
            ),
            "{warnings:?}"
        );
        let engine = crate::run::Interpreter::new(&done.text, None).expect("runs");
        for input in [valid, other] {
            let value = engine.decode(input).expect("the inputs decode");
            let json: serde_json::Value =
                serde_json::from_str(&engine.to_json(&value).expect("writes")).expect("json");
            assert_eq!(
                json["status"],
                serde_json::from_str::<serde_json::Value>(input).expect("json")["status"]
            );
        }
        // The struct's own keys are still its own: a wrong type there is its error.
        assert!(engine.decode(r#"{"status": "one", "page": 1}"#).is_err());
    }
}
