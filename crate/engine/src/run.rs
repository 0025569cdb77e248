//! The operations the benchmark times, on definitions given as text: the
//! interpreted counterparts of the compiled variants.

use overhead_schema::{Analysis, Diagnostic, analyze};
use overhead_validate::Violations;

use crate::check::Checker;
use crate::de::{
    Program, Stop, read_by_program, read_json_value, read_paste_defaults, read_postcard,
};
use crate::plan::{Flatten, Plan};
use crate::ser::{Typed, Writer};
use crate::ty::Ty;
use crate::value::Value;

/// Definitions compiled for running, with their root type.
pub struct Interpreter {
    plan: Plan,
    root: Ty,
    /// `Vec<root>`, for workloads of many values (seed 003).
    many: Ty,
    /// The plan compiled for sequence formats (postcard), for the root.
    program: Program,
    /// The plan compiled for writing, for the root.
    writer: Writer,
}

/// Why a decode with validation did not produce a value.
#[derive(Debug)]
pub enum Error {
    /// Not JSON of the expected shape (serde_json's error).
    Syntax(serde_json::Error),
    /// Decoded, and broke rules (every violation, or the first in fail-fast).
    Invalid(Violations),
}

impl Interpreter {
    /// Analyses and compiles `schema`; the diagnostics of what stops it otherwise.
    pub fn new(schema: &str, root: Option<&str>) -> Result<Interpreter, Vec<Diagnostic>> {
        Interpreter::with_flatten(schema, root, Flatten::Serde)
    }

    /// [`new`](Interpreter::new), running `#[serde(flatten)]` the given way.
    pub fn with_flatten(
        schema: &str,
        root: Option<&str>,
        flatten: Flatten,
    ) -> Result<Interpreter, Vec<Diagnostic>> {
        Interpreter::of_analysis(&analyze(schema), root, flatten)
    }

    /// [`with_flatten`](Interpreter::with_flatten) on definitions analysed
    /// already (by [`complete_analyzed`](crate::assume::complete_analyzed)).
    pub fn of_analysis(
        analysis: &Analysis,
        root: Option<&str>,
        flatten: Flatten,
    ) -> Result<Interpreter, Vec<Diagnostic>> {
        let mut plan = Plan::compile_with(analysis, root, flatten).map_err(|e| e.0)?;
        read_paste_defaults(&mut plan);
        let root = Ty::Named(plan.root);
        let many = Ty::Seq(Box::new(root.clone()));
        let program = Program::new(&plan, &root, &many);
        let writer = Writer::new(&plan, &root);
        Ok(Interpreter {
            plan,
            root,
            many,
            program,
            writer,
        })
    }

