//! Edits of a paste's text by line and column (proc-macro2's span
//! locations), applied together, so that what is blanked keeps every line
//! and, but for insertions, every column where it was.

use proc_macro2::LineColumn;

/// Edits of a text by line and column, applied together.
pub struct Edits<'a> {
    text: &'a str,
    /// (start, end, replacement) in byte offsets.
    changes: Vec<(usize, usize, String)>,
    line_starts: Vec<usize>,
}

impl<'a> Edits<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Edits {
            text,
            changes: Vec::new(),
            line_starts,
        }
    }

    /// The byte offset of a span position (line 1-based, column in chars).
    pub fn offset(&self, at: LineColumn) -> Option<usize> {
        let start = *self.line_starts.get(at.line.checked_sub(1)?)?;
        let line = &self.text[start..];
        let within = line
            .char_indices()
            .nth(at.column)
            .map_or(line.len(), |(i, _)| i);
        Some(start + within)
    }

    /// The text a span covers, on one line.
    pub fn text_of(&self, span: proc_macro2::Span) -> String {
        match (self.offset(span.start()), self.offset(span.end())) {
            (Some(start), Some(end)) => self.text[start..end]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
            _ => String::new(),
        }
    }

    /// Spaces over a span's text, its newlines kept.
    pub fn blank(&mut self, span: proc_macro2::Span) {
        let (Some(start), Some(end)) = (self.offset(span.start()), self.offset(span.end())) else {
            return;
        };
        let blank: String = self.text[start..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        self.changes.push((start, end, blank));
    }

    pub fn replace(&mut self, from: LineColumn, to: LineColumn, with: &str) {
        if let (Some(start), Some(end)) = (self.offset(from), self.offset(to)) {
            self.changes.push((start, end, with.to_owned()));
        }
    }

    pub fn insert(&mut self, at: LineColumn, text: &str) {
        if let Some(at) = self.offset(at) {
            self.changes.push((at, at, text.to_owned()));
        }
    }

    pub fn apply(mut self) -> String {
        self.changes.sort_by_key(|(start, end, _)| (*start, *end));
        let mut out = String::with_capacity(self.text.len() + 256);
        let mut at = 0;
        for (start, end, with) in &self.changes {
            if *start < at {
                continue;
            }
            out.push_str(&self.text[at..*start]);
            out.push_str(with);
            at = *end;
        }
        out.push_str(&self.text[at..]);
        out
    }
}
