//! Generic definitions at concrete types: `Envelope<User>` as the root, or a
//! field of type `Page<Item>`, runs as rustc would monomorphize it. Each use
//! with concrete arguments becomes a definition of its own (a copy with the
//! parameters replaced), named by its key (`Envelope<User>`), which
//! [`resolve`](crate::ty::resolve) looks up when a path carries arguments.

use std::collections::HashMap;

use overhead_schema::instance::substitute;
pub use overhead_schema::instance::{key, root_key};
use overhead_schema::{Diagnostic, Severity, Shape, TypeDef};
use proc_macro2::Span;

/// How many instances one set of definitions may make: polymorphic recursion
/// (`struct A<T> { next: Option<Box<A<Vec<T>>>> }`) would make them forever.
const MAX_INSTANCES: usize = 64;

/// The definitions with their instances appended, and each one's name as a
/// path resolves it (`User`, `Envelope<User>`).
pub struct Instances {
    pub types: Vec<TypeDef>,
    pub keys: Vec<String>,
    /// The number of definitions the analysis had (instances come after).
    pub defined: usize,
    /// A use the limit stopped, or a root that is not a type.
    pub errors: Vec<Diagnostic>,
}

/// Instantiates every generic definition the definitions use with concrete
/// arguments, and the root's when it carries them (`root` is then its key).
pub fn instantiate(types: &[TypeDef], root: Option<&str>) -> Instances {
    let mut out = Instances {
        keys: types.iter().map(|t| t.ident.to_string()).collect(),
        types: types.to_vec(),
        defined: types.len(),
        errors: Vec::new(),
    };
    let generic: HashMap<String, usize> = types
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.type_params.is_empty())
        .map(|(i, t)| (t.ident.to_string(), i))
        .collect();
    if generic.is_empty() {
        return out;
    }
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut queue: Vec<usize> = (0..types.len())
        .filter(|&i| types[i].type_params.is_empty())
        .collect();
    if let Some(root) = root.filter(|r| r.contains('<')) {
        match syn::parse_str::<syn::Type>(root) {
            Ok(ty) => out.use_type(&ty, &generic, &mut index, &mut queue),
            Err(e) => out.errors.push(Diagnostic::at(
                Severity::Error,
                Span::call_site(),
                format!("the root `{root}` is not a type ({e})"),
            )),
        }
    }
    while let Some(id) = queue.pop() {
        let tys: Vec<syn::Type> = out.types[id].all_fields().map(|f| f.ty.clone()).collect();
        for ty in &tys {
            out.use_type(ty, &generic, &mut index, &mut queue);
        }
    }
    out
}

impl Instances {
    /// Instantiates what `ty` names with arguments, inside its arguments too.
    fn use_type(
        &mut self,
        ty: &syn::Type,
        generic: &HashMap<String, usize>,
        index: &mut HashMap<String, usize>,
        queue: &mut Vec<usize>,
    ) {
        match ty {
            syn::Type::Reference(r) => self.use_type(&r.elem, generic, index, queue),
            syn::Type::Paren(p) => self.use_type(&p.elem, generic, index, queue),
            syn::Type::Group(g) => self.use_type(&g.elem, generic, index, queue),
            syn::Type::Slice(s) => self.use_type(&s.elem, generic, index, queue),
            syn::Type::Array(a) => self.use_type(&a.elem, generic, index, queue),
            syn::Type::Tuple(t) => t
                .elems
                .iter()
                .for_each(|e| self.use_type(e, generic, index, queue)),
            syn::Type::Path(p) => {
                let Some(last) = p.path.segments.last() else {
                    return;
                };
                let args = overhead_schema::shape::type_args(last);
                for arg in &args {
                    self.use_type(arg, generic, index, queue);
                }
                let Some(&def) = generic.get(&last.ident.to_string()) else {
                    return;
                };
                let params = &self.types[def].type_params;
                if args.len() != params.len() {
                    return;
                }
                let key = key(last);
                if index.contains_key(&key) {
                    return;
                }
                if self.types.len() - self.defined >= MAX_INSTANCES {
                    self.errors.push(Diagnostic::at(
                        Severity::Error,
                        last.ident.span(),
                        format!(
                            "`{key}` would be one instance too many ({MAX_INSTANCES} at most): \
                             does a generic type name itself with other arguments?"
                        ),
                    ));
                    return;
                }
                let substitutions: HashMap<String, syn::Type> = params
                    .iter()
                    .cloned()
                    .zip(args.into_iter().cloned())
                    .collect();
                let mut instance = self.types[def].clone();
                instance.type_params.clear();
                for field in instance.all_fields_mut() {
                    substitute(&mut field.ty, &substitutions);
                    field.shape = Shape::of(&field.ty);
                }
                let id = self.types.len();
                self.types.push(instance);
                self.keys.push(key.clone());
                index.insert(key, id);
                queue.push(id);
            }
            _ => {}
        }
    }

