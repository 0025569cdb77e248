//! Where a violation is, as the user sees the JSON: `booking.guests[0].email`.
//! Paths are built only when something fails, innermost segment first, and
//! prefixed on the way out of each nested value.

use std::borrow::Cow;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Segment {
    /// A field, by its name in the serialized form (after `rename`).
    Field(Cow<'static, str>),
    /// A position in a sequence.
    Index(usize),
    /// A key of a map.
    Key(Box<str>),
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Path {
    segments: Vec<Segment>,
}

impl Path {
    /// The value itself (the root).
    pub const fn root() -> Self {
        Path {
            segments: Vec::new(),
        }
    }

    pub fn field(name: impl Into<Cow<'static, str>>) -> Self {
        Path {
            segments: vec![Segment::Field(name.into())],
        }
    }

    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    pub fn is_root(&self) -> bool {
        self.segments.is_empty()
    }

    /// Puts `segment` in front: what a parent does with its child's violations.
    pub fn prepend(&mut self, segment: Segment) {
        self.segments.insert(0, segment);
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, segment) in self.segments.iter().enumerate() {
            match segment {
                Segment::Field(name) if i == 0 => f.write_str(name)?,
                Segment::Field(name) => write!(f, ".{name}")?,
                Segment::Index(index) => write!(f, "[{index}]")?,
                Segment::Key(key) => write!(f, "[{key:?}]")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_like_the_json() {
        let mut path = Path::field("email");
        path.prepend(Segment::Index(0));
        path.prepend(Segment::Field("guests".into()));
        path.prepend(Segment::Field("booking".into()));
        assert_eq!(path.to_string(), "booking.guests[0].email");
        let mut keyed = Path::field("city");
        keyed.prepend(Segment::Key("home \"2\"".into()));
        keyed.prepend(Segment::Field("addresses".into()));
        assert_eq!(keyed.to_string(), r#"addresses["home \"2\""].city"#);
        assert_eq!(Path::root().to_string(), "");
    }
}
