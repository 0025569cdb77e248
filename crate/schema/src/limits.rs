//! What the analyzer refuses before it parses: text larger than any definition
//! a person writes, and nesting deeper than the parser's recursion can follow
//! on a small stack (the browser's wasm stack is 1 MiB). Both are diagnostics
//! at a line and column, never a crash.

use crate::{Diagnostic, Severity};

/// The largest definition text analyzed (a few thousand lines).
pub const MAX_DEFINITION_BYTES: usize = 256 * 1024;

/// The deepest nesting of brackets, braces, parentheses and generic angle
/// brackets, counted together. Real definitions stay under 10.
pub const MAX_NESTING: usize = 32;

/// The first limit `text` breaks, if any.
pub fn check(text: &str) -> Option<Diagnostic> {
    if text.len() > MAX_DEFINITION_BYTES {
        return Some(diagnostic(
            1,
            1,
            format!(
                "the definitions are {} KiB; the limit is {} KiB",
                text.len().div_ceil(1024),
                MAX_DEFINITION_BYTES / 1024
            ),
        ));
    }
    nesting(text)
}

/// Scans the text as tokens do (skipping comments, string, raw string and char
/// literals) and reports where nesting first goes past the limit. An angle
/// bracket that is a comparison, not generics, is forgotten at the next `;`,
/// `{` or `}`, which a generic argument list never spans.
fn nesting(text: &str) -> Option<Diagnostic> {
    let mut scan = Scan {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        column: 0,
    };
    let mut depth = 0usize;
    let mut angles = 0usize;
    while let Some(c) = scan.next() {
        match c {
            '/' if scan.peek(0) == Some('/') => scan.skip_line(),
            '/' if scan.peek(0) == Some('*') => scan.skip_block_comment(),
            '"' => scan.skip_string(),
            'r' if scan.raw_string_ahead() => scan.skip_raw_string(),
            '\'' => scan.skip_char_literal(),
            '(' | '[' | '{' | '<' => {
                if c == '<' {
                    angles += 1;
                } else if c == '{' {
                    depth = depth.saturating_sub(angles);
                    angles = 0;
                }
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(diagnostic(
                        scan.line,
                        scan.column,
                        format!(
                            "nested more than {MAX_NESTING} levels deep here; the analyzer stops at {MAX_NESTING}"
                        ),
                    ));
                }
            }
            ')' | ']' | '}' | '>' => {
                if c == '>' {
                    if angles == 0 {
                        continue;
                    }
                    angles -= 1;
                } else if c == '}' {
                    depth = depth.saturating_sub(angles);
                    angles = 0;
                }
                depth = depth.saturating_sub(1);
            }
            ';' => {
                depth = depth.saturating_sub(angles);
                angles = 0;
            }
            _ => {}
        }
    }
    None
}

/// The text as characters, with the line and column of the last one read.
struct Scan {
    chars: Vec<char>,
    at: usize,
    line: usize,
    column: usize,
}

