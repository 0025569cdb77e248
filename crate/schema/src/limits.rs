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

/// Scans the text as tokens do (skipping comments and string literals) and
/// reports where nesting first goes past the limit. An angle bracket that is a
/// comparison, not generics, is forgotten at the next `;`, `{` or `}`, which a
/// generic argument list never spans.
fn nesting(text: &str) -> Option<Diagnostic> {
    let mut depth = 0usize;
    let mut angles = 0usize;
    let (mut line, mut column) = (1usize, 0usize);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        column += 1;
        match c {
            '\n' => {
                line += 1;
                column = 0;
            }
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        column = 0;
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut open = 1;
                let mut last = ' ';
                for c in chars.by_ref() {
                    column += 1;
                    match (last, c) {
                        (_, '\n') => {
                            line += 1;
                            column = 0;
                        }
                        ('/', '*') => open += 1,
                        ('*', '/') => open -= 1,
                        _ => {}
                    }
                    if open == 0 {
                        break;
                    }
                    last = if (last, c) == ('*', '/') || (last, c) == ('/', '*') {
                        ' '
                    } else {
                        c
                    };
                }
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    column += 1;
                    if c == '\n' {
                        line += 1;
                        column = 0;
                    }
                    match (escaped, c) {
                        (false, '\\') => escaped = true,
                        (false, '"') => break,
                        _ => escaped = false,
                    }
                }
            }
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
                        line,
                        column,
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