    /// The interpreter for a paste as a run reads it: completed with what
    /// it may assume (a type it names and does not define takes the form
    /// `inputs` show), at `root` or else the automatic choice, built from
    /// the completion's own analysis. The analysis is dropped here, in the
    /// engine: a caller in another crate would carry a copy of syn's drop
    /// code (47 KB of the page's module).
    pub fn completed(
        schema: &str,
        root: Option<&str>,
        inputs: &[serde_json::Value],
    ) -> Result<Interpreter, Vec<Diagnostic>> {
        let (completion, analysis) = crate::assume::complete_analyzed(schema, root, inputs);
        let root = root.or(completion.root.as_ref().map(|a| a.name.as_str()));
        Interpreter::of_analysis(&analysis, root, Flatten::Serde)
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Reads a root value from any serde format, rules ignored, by the
    /// plan's program (see `de/visited.rs`).
    pub fn read<'de, D: serde::Deserializer<'de>>(&self, d: D) -> Result<Value, D::Error> {
        read_by_program(&self.plan, &self.program, false, None, d)
    }

    /// A root value from postcard bytes, rules ignored, by the plan's
    /// program: the value and the error [`read`](Interpreter::read) gives on
    /// a `postcard::Deserializer`, in a fraction of its instructions.
    pub fn read_postcard(&self, bytes: &[u8]) -> Result<Value, postcard::Error> {
        read_postcard(&self.plan, &self.program, bytes)
    }

    /// A root value from a `serde_json::Value`, rules ignored, by the
    /// plan's program: the value and the error [`read`](Interpreter::read)
    /// gives on a `&serde_json::Value`.
    pub fn read_json_value(&self, json: &serde_json::Value) -> Result<Value, serde_json::Error> {
        read_json_value(&self.plan, &self.program, json)
    }

    /// `de`: JSON text to a value, rules ignored.
    pub fn decode(&self, text: &str) -> Result<Value, serde_json::Error> {
        let mut de = serde_json::Deserializer::from_str(text);
        let value = self.read(&mut de)?;
        de.end()?;
        Ok(value)
    }

    /// `.validate()`: every violation of a decoded value.
    pub fn validate(&self, value: &Value) -> Result<(), Violations> {
        let mut out = Violations::new();
        Checker { plan: &self.plan }.validate_into(self.plan.root, value, &mut out);
        out.into_result()
    }

    /// `validate-on-de`: decode, then every rule; a value only when all hold.
    pub fn decode_validated(&self, text: &str) -> Result<Value, Error> {
        let value = self.decode(text).map_err(Error::Syntax)?;
        match self.validate(&value) {
            Ok(()) => Ok(value),
            Err(violations) => Err(Error::Invalid(violations)),
        }
    }

    /// `validate-on-de/fail-fast`: each field checked as it is read; decoding
    /// stops at the first violation.
    pub fn decode_fail_fast(&self, text: &str) -> Result<Value, Error> {
        let stop = Stop::default();
        let mut de = serde_json::Deserializer::from_str(text);
        let read = read_by_program(&self.plan, &self.program, false, Some(&stop), &mut de);
        let result = read.and_then(|value| de.end().map(|()| value));
        match (result, stop.take()) {
            (Ok(value), None) => Ok(value),
            (Ok(_), Some(violations)) => Err(Error::Invalid(violations)),
            // Stopped by a violation (a data error of our own making)…
            (Err(e), Some(violations)) if e.is_data() => Err(Error::Invalid(violations)),
            // …or the input's error (trailing text after a root that broke a late rule).
            (Err(e), _) => Err(Error::Syntax(e)),
        }
    }

    /// A JSON array of root values (seed 003's workload), rules ignored.
    pub fn decode_many(&self, text: &str) -> Result<Value, serde_json::Error> {
        let mut de = serde_json::Deserializer::from_str(text);
        let value = read_by_program(&self.plan, &self.program, true, None, &mut de)?;
        de.end()?;
        Ok(value)
    }

    /// Many root values (from [`decode_many`](Interpreter::decode_many)) as JSON text.
    pub fn many_to_json(&self, values: &Value) -> Result<String, serde_json::Error> {
        serde_json::to_string(&Typed {
            plan: &self.plan,
            ty: &self.many,
            value: values,
        })
    }

    /// `ser`: a value back to JSON text.
    pub fn to_json(&self, value: &Value) -> Result<String, serde_json::Error> {
        serde_json::to_string(&self.typed(value))
    }

    /// A root value, ready for any serde serializer, by the plan's writer:
    /// what [`typed`](Interpreter::typed) writes, call for call. Postcard
    /// writes through it ([`extend_postcard`](Interpreter::extend_postcard));
    /// text formats keep `Typed`, where the writer saved 5–7% of an encode
    /// and would carry a copy of itself per serializer in the page's module.
    pub fn written<'a>(&'a self, value: &'a Value) -> impl serde::Serialize + 'a {
        self.writer.root(&self.plan, value)
    }

    /// A root value as postcard, by the plan's writer, appended to `buffer`
    /// (into an empty one, it is `to_allocvec`'s work, and one copy of the
    /// writer serves both): the bytes `postcard::to_extend` writes of
    /// [`written`](Interpreter::written), written into the buffer directly.
    pub fn extend_postcard(
        &self,
        value: &Value,
        buffer: Vec<u8>,
    ) -> Result<Vec<u8>, postcard::Error> {
        crate::ser::extend_postcard(&self.writer, &self.plan, value, buffer)
    }

    /// A value with the root type, to serialize with any serde format.
    pub fn typed<'a>(&'a self, value: &'a Value) -> Typed<'a> {
        Typed {
            plan: &self.plan,
            ty: &self.root,
            value,
        }
    }
}
