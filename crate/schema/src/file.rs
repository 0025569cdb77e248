//! Analysis of a whole definitions file, as a user types it.

use serde::Serialize;
use syn::spanned::Spanned;

use crate::diagnostic::{Diagnostic, Errors};
use crate::model::TypeDef;

/// The types of a file and everything worth telling about it.
pub struct Analysis {
    pub types: Vec<TypeDef>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Analysis {
    /// Whether it can run: no errors.
    pub fn is_runnable(&self) -> bool {
        !self.types.is_empty()
            && self
                .diagnostics
                .iter()
                .all(|d| d.severity != crate::Severity::Error)
    }

    pub fn type_named(&self, name: &str) -> Option<&TypeDef> {
        self.types.iter().find(|t| t.ident == name)
    }
}

/// A summary for tools: the type names and the diagnostics.
#[derive(Serialize)]
pub struct Summary<'a> {
    pub types: Vec<String>,
    pub diagnostics: &'a [Diagnostic],
}

/// Parses `text` and reads every struct and enum in it. `use` lines, `impl`
/// blocks, functions and other items are skipped: only data definitions matter.
pub fn analyze(text: &str) -> Analysis {
    let file = match syn::parse_file(text) {
        Ok(file) => file,
        Err(e) => {
            return Analysis {
                types: Vec::new(),
                diagnostics: Diagnostic::from_syn(e),
            };
        }
    };
    let mut errors = Errors::default();
    let mut types = Vec::new();
    for item in file.items {
        let input: syn::DeriveInput = match item {
            syn::Item::Struct(s) => s.into(),
            syn::Item::Enum(e) => e.into(),
            syn::Item::Union(u) => {
                errors.error(
                    u.union_token.span(),
                    "unions cannot be deserialized by serde",
                );
                continue;
            }
            _ => continue,
        };
        if let Some(def) = TypeDef::from_derive_input(&input, &mut errors) {
            types.push(def);
        }
    }
    if types.is_empty() && !errors.has_errors() {
        errors.error(
            proc_macro2::Span::call_site(),
            "no struct or enum is defined",
        );
    }
    Analysis {
        types,
        diagnostics: errors.into_diagnostics(),
    }
}