    /// Whether the generic definition `id` has an instance.
    pub fn is_instantiated(&self, id: usize) -> bool {
        let ident = &self.types[id].ident;
        self.types[self.defined..].iter().any(|t| t.ident == *ident)
    }
}

#[cfg(test)]
mod tests {
    use crate::run::{Error, Interpreter};

    const ENVELOPE: &str = r#"
#[derive(Deserialize, Validate)]
pub struct Envelope<T> {
    #[validate(length(min = 1))]
    pub request_id: String,
    #[validate(nested)]
    pub data: T,
    #[validate(nested)]
    pub pages: Option<Page<T>>,
}

#[derive(Deserialize, Validate)]
pub struct Page<T> {
    #[validate(nested)]
    pub items: Vec<T>,
}

#[derive(Deserialize, Validate)]
pub struct User {
    #[validate(email)]
    pub email: String,
}
"#;

    fn outcome(engine: &Interpreter, text: &str) -> String {
        match engine.decode_validated(text) {
            Ok(_) => "ok".into(),
            Err(Error::Syntax(e)) => e.to_string(),
            Err(Error::Invalid(v)) => v
                .iter()
                .map(|v| format!("{} {}", v.path, v.code))
                .collect::<Vec<_>>()
                .join("; "),
        }
    }

    #[test]
    fn a_generic_root_runs_at_its_arguments() {
        let engine = Interpreter::new(ENVELOPE, Some("Envelope<User>")).expect("plans");
        assert_eq!(
            outcome(
                &engine,
                r#"{"request_id":"r1","data":{"email":"a@b.co"},"pages":{"items":[{"email":"c@d.io"}]}}"#
            ),
            "ok"
        );
        let broken = outcome(
            &engine,
            r#"{"request_id":"","data":{"email":"nope"},"pages":{"items":[{"email":"x"}]}}"#,
        );
        for path in ["request_id", "data.email", "pages.items[0].email"] {
            assert!(broken.contains(path), "{path} in {broken}");
        }
        // `data` is a `User` here, so a string is the wrong type.
        assert!(outcome(&engine, r#"{"request_id":"r","data":"x"}"#).contains("invalid type"));
    }

    #[test]
    fn a_field_names_a_generic_type_at_its_arguments() {
        let paste = format!(
            "{ENVELOPE}\n#[derive(Deserialize, Validate)]\npub struct Listing {{\n    #[validate(nested)]\n    pub users: Page<User>,\n}}\n"
        );
        let engine = Interpreter::new(&paste, Some("Listing")).expect("plans");
        assert_eq!(outcome(&engine, r#"{"users":{"items":[]}}"#), "ok");
        assert!(
            outcome(&engine, r#"{"users":{"items":[{"email":"x"}]}}"#)
                .contains("users.items[0].email")
        );
        let diagnosis = crate::diagnose::diagnose(&paste, Some("Listing"));
        assert!(diagnosis.runnable, "{:?}", diagnosis.diagnostics);
        assert_eq!(diagnosis.types, ["User", "Listing", "Page<User>"]);
    }

    #[test]
    fn a_generic_root_without_arguments_says_how_to_name_it() {
        let Err(errors) = Interpreter::new(ENVELOPE, Some("Envelope")) else {
            panic!("a generic root without arguments cannot run");
        };
        let message = errors[0].to_string();
        assert!(
            message.contains("`Envelope<serde_json::Value>`"),
            "{message}"
        );
    }

    #[test]
    fn polymorphic_recursion_stops_with_an_error() {
        let paste =
            "struct A<T> { v: T, next: Option<Box<A<Vec<T>>>> }\nstruct Root { a: A<u8> }\n";
        let Err(errors) = Interpreter::new(paste, Some("Root")) else {
            panic!("endless instances cannot run");
        };
        assert!(
            errors
                .iter()
                .any(|e| e.to_string().contains("one instance too many")),
            "{errors:?}"
        );
    }
}