impl Scan {
    fn next(&mut self) -> Option<char> {
        let c = *self.chars.get(self.at)?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 0;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    fn skip_line(&mut self) {
        while self.next().is_some_and(|c| c != '\n') {}
    }

    /// After `/`: the rest of a `/* … */` comment, nested ones included.
    fn skip_block_comment(&mut self) {
        self.next();
        let mut open = 1;
        while open > 0 {
            match (self.next(), self.peek(0)) {
                (None, _) => return,
                (Some('/'), Some('*')) => {
                    self.next();
                    open += 1;
                }
                (Some('*'), Some('/')) => {
                    self.next();
                    open -= 1;
                }
                _ => {}
            }
        }
    }

    /// After `"`: the rest of the string, escapes included.
    fn skip_string(&mut self) {
        while let Some(c) = self.next() {
            match c {
                '\\' => {
                    self.next();
                }
                '"' => return,
                _ => {}
            }
        }
    }

    /// Whether the `r` just read starts a raw string (`r"…"`, `r#"…"#`), and
    /// is not the end of a name such as `for`.
    fn raw_string_ahead(&self) -> bool {
        let before = self.at.checked_sub(2).and_then(|i| self.chars.get(i));
        if before.is_some_and(|&c| c.is_alphanumeric() || c == '_') && before != Some(&'b') {
            return false;
        }
        let hashes = (0..).take_while(|&i| self.peek(i) == Some('#')).count();
        self.peek(hashes) == Some('"')
    }

    /// After `r`: the raw string, to its `"` and as many `#` as opened it.
    fn skip_raw_string(&mut self) {
        let mut hashes = 0;
        while self.next() == Some('#') {
            hashes += 1;
        }
        while let Some(c) = self.next() {
            if c == '"' && (0..hashes).all(|i| self.peek(i) == Some('#')) {
                for _ in 0..hashes {
                    self.next();
                }
                return;
            }
        }
    }

    /// After `'`: a char literal (`'('`, `'\n'`, `'\u{7b}'`); a lifetime
    /// (`'a`) is left as it is.
    fn skip_char_literal(&mut self) {
        match (self.peek(0), self.peek(1)) {
            (Some('\\'), _) => {
                self.next();
                self.next();
                while self.next().is_some_and(|c| c != '\'') {}
            }
            (Some(_), Some('\'')) => {
                self.next();
                self.next();
            }
            _ => {}
        }
    }
}

fn diagnostic(line: usize, column: usize, message: String) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        message,
        line,
        column,
        end_line: line,
        end_column: column + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_definitions_pass() {
        let text = r#"
            // a comment with ((((((((( in it
            /* and /* nested */ (((( */
            #[derive(Deserialize, Validate)]
            struct A {
                #[validate(each(length(min = 1)), regex(pattern = "^((((((((((a))))))))))$"))]
                x: Vec<HashMap<String, Option<Vec<(u8, [u16; 2])>>>>,
            }
            impl A { fn f(&self) -> bool { let a = 1 < 2; if 1 < 2 { a } else { 3 > 4 } } }
        "#;
        assert_eq!(check(text), None);
        // Brackets in char literals and raw strings are not nesting.
        let literals = format!(
            "fn f(c: char) -> u8 {{ match c {{ {} _ => 0 }} }}\nstatic P: &str = r#\"{}\"#;\nstruct A<'a> {{ x: &'a str }}",
            "'(' | '[' | '{' | '<' | '\\\\' | '\\u{7b}' => 1,\n".repeat(20),
            "((((\"[[[[".repeat(20)
        );
        assert_eq!(check(&literals), None, "{literals}");
        // Comparisons do not add up across statements.
        let many = format!("fn f() {{ {} }}", "let _ = 1 < 2;\n".repeat(200));
        assert_eq!(check(&many), None);
    }

    #[test]
    fn deep_nesting_is_a_diagnostic_where_it_goes_too_deep() {
        let deep = format!(
            "struct A {{\n    x: {}u8{},\n}}",
            "Option<".repeat(40),
            ">".repeat(40)
        );
        let d = check(&deep).expect("refused");
        assert_eq!((d.line, d.column), (2, 7 + 7 * 32));
        assert!(
            d.message.contains("nested more than 32 levels"),
            "{}",
            d.message
        );
        let parens = format!(
            "struct A {{ #[validate({}email{})] x: String }}",
            "each(".repeat(40),
            ")".repeat(40)
        );
        assert!(check(&parens).is_some());
    }

    #[test]
    fn oversized_text_is_refused() {
        let big = "/* x */\n".repeat(MAX_DEFINITION_BYTES / 8 + 1);
        let d = check(&big).expect("refused");
        assert_eq!((d.line, d.column), (1, 1));
        assert!(d.message.contains("the limit is 256 KiB"), "{}", d.message);
    }
}
