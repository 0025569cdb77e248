//! Diagnostics: what is wrong with a definition, and where (line and column).

use std::fmt;

use proc_macro2::Span;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The definition cannot run.
    Error,
    /// It runs, but something is ignored or means less than it seems.
    Warning,
}

/// One message about the text, with a 1-based line and column range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
}

impl Diagnostic {
    pub fn at(severity: Severity, span: Span, message: impl Into<String>) -> Self {
        let (start, end) = (span.start(), span.end());
        Diagnostic {
            severity,
            message: message.into(),
            line: start.line.max(1),
            column: start.column + 1,
            end_line: end.line.max(1),
            end_column: end.column + 1,
        }
    }

    /// Every message of a (possibly combined) `syn::Error`.
    pub fn from_syn(error: syn::Error) -> Vec<Diagnostic> {
        error
            .into_iter()
            .map(|e| Diagnostic::at(Severity::Error, e.span(), e.to_string()))
            .collect()
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{}:{}: {kind}: {}", self.line, self.column, self.message)
    }
}

/// Gathers errors so that all of them are reported together (as serde's `Ctxt` does).
#[derive(Default)]
pub struct Errors {
    errors: Vec<syn::Error>,
    warnings: Vec<(Span, String)>,
    /// A derive's: what the playground would assume is an error there, since
    /// compiled code must not skip a rule its author wrote.
    strict: bool,
}

impl Errors {
    /// For a derive: [`assumption`](Errors::assumption)s are errors.
    pub fn for_derive() -> Errors {
        Errors {
            strict: true,
            ..Errors::default()
        }
    }

    /// Something the text names that cannot be honoured here (a rule not run,
    /// a bound that names what the paste does not define): a warning in the
    /// playground, an error in a derive.
    pub fn assumption(&mut self, span: Span, message: impl Into<String>) {
        if self.strict {
            self.errors.push(syn::Error::new(span, message.into()));
        } else {
            self.warnings.push((span, message.into()));
        }
    }

    pub fn error(&mut self, span: Span, message: impl fmt::Display) {
        self.errors.push(syn::Error::new(span, message));
    }

    pub fn syn(&mut self, error: syn::Error) {
        self.errors.push(error);
    }

    pub fn warning(&mut self, span: Span, message: impl Into<String>) {
        self.warnings.push((span, message.into()));
    }

    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    /// All errors as one `syn::Error` (for a derive's `compile_error!`), if any.
    pub fn into_syn(self) -> Result<(), syn::Error> {
        let mut errors = self.errors.into_iter();
        match errors.next() {
            None => Ok(()),
            Some(mut first) => {
                first.extend(errors);
                Err(first)
            }
        }
    }

    /// Errors then warnings, as diagnostics with line and column.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        let mut out: Vec<Diagnostic> = self
            .errors
            .into_iter()
            .flat_map(Diagnostic::from_syn)
            .collect();
        out.extend(
            self.warnings
                .into_iter()
                .map(|(span, m)| Diagnostic::at(Severity::Warning, span, m)),
        );
        out.sort_by_key(|d| (d.line, d.column));
        out
    }
}
