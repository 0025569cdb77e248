//! The plan: the definitions compiled once into tables the decoder and the
//! checker walk — each struct's fields by slot with their keys, types, defaults
//! and rules (regexes built), each enum's variants.

use std::collections::HashMap;

use overhead_schema::{
    Analysis, DefaultValue, Diagnostic, FieldDef, RuleKind, Severity, Style, Tagging, TypeDef,
    TypeKind,
};
use proc_macro2::Span;

use crate::generic;
use crate::intern::{intern, intern_slice};
pub use crate::key_table::KeyTable;
use crate::pasted::Pasted;
use crate::rules::{Check, Patterns, compile_rules, path_text};
use crate::ty::{Ty, TypeId, resolve};
use crate::value::Value;
use overhead_schema::model::FieldPath;
use overhead_validate::Segment;

/// The most fields a struct may have here (which fields were seen is a bit mask).
pub const MAX_FIELDS: usize = 128;

/// Compiled definitions, ready to run.
#[derive(Debug)]
pub struct Plan {
    pub types: Vec<TypePlan>,
    pub root: TypeId,
    /// How `#[serde(flatten)]` fields are read and written.
    pub flatten: Flatten,
    /// Things worth telling that do not stop a run (e.g. a custom validator that
    /// cannot run here).
    pub notes: Vec<Diagnostic>,
    /// The defaults the paste shows as values, for the decoder to read as their
    /// fields' types (`de::read_paste_defaults`); until then such a field
    /// takes `Default::default()`.
    pub paste_defaults: Vec<PasteDefault>,
}

/// A field's default the paste shows (a `default = "path"` function or an
/// `impl Default` whose body is a plain expression), as JSON text.
#[derive(Debug)]
pub struct PasteDefault {
    pub type_id: TypeId,
    pub slot: usize,
    pub json: &'static str,
    /// The field's place, for the note when the text does not read.
    pub at: Diagnostic,
}

#[derive(Debug)]
pub struct TypePlan {
    /// The name serde gives the type.
    pub name: &'static str,
    /// The Rust name, which serde's messages use.
    pub ident: &'static str,
    pub kind: KindPlan,
    /// serde's `from`/`try_from`: read as another type, then built by the
    /// paste's conversion.
    pub convert: Option<Convert>,
}

/// Rules that run when a condition over the struct holds.
#[derive(Debug)]
pub struct ConditionalChecks {
    pub cond: std::sync::Arc<crate::pasted::Function>,
    pub checks: Vec<Check>,
}

/// A field serde reads with the paste's function: the value is read as
/// `source` (the `T` of its `T::deserialize(d)`) and handed to the function,
/// whose `Ok` is the field's value and whose `Err` a decoding error.
#[derive(Debug, Clone)]
pub struct ReadWith {
    pub source: Ty,
    pub function: std::sync::Arc<crate::pasted::Function>,
}

/// A type serde reads as `source` and the paste's `impl From<source>` (or
/// `TryFrom`) builds.
#[derive(Debug, Clone)]
pub struct Convert {
    pub source: Ty,
    pub function: std::sync::Arc<crate::pasted::Function>,
    /// `TryFrom`: its `Err` is a decoding error, as serde's derive makes it.
    pub fallible: bool,
}

#[derive(Debug)]
pub enum KindPlan {
    Struct(StructPlan),
    Enum(EnumPlan),
}

#[derive(Debug)]
pub struct StructPlan {
    pub style: Style,
    /// Every field in declaration order. A field's value is at its slot
    /// ([`FieldPlan::at`]); a struct laid out inline takes one slot per slot
    /// of its own.
    pub fields: Vec<FieldPlan>,
    /// How many slots a value of the struct takes (its fields', with the
    /// structs laid out inline): the length of its `Value::Struct`.
    pub width: usize,
    /// A `Vec` of the struct is laid out in rows (`Value::Rows`), its
    /// elements' slots one after another.
    pub in_rows: bool,
    /// No slot of a value ever owns memory (every field a number, a `bool`,
    /// a `char`, an enum of unit variants, or an `Option` of one, structs
    /// inline included): its
    /// slots are [plain](crate::value::Slots::plain).
    pub plain: bool,
    /// The names that decode, aliases included (serde's `FIELDS`).
    pub keys: &'static [&'static str],
    /// Every key and alias that decodes, with its slot, for the key lookup.
    pub lookup: KeyTable,
    /// The `seen` mask when every decoded field was present.
    pub all_seen: u128,
    /// No skipped field and no `must_match`: a struct whose fields were all
    /// present needs nothing more after its map is read.
    pub read_whole: bool,
    pub deny_unknown: bool,
    /// `must_match`: (slot, other slot, the rule's overrides).
    pub must_match: Vec<MustMatch>,
    /// garde's `range` with bounds read from other fields.
    pub range_from: Vec<RangeFromPlan>,
    /// Struct-level functions (validator's `schema`, garde's `custom`), run
    /// on the whole value after the fields' rules.
    pub struct_checks: Vec<StructCheck>,
    /// Whether any field's value needs checking (rules or `nested`).
    pub has_checks: bool,
    /// The rules of the success path, compiled (`quick`); empty until the
    /// plan is laid out.
    pub quick: crate::quick::Quick,
    /// A check that reads more than its field (`must_match`, a condition,
    /// a struct-level function): rare, so the success path leaves such a
    /// struct to the full one. Decided once here, not per value.
    pub cross_field: bool,
    /// How many fields serializing writes, when no field's skip depends on its
    /// value (`skip_serializing_if`): the length serde is told, without a count
    /// per value.
    pub ser_len: Option<usize>,
    /// `#[serde(transparent)]`: the slot of the one field the struct reads and
    /// writes as itself.
    pub transparent: Option<usize>,
    /// Whether any field is flattened (in the plan's flatten mode).
    pub flattens: bool,
    /// The slots of flattened fields as a `seen` mask: their children fill
    /// them in, never a key.
    pub flattened: u128,
    /// With `Flatten::Fast`, the key table of the struct and its children.
    pub flat: Option<FlatTable>,
    /// serde's `expecting`: what its messages say the type expected, in
    /// place of `struct Name` (the type's own struct; never a variant's).
    pub expecting: Option<&'static str>,
}

/// A function the library runs on a whole struct.
#[derive(Debug)]
pub struct StructCheck {
    pub custom: crate::rules::Custom,
    /// validator's `skip_on_field_errors`: not run when a field broke a rule.
    pub skip_on_field_errors: bool,
}

/// garde's `range` with a bound read from another field: the field's slot,
/// the bounds written as numbers, and the slots the others are read from.
#[derive(Debug)]
pub struct RangeFromPlan {
    pub slot: usize,
    pub spec: overhead_schema::RangeSpec,
    pub min: Option<usize>,
    pub max: Option<usize>,
    /// garde's `length` with these bounds, counted so; `None`: `range`.
    pub length: Option<overhead_validate::rules::LengthMode>,
    /// The nested value's field (its Rust name) the rule is on, where a
    /// `dive` gave the bounds as a context; `None`: the field's own value.
    pub within: Option<&'static str>,
    pub code: Option<String>,
    pub message: Option<String>,
}

#[derive(Debug)]
pub struct MustMatch {
    pub slot: usize,
    pub other: usize,
    pub other_name: &'static str,
    /// garde's `inner(matches(other))`: each element of the field, not the
    /// field itself, must equal the other field.
    pub each: bool,
    pub code: Option<String>,
    pub message: Option<String>,
}

#[derive(Debug)]
pub struct FieldPlan {
    /// The key in the serialized form (after `rename`/`rename_all`).
    pub key: &'static str,
    /// The Rust name (a tuple struct's field's position), which the paste's
    /// code reads it by.
    pub rust: &'static str,
    pub aliases: Vec<&'static str>,
    /// The key when serializing.
    pub ser_key: &'static str,
    pub ty: Ty,
    /// The paste's own `deserialize_with` function, run on the value read
    /// as its source type.
    pub read_with: Option<ReadWith>,
    /// `skip` / `skip_deserializing`: never read, always its default.
    pub skip: bool,
    pub skip_serializing: bool,
    /// `skip_serializing_if`, for the functions the playground knows.
    pub skip_if: Option<SkipIf>,
    pub default: FieldDefault,
    pub flatten: bool,
    /// `#[serde(flatten)]` as written, whatever the plan's flatten mode: the
    /// layout follows it, so a value read in one mode writes in another.
    pub declared_flatten: bool,
    /// The field's rules, `nested` excluded.
    pub checks: Vec<Check>,
    /// garde's `if(cond = …, rules…)`: rules run when the condition over
    /// the struct holds.
    pub conditional: Vec<ConditionalChecks>,
    /// `nested` (garde: `dive`): the value's own rules count.
    pub nested: bool,
    /// Where its violations go below its container's: what the dialect's
    /// library reports (see `TypeDef::field_path`).
    pub path: FieldSegment,
    /// The field's first slot in its struct's value.
    pub at: usize,
    /// Its bit in a reader's mask of the fields read (`1 << i`, `i` its
    /// place among the struct's fields), made here once: a `u128` shifted
    /// by a variable cost every key read ten instructions.
    pub seen_bit: u128,
    /// A struct laid out inline: its fields' slots follow from `at` in the
    /// parent's (as compiled code keeps a nested struct inside its parent),
    /// rather than one slot holding a `Value::Struct` of its own.
    /// The struct's type and its width.
    pub inline: Option<(TypeId, usize)>,
    /// Fail-fast's yes or no as the field is read: its rules compiled
    /// (`quick`) on its value alone, where each reads no more than it;
    /// `None` until the plan is laid out, and for other fields.
    pub quick: Option<crate::quick::Quick>,
}

impl FieldPlan {
    /// Whether a rule of the field runs the paste's own function (whose
    /// verdict no generator can foresee).
    pub fn runs_pasted_code(&self) -> bool {
        fn any(checks: &[Check]) -> bool {
            checks.iter().any(|c| match &c.kind {
                crate::rules::CheckKind::Custom(_) => true,
                crate::rules::CheckKind::Each(inner) => any(inner),
                _ => false,
            })
        }
        any(&self.checks)
    }

    /// Whether the field checks its value's own rules (`nested`, garde's
    /// `dive`): fail-fast then reads the value checking them.
    pub fn checks_nested(&self) -> bool {
        self.checks.iter().any(crate::rules::Check::is_nested)
    }

    /// Where the field's violations go: the segment the plan decided for it
    /// (its name, its position, or none).
    #[inline]
    pub fn segment(&self) -> Option<Segment> {
        match self.path {
            FieldSegment::Name(name) => Some(Segment::Field(name.into())),
            FieldSegment::Index(i) => Some(Segment::Index(i)),
            FieldSegment::Inline => None,
        }
    }
}

/// A field's segment in violation paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldSegment {
    Name(&'static str),
    Index(usize),
    /// None of its own: a newtype's field, a flattened field.
    Inline,
}

/// The three ways a definition with `#[serde(flatten)]` can run (seed 003).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Flatten {
    /// serde's own: keys the struct does not know are buffered, and each
    /// flattened child reads the buffer (what `#[derive(Deserialize)]` does).
    #[default]
    Serde,
    /// Field dispatch: one key table for the struct and its flattened children,
    /// each key read straight into the field it names (`#[derive(FastFlatten)]`).
    Fast,
    /// The flatten attributes dropped: children are nested objects.
    Unflattened,
}

/// A struct and its flattened children as one key table (field dispatch).
#[derive(Debug)]
pub struct FlatTable {
    /// The structs of the tree in pre-order; node 0 is the struct itself.
    pub nodes: Vec<FlatNode>,
    /// Every key of the tree (its own and its children's, aliases included).
    pub keys: &'static [&'static str],
    /// Each key's node and slot, found as a struct's own keys are.
    lookup: KeyTable,
    entries: Vec<(&'static str, usize, usize)>,
    /// The tree's keys read straight into the root's slots, where they can
    /// be (set by the layout, which places the nodes).
    pub direct: Option<Box<DirectReads>>,
    /// The tree's fields written straight from the root's slots, where
    /// they can be (set by the layout, with `direct`).
    pub writes: Option<Box<DirectWrites>>,
    /// `deny_unknown_fields` anywhere in the tree.
    pub deny_unknown: bool,
    /// How many fields of the tree serializing writes, when no field's skip
    /// depends on its value: the length serde is told, without a count per
    /// value (as [`StructPlan::ser_len`]).
    pub ser_len: Option<usize>,
}

#[derive(Debug)]
pub struct FlatNode {
    pub type_id: TypeId,
    /// The node and field this struct's value goes into.
    pub parent: Option<(usize, usize)>,
    /// Where its slots are, once laid out: in the slots of node `owner`
    /// (the root's, or its own when it is not laid out inline in its
    /// parent's), from `base`.
    pub owner: usize,
    pub base: usize,
}

impl FlatTable {
    /// The entry of the key `key`, trying entry `expected` first (see
    /// [`KeyTable::find_expecting`]; the table lists each struct's keys in
    /// the order it declares them, and a tree's structs in the order their
    /// keys come): see [`node_field`](Self::node_field) and
    /// [`DirectReads::entries`].
    #[inline]
    pub fn find_expecting(&self, key: &str, expected: usize) -> Option<usize> {
        self.lookup
            .find_expecting(key, expected)
            .map(|found| found.entry)
    }

    /// Whether fail-fast checks the fields of node `node` as they are
    /// read: when every flattened field on its way from the root checks
    /// its value's rules (`nested`), as `validate()` follows them.
    pub fn checks_node(&self, types: &[TypePlan], mut node: usize) -> bool {
        while let Some((parent, field)) = self.nodes.get(node).and_then(|n| n.parent) {
            let nested = self
                .nodes
                .get(parent)
                .and_then(|p| match &types.get(p.type_id)?.kind {
                    KindPlan::Struct(s) => s.fields.get(field),
                    KindPlan::Enum(_) => None,
                })
                .is_some_and(FieldPlan::checks_nested);
            if !nested {
                return false;
            }
            node = parent;
        }
        true
    }

    /// The node of entry `entry`'s field, and the field's index in its struct.
    #[inline]
    pub fn node_field(&self, entry: usize) -> Option<(usize, usize)> {
        self.entries
            .get(entry)
            .map(|&(_, node, field)| (node, field))
    }
}

/// A fast-flatten tree whose every node is laid out inline in the root's
/// slots: each key is read by its entry here, into its slot (or, for a
/// struct laid out inline, its slots), with no struct of the tree looked
/// up per key (or per value). The tree's fields share one `seen` mask (at
/// most 128).
#[derive(Debug)]
pub struct DirectReads {
    /// By entry of the table (aliases too).
    pub entries: Vec<DirectRead>,
    /// By node: the bit of its first field in the mask (field `i`'s is
    /// this plus `i`).
    pub first_bit: Vec<u32>,
    /// The mask when every field a key fills was read, when nothing is then
    /// left to fill in (no node skips a field).
    pub complete: Option<u128>,
}

#[derive(Debug, Clone, Copy)]
pub struct DirectRead {
    /// Its field's bit in the tree's mask.
    pub mask: u128,
    /// Its field's slot among the root's.
    pub slot: usize,
    /// Its field's key, which serde's duplicate-field error names.
    pub key: &'static str,
    /// The struct laid out inline from `slot` (its type and width), when
    /// the field is one: read into its slots as a struct field is.
    pub inline: Option<(TypeId, usize)>,
}

/// A fast-flatten tree laid out inline in the root's slots whose fields
/// are written whatever their values (no `skip_serializing_if`) and none
/// is a struct of its own laid out inline: its fields in the order serde's
/// derive writes them (each flattened struct's in its field's place), each
/// with its slot among the root's, so that writing walks no struct of the
/// tree.
#[derive(Debug)]
pub struct DirectWrites {
    /// How many fields are written: the length the serializer is told.
    pub len: usize,
    pub steps: Box<[DirectWrite]>,
}

#[derive(Debug)]
pub enum DirectWrite {
    /// A field written as its type, from its slot among the root's.
    Field {
        key: &'static str,
        slot: usize,
        ty: Ty,
    },
    /// A `skip_serializing` field: serde's `skip_field`.
    Skip(&'static str),
}

/// The direct writes of `table`, once its nodes are placed (see
/// [`DirectWrites`]).
pub(crate) fn direct_writes(types: &[TypePlan], table: &FlatTable) -> Option<DirectWrites> {
    fn node_steps(
        types: &[TypePlan],
        table: &FlatTable,
        node: usize,
        steps: &mut Vec<DirectWrite>,
    ) -> Option<()> {
        let place = table.nodes.get(node)?;
        let KindPlan::Struct(s) = &types.get(place.type_id)?.kind else {
            return None;
        };
        if place.owner != 0 {
            return None;
        }
        for (index, field) in s.fields.iter().enumerate() {
            if field.flatten {
                let child = table
                    .nodes
                    .iter()
                    .position(|n| n.parent == Some((node, index)))?;
                node_steps(types, table, child, steps)?;
            } else if field.skip_serializing {
                steps.push(DirectWrite::Skip(field.ser_key));
            } else if field.skip_if.is_some() || field.inline.is_some() {
                return None;
            } else {
                steps.push(DirectWrite::Field {
                    key: field.ser_key,
                    slot: place.base + field.at,
                    ty: field.ty.clone(),
                });
            }
        }
        Some(())
    }
    let mut steps = Vec::new();
    node_steps(types, table, 0, &mut steps)?;
    let len = steps
        .iter()
        .filter(|step| matches!(step, DirectWrite::Field { .. }))
        .count();
    Some(DirectWrites {
        len,
        steps: steps.into(),
    })
}

/// The direct reads of `table`, once its nodes are placed; `None` when
/// a node keeps slots of its own or the tree has more than 128 fields.
pub(crate) fn direct_reads(types: &[TypePlan], table: &FlatTable) -> Option<DirectReads> {
    let mut first_bit = Vec::with_capacity(table.nodes.len());
    let mut bits = 0u32;
    let mut complete = Some(0u128);
    for node in &table.nodes {
        let KindPlan::Struct(s) = &types.get(node.type_id)?.kind else {
            return None;
        };
        if node.owner != 0 {
            return None;
        }
        first_bit.push(bits);
        let keyed = (s.all_seen & !s.flattened).checked_shl(bits)?;
        // A skipped field is filled in after its struct is read; the late
        // checks `read_whole` also counts run in fail-fast alone, which
        // never reads by these.
        let fills_in = s.fields.iter().any(|f| f.skip);
        complete = complete.filter(|_| !fills_in).map(|mask| mask | keyed);
        bits = bits.checked_add(u32::try_from(s.fields.len()).ok()?)?;
        if bits > u128::BITS {
            return None;
        }
    }
    let entries = table
        .entries
        .iter()
        .map(|&(_, node, index)| {
            let (place, first) = (table.nodes.get(node)?, *first_bit.get(node)?);
            let KindPlan::Struct(s) = &types.get(place.type_id)?.kind else {
                return None;
            };
            let field = s.fields.get(index)?;
            Some(DirectRead {
                mask: 1u128.checked_shl(first + u32::try_from(index).ok()?)?,
                slot: place.base + field.at,
                key: field.key,
                inline: field.inline,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(DirectReads {
        entries,
        first_bit,
        complete,
    })
}

/// What a missing field becomes.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldDefault {
    /// An error: "missing field".
    Required,
    /// `None` (an `Option` without `default`).
    None,
    /// `Default::default()` of the type.
    Default,
    /// The value the paste's `default = "path"` function or `impl Default`
    /// gives (a plain expression, read as JSON).
    Value(Value, &'static str),
}

/// The `skip_serializing_if` functions the playground can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkipIf {
    IsNone,
    IsEmpty,
}

#[derive(Debug)]
pub struct EnumPlan {
    pub variants: Vec<VariantPlan>,
    /// Variant names that decode (serde's `VARIANTS`).
    pub names: &'static [&'static str],
    /// Each name that decodes with its variant's index, for the name lookup.
    pub lookup: KeyTable,
    /// The index of each variant that decodes, by its position among them
    /// (how formats such as postcard name a variant).
    pub by_position: Vec<usize>,
    pub tagging: Tagging,
    /// Interned tag and content keys.
    pub tag: &'static str,
    pub content: &'static str,
    /// serde_repr: read and written as this integer, each variant as its
    /// discriminant.
    pub repr: Option<ReprPlan>,
    /// The `#[serde(other)]` variant an unknown name or index reads as.
    pub other: Option<usize>,
    /// serde's `expecting`, in place of `internally tagged enum Name` and the
    /// untagged enum's "data did not match any variant".
    pub expecting: Option<&'static str>,
    /// serde's `variant_identifier`/`field_identifier`: a name read from a
    /// string alone. A field identifier's last newtype variant, when it has
    /// one, takes any other name.
    pub identifier: Option<overhead_schema::Identifier>,
}

/// A serde_repr enum's integer form.
#[derive(Debug)]
pub struct ReprPlan {
    pub int: crate::ty::Int,
    /// Each variant's discriminant, by variant index.
    pub discriminants: Vec<i128>,
    /// The `#[serde(other)]` variant any other integer reads as.
    pub other: Option<usize>,
}

#[derive(Debug)]
pub struct VariantPlan {
    pub name: &'static str,
    /// The Rust name, which serde's messages use.
    pub ident: &'static str,
    pub style: Style,
    /// Struct and tuple variants' fields (a tuple variant's by position).
    pub fields: StructPlan,
    /// A tuple variant's field types as one tuple type, read as a tuple is
    /// (`Ty::Unit` for the other kinds).
    pub tuple: Ty,
    pub skip: bool,
    /// The key its violations go under (the dialect's library decides).
    pub violation_key: Option<&'static str>,
}

/// Why the definitions cannot run, each at its place.
#[derive(Debug)]
pub struct PlanErrors(pub Vec<Diagnostic>);

impl Plan {
    /// Compiles an analysis (which must be runnable) with `root` as the type to
    /// decode (when `None`, the automatic choice without inputs: the type no
    /// other type refers to).
    pub fn compile(analysis: &Analysis, root: Option<&str>) -> Result<Plan, PlanErrors> {
        Plan::compile_with(analysis, root, Flatten::Serde)
    }

    /// [`compile`](Plan::compile) with a way of running `#[serde(flatten)]`.
    pub fn compile_with(
        analysis: &Analysis,
        root: Option<&str>,
        flatten: Flatten,
    ) -> Result<Plan, PlanErrors> {
        let instances = generic::instantiate(&analysis.types, root);
        let mut plan = Plan::build(analysis, &instances, root, flatten, Patterns::BUILD)?;
        // Where each value sits is a run's concern: the editor's check
        // (`Plan::check`) lays nothing out.
        crate::layout::lay_out(&mut plan.types);
        crate::quick::list(&mut plan.types);
        // Noted here, read by the decoder (`de::read_paste_defaults`): the
        // editor's check needs no decoder (the page's analyzer module links none).
        plan.paste_defaults = paste_defaults(&instances.types);
        Ok(plan)
    }

    /// What compiling would say, without building a plan that can run: the
    /// notes, or the errors. Patterns are checked for syntax, not built.
    pub fn check(analysis: &Analysis, root: Option<&str>) -> Result<Vec<Diagnostic>, PlanErrors> {
        let instances = generic::instantiate(&analysis.types, root);
        Plan::build(
            analysis,
            &instances,
            root,
            Flatten::Serde,
            Patterns::CHECK_SYNTAX,
        )
        .map(|plan| plan.notes)
    }

    fn build(
        analysis: &Analysis,
        instances: &generic::Instances,
        root: Option<&str>,
        flatten: Flatten,
        patterns: Patterns,
    ) -> Result<Plan, PlanErrors> {
        // The analysis's errors, and then planning's own for the types that were
        // read: the editor shows every problem at once.
        let mut errors: Vec<Diagnostic> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .cloned()
            .collect();
        if analysis.types.is_empty() {
            return Err(PlanErrors(errors));
        }
        errors.extend(instances.errors.iter().cloned());
        let all = &instances.types;
        let names: HashMap<String, TypeId> = instances
            .keys
            .iter()
            .enumerate()
            .map(|(i, key)| (key.clone(), i))
            .collect();
        let root = match root {
            // Automatic, with no inputs to fit: the type no other refers to
            // (callers with inputs choose with them first, `root::choose`).
            None => crate::root::choose("", &analysis.types, &[])
                .and_then(|a| names.get(&a.name).copied())
                .unwrap_or(0),
            Some(name) => match names.get(&generic::root_key(name)) {
                Some(&id) => id,
                None => {
                    let defined: Vec<String> =
                        analysis.types.iter().map(|t| t.ident.to_string()).collect();
                    errors.push(Diagnostic::at(
                        Severity::Error,
                        Span::call_site(),
                        format!(
                            "the root type `{name}` is not defined; the definitions define: {}",
                            defined.join(", ")
                        ),
                    ));
                    return Err(PlanErrors(errors));
                }
            },
        };
        let flattenable: Vec<bool> = all
            .iter()
            .map(|t| {
                matches!(
                    t.kind,
                    TypeKind::Struct {
                        style: Style::Named,
                        ..
                    }
                )
            })
            .collect();
        let mut notes = Vec::new();
        let mut types = Vec::with_capacity(all.len());
        let mut pasted = Pasted::new(&analysis.code, &analysis.regexes, patterns);
        for (id, def) in all.iter().enumerate() {
            let mut cx = Cx {
                names: &names,
                flattenable: &flattenable,
                flatten,
                pasted: &mut pasted,
                errors: &mut errors,
                notes: &mut notes,
            };
            let role = if id == root {
                Role::Root
            } else if !def.type_params.is_empty() && instances.is_instantiated(id) {
                Role::Instantiated
            } else {
                Role::Other
            };
            types.push(cx.type_plan(def, role));
        }
        for (id, def) in all.iter().enumerate() {
            if let Some(slot) = flatten_cycle(&types, id, &mut Vec::new()) {
                if let TypeKind::Struct { fields, .. } = &def.kind {
                    errors.push(Diagnostic::at(
                        Severity::Error,
                        fields.get(slot).map_or(def.span, |f| f.span),
                        format!(
                            "`{}` flattens itself (through this field): its keys would never end; \
                             remove `#[serde(flatten)]` here to nest the value instead",
                            def.ident
                        ),
                    ));
                }
            }
        }
        if flatten == Flatten::Fast {
            let mut tables: Vec<Option<FlatTable>> =
                (0..types.len()).map(|id| flat_table(&types, id)).collect();
            // A struct flattened into one read serde's way is read serde's way
            // too (as a map, taking no keys), whatever its own tree.
            let mut changed = true;
            while changed {
                changed = false;
                for id in 0..types.len() {
                    let KindPlan::Struct(s) = &types[id].kind else {
                        continue;
                    };
                    if !s.flattens || tables[id].is_some() {
                        continue;
                    }
                    for field in s.fields.iter().filter(|f| f.flatten) {
                        if let Some(child) = flattened_named(&field.ty) {
                            changed |= tables[child].take().is_some();
                        }
                    }
                }
            }
            for (id, def) in all.iter().enumerate() {
                let reads_serde_way = matches!(&types[id].kind, KindPlan::Struct(s) if s.flattens)
                    && tables[id].is_none();
                // Said once, where the map is (not for the structs it pulls along).
                if reads_serde_way && !flattens_only_structs(&types, id) {
                    notes.push(Diagnostic::at(
                        Severity::Warning,
                        def.span,
                        format!(
                            "`{}` flattens a map, an `Option`, a `Value` or a struct read whole \
                             (by `from`, `try_from` or `deserialize_with`), whose keys are not \
                             known in advance: its fast-flatten variants read it serde's way",
                            def.ident
                        ),
                    ));
                } else if reads_serde_way
                    && tree_fields(&types, id, MAX_TREE_FIELDS) > MAX_TREE_FIELDS
                {
                    notes.push(Diagnostic::at(
                        Severity::Warning,
                        def.span,
                        format!(
                            "`{}` and the structs it flattens have more than {MAX_TREE_FIELDS} \
                             fields: its fast-flatten variants read it serde's way",
                            def.ident
                        ),
                    ));
                }
            }
            for (ty, table) in types.iter_mut().zip(tables) {
                if let KindPlan::Struct(s) = &mut ty.kind {
                    s.flat = table;
                }
            }
        }
        if errors.is_empty() {
            Ok(Plan {
                types,
                root,
                flatten,
                notes,
                paste_defaults: Vec::new(),
            })
        } else {
            errors.sort_by_key(|d| (d.line, d.column));
            errors.dedup();
            Err(PlanErrors(errors))
        }
    }

    pub fn struct_plan(&self, id: TypeId) -> Option<&StructPlan> {
        match &self.types[id].kind {
            KindPlan::Struct(s) => Some(s),
            KindPlan::Enum(_) => None,
        }
    }
}

impl Cx<'_, '_> {
    /// What serde can read from (and write into) the keys of the enclosing map.
    fn flattens_as_map(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Named(id) => self.flattenable[*id],
            Ty::Option(inner) => matches!(**inner, Ty::Named(id) if self.flattenable[id]),
            Ty::Map { .. } | Ty::Json => true,
            _ => false,
        }
    }
}

/// What a definition is to the plan.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Root,
    /// A generic definition that runs as its instances.
    Instantiated,
    Other,
}

pub(crate) struct Cx<'a, 'p> {
    names: &'a HashMap<String, TypeId>,
    /// Whether each type is a struct with named fields (what flattens).
    flattenable: &'a [bool],
    flatten: Flatten,
    /// The paste's functions, constants and regexes (custom rules, `regex(path = …)`).
    pasted: &'a mut Pasted<'p>,
    errors: &'a mut Vec<Diagnostic>,
    notes: &'a mut Vec<Diagnostic>,
}

impl Cx<'_, '_> {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors
            .push(Diagnostic::at(Severity::Error, span, message.into()));
    }

    fn type_plan(&mut self, def: &TypeDef, role: Role) -> TypePlan {
        // A generic definition runs as its instances (`generic.rs`); one with
        // none (a paste carries a `Page<T>` beside the request) is passed over,
        // and one the root names without arguments is refused.
        if !def.type_params.is_empty() && role != Role::Root {
            if role == Role::Other {
                self.notes.push(Diagnostic::at(
                Severity::Warning,
                def.span,
                format!(
                        "`{}` is generic and no definition names it with concrete types; the interpreter passes it over",
                        def.ident
                    ),
                ));
            }
            return TypePlan {
                name: intern(&def.name),
                ident: intern(&def.ident.to_string()),
                kind: KindPlan::Struct(self.struct_plan(
                    Style::Named,
                    &[],
                    Vec::new(),
                    false,
                    &DefaultValue::None,
                )),
                convert: None,
            };
        }
        if !def.type_params.is_empty() {
            self.error(
                def.span,
                format!(
                    "`{}` is generic: choose the root with concrete types in place of {} (`{}<{}>`)",
                    def.ident,
                    def.type_params.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", "),
                    def.ident,
                    def.type_params.iter().map(|_| "serde_json::Value").collect::<Vec<_>>().join(", ")
                ),
            );
        }
        let kind = match &def.kind {
            TypeKind::Struct { style, fields } => {
                let paths = fields
                    .iter()
                    .enumerate()
                    .map(|(i, f)| def.field_path(None, i, f))
                    .collect();
                let mut plan = self.struct_plan(
                    *style,
                    fields,
                    paths,
                    def.deny_unknown_fields,
                    &def.default_value,
                );
                // serde's own check guarantees exactly one field that is not skipped.
                plan.transparent = def
                    .transparent
                    .then(|| plan.fields.iter().position(|f| !f.skip))
                    .flatten();
                plan.expecting = def.expecting.as_deref().map(intern);
                self.struct_checks(def, &mut plan);
                KindPlan::Struct(plan)
            }
            TypeKind::Enum { variants } => {
                let plans: Vec<VariantPlan> = variants
                    .iter()
                    .map(|v| {
                        let paths = v
                            .fields
                            .iter()
                            .enumerate()
                            .map(|(i, f)| def.field_path(Some(v), i, f))
                            .collect();
                        let fields =
                            self.struct_plan(v.style, &v.fields, paths, false, &DefaultValue::None);
                        let tuple = match v.style {
                            Style::Tuple => {
                                Ty::Tuple(fields.fields.iter().map(|f| f.ty.clone()).collect())
                            }
                            _ => Ty::Unit,
                        };
                        VariantPlan {
                            name: intern(&v.name),
                            ident: intern(&v.ident.to_string()),
                            style: v.style,
                            fields,
                            tuple,
                            skip: v.skip,
                            violation_key: def.variant_key(v).map(intern),
                        }
                    })
                    .collect();
                let aliases: Vec<Vec<&'static str>> = variants
                    .iter()
                    .map(|v| v.aliases.iter().map(|a| intern(a)).collect())
                    .collect();
                let by_position: Vec<usize> =
                    (0..plans.len()).filter(|&i| !plans[i].skip).collect();
                // serde's `VARIANTS`: every name that decodes, aliases included.
                let names: Vec<&'static str> = by_position
                    .iter()
                    .flat_map(|&i| serde_names(plans[i].name, &aliases[i]))
                    .collect();
                let mut lookup = KeyTable::default();
                for &index in &by_position {
                    lookup.insert(plans[index].name, index);
                    for &alias in &aliases[index] {
                        lookup.insert(alias, index);
                    }
                }
                let (tag, content) = match &def.tagging {
                    Tagging::Internal { tag } => (intern(tag), ""),
                    Tagging::Adjacent { tag, content } => (intern(tag), intern(content)),
                    _ => ("", ""),
                };
                let other = variants.iter().position(|v| v.other);
                KindPlan::Enum(EnumPlan {
                    other,
                    variants: plans,
                    names: intern_slice(&names),
                    lookup,
                    by_position,
                    tagging: def.tagging.clone(),
                    tag,
                    content,
                    expecting: def.expecting.as_deref().map(intern),
                    identifier: def.identifier,
                    repr: def.repr.as_ref().and_then(|r| {
                        let int = crate::ty::int_named(&r.int)?;
                        Some(ReprPlan {
                            int,
                            discriminants: r.discriminants.clone(),
                            other: r.other,
                        })
                    }),
                })
            }
        };
        TypePlan {
            name: intern(&def.name),
            ident: intern(&def.ident.to_string()),
            kind,
            // A run's (the diagnosis links none of it: `Patterns`).
            convert: def
                .conversion
                .as_ref()
                .and_then(|c| (self.pasted.patterns().2)(self, def, c)),
        }
    }

    /// garde's `if(cond = …)` rules of `field`, with their conditions
    /// lowered (a run's; the diagnosis checks the rules alone).
    pub(crate) fn conditionals(&mut self, field: &FieldDef, ty: &Ty) -> Vec<ConditionalChecks> {
        let mut conditional = Vec::new();
        for c in &field.conditional {
            match self.pasted.condition(&c.cond) {
                Ok(cond) => {
                    let checks =
                        compile_rules(&c.rules, ty, self.pasted, self.errors, self.notes);
                    conditional.push(ConditionalChecks { cond, checks });
                }
                Err(refused) => self.notes.push(Diagnostic::at(
                    Severity::Warning,
                    c.span,
                    format!(
                        "garde's `if(cond = …)` on `{}` is not run: its condition uses {}; its rules are not run",
                        field.name,
                        refused.placed()
                    ),
                )),
            }
        }
        conditional
    }

    /// The rules of `field`'s conditions, for their diagnostics only.
    pub(crate) fn conditional_rules(
        &mut self,
        field: &FieldDef,
        ty: &Ty,
    ) -> Vec<ConditionalChecks> {
        for c in &field.conditional {
            compile_rules(&c.rules, ty, self.pasted, self.errors, self.notes);
        }
        Vec::new()
    }

    /// The paste's `deserialize_with` function for `field`, lowered with
    /// the type it reads first; when it cannot run here, a note, and the
    /// field is read in its type's own form.
    pub(crate) fn read_with(&mut self, field: &FieldDef, path: &syn::Path) -> Option<ReadWith> {
        let key = crate::rules::function_key(path, self.pasted);
        let why = match self.pasted.read_type(&key).map(|t| resolve(&t, self.names)) {
            None if !self.pasted.defines(&key) => "the paste does not define it".to_owned(),
            None => "it reads its value other than by `T::deserialize(deserializer)`".to_owned(),
            Some(Err(e)) => e.message,
            Some(Ok(source)) => match self.pasted.function(&key) {
                Ok(function) => return Some(ReadWith { source, function }),
                Err(refused) => format!("it uses {}", refused.placed()),
            },
        };
        self.notes.push(Diagnostic::at(
            Severity::Warning,
            field.span,
            format!(
                "serde calls `{}` to read `{}`, which the interpreter cannot run ({why}); the field is read in its type's own serde form instead",
                path_text(path),
                field.name
            ),
        ));
        None
    }

    /// The conversion serde's `from`/`try_from` calls, lowered; when it
    /// cannot run here, a note, and the type is read as itself.
    pub(crate) fn convert(
        &mut self,
        def: &TypeDef,
        conversion: &overhead_schema::Conversion,
    ) -> Option<Convert> {
        let source = match resolve(&conversion.source, self.names) {
            Ok(ty) => ty,
            Err(e) => {
                self.notes
                    .push(Diagnostic::at(Severity::Warning, e.span, e.message));
                return None;
            }
        };
        let (function, r#trait) = match conversion.fallible {
            true => ("try_from", "TryFrom"),
            false => ("from", "From"),
        };
        let source_name = crate::pasted::type_key(&conversion.source);
        let key = crate::pasted::conversion_key(&def.ident.to_string(), function, &source_name);
        let refused = match self.pasted.function(&key) {
            Ok(function) => {
                return Some(Convert {
                    source,
                    function,
                    fallible: conversion.fallible,
                });
            }
            Err(refused) => refused,
        };
        let (at, why) = match self.pasted.defines(&key) {
            true => (refused.span, refused.what),
            false => (def.span, "the paste does not define it".to_owned()),
        };
        self.notes.push(Diagnostic::at(
            Severity::Warning,
            at,
            format!(
                "`#[serde({function} = \"{source_name}\")]` calls `impl {trait}<{source_name}> for {ident}`, which the interpreter cannot run ({why}); it reads `{ident}` as the struct itself, so its outcomes may differ from serde's",
                ident = def.ident,
            ),
        ));
        None
    }

    fn struct_plan(
        &mut self,
        style: Style,
        fields: &[FieldDef],
        paths: Vec<FieldPath>,
        deny_unknown: bool,
        container_default: &DefaultValue,
    ) -> StructPlan {
        if fields.len() > MAX_FIELDS {
            if let Some(field) = fields.get(MAX_FIELDS) {
                self.error(
                    field.span,
                    format!(
                        "the interpreter reads structs of at most {} fields; split this one",
                        MAX_FIELDS
                    ),
                );
            }
        }
        let mut plans = Vec::with_capacity(fields.len());
        for (at, (field, path)) in fields.iter().zip(paths).enumerate() {
            let mut plan = self.field_plan(field, container_default);
            // One slot each until the plan lays structs out inline.
            plan.at = at;
            plan.path = match path {
                FieldPath::Name(name) => FieldSegment::Name(intern(&name)),
                FieldPath::Index(i) => FieldSegment::Index(i),
                FieldPath::Inline => FieldSegment::Inline,
            };
            plans.push(plan);
        }
        // serde's `FIELDS`: every name that decodes, aliases included.
        let keys: Vec<&'static str> = plans
            .iter()
            .filter(|f| !f.skip && !f.flatten)
            .flat_map(|f| serde_names(f.key, &f.aliases))
            .collect();
        let mut must_match = Vec::new();
        let mut range_from = Vec::new();
        for (slot, field) in fields.iter().enumerate() {
            // `matches` on the field, and inside one `inner(…)` on each element.
            let element_rules = field.rules.iter().flat_map(|rule| match &rule.kind {
                RuleKind::Each(inner) => inner.as_slice(),
                _ => &[],
            });
            let matches = field
                .rules
                .iter()
                .map(|rule| (rule, false))
                .chain(element_rules.map(|rule| (rule, true)));
            for (rule, each) in matches {
                if let RuleKind::MustMatch(other) = &rule.kind {
                    match fields.iter().position(|f| f.rust_name() == *other) {
                        Some(other_slot) => must_match.push(MustMatch {
                            slot,
                            other: other_slot,
                            other_name: intern(other),
                            each,
                            code: rule.code.clone(),
                            message: rule.message.clone(),
                        }),
                        None => self.error(rule.span, format!("no field named `{other}` to match")),
                    }
                }
            }
            for rule in &field.rules {
                if let RuleKind::RangeFrom(from) = &rule.kind {
                    // The analysis has checked that each field is there.
                    let slot_of = |name: &Option<String>| {
                        let name = name.as_deref()?;
                        fields.iter().position(|f| f.rust_name() == name)
                    };
                    range_from.push(RangeFromPlan {
                        slot,
                        spec: from.spec.clone(),
                        min: slot_of(&from.min),
                        max: slot_of(&from.max),
                        length: from.length.map(crate::rules::length_mode),
                        within: from.within.as_deref().map(intern),
                        code: rule.code.clone(),
                        message: rule.message.clone(),
                    });
                }
            }
        }
        let conditional = plans.iter().any(|f| !f.conditional.is_empty());
        let has_checks = plans.iter().any(|f| !f.checks.is_empty() || f.nested)
            || !must_match.is_empty()
            || !range_from.is_empty()
            || conditional;
        // Structs have at most MAX_FIELDS (128) fields, an error above.
        let mut lookup = KeyTable::default();
        let mut all_seen = 0u128;
        for (slot, field) in plans.iter_mut().enumerate().take(128) {
            field.seen_bit = 1 << slot;
            if field.skip {
                continue;
            }
            all_seen |= field.seen_bit;
            // A flattened field has no key of its own: its children's keys are.
            if !field.flatten {
                lookup.insert(field.key, slot);
            }
        }
        // Aliases after every key, so that keys in declaration order are found
        // one after the other.
        for (slot, field) in plans.iter().enumerate().take(128) {
            if !field.skip && !field.flatten {
                for alias in &field.aliases {
                    lookup.insert(alias, slot);
                }
            }
        }
        // Fail-fast checks conditions once the struct is read (`check_late`).
        let read_whole = !plans.iter().any(|f| f.skip)
            && must_match.is_empty()
            && range_from.is_empty()
            && !conditional;
        let ser_len = (!plans.iter().any(|f| f.skip_if.is_some()))
            .then(|| plans.iter().filter(|f| !f.skip_serializing).count());
        let flattened = plans
            .iter()
            .enumerate()
            .take(MAX_FIELDS)
            .filter(|(_, f)| f.flatten)
            .fold(0, |mask, (slot, _)| mask | 1 << slot);
        StructPlan {
            ser_len,
            flattened,
            transparent: None,
            flattens: plans.iter().any(|f| f.flatten),
            flat: None,
            style,
            width: plans.len(),
            in_rows: false,
            plain: false,
            fields: plans,
            lookup,
            all_seen,
            read_whole,
            keys: intern_slice(&keys),
            deny_unknown,
            cross_field: !must_match.is_empty() || !range_from.is_empty() || conditional,
            must_match,
            range_from,
            struct_checks: Vec::new(),
            has_checks,
            quick: Default::default(),
            expecting: None,
        }
    }

    /// The struct's own functions, ready to run; each that cannot run here is
    /// a note.
    fn struct_checks(&mut self, def: &TypeDef, plan: &mut StructPlan) {
        let patterns = self.pasted.patterns();
        for check in &def.checks {
            match patterns.custom(&check.path, &check.call, self.pasted) {
                Ok(Some(custom)) => plan.struct_checks.push(StructCheck {
                    custom,
                    skip_on_field_errors: check.skip_on_field_errors,
                }),
                Ok(None) => {}
                Err(why) => self
                    .notes
                    .push(Diagnostic::at(Severity::Warning, check.span, why)),
            }
        }
        if !plan.struct_checks.is_empty() {
            plan.has_checks = true;
            plan.cross_field = true;
            // Fail-fast runs them once the struct is read (`check_late`).
            plan.read_whole = false;
        }
    }

    fn field_plan(&mut self, field: &FieldDef, container_default: &DefaultValue) -> FieldPlan {
        let ty = match resolve(&field.ty, self.names) {
            Ok(ty) => crate::via::read_as(&field.via, field.deserialize_with, ty),
            Err(e) => {
                self.error(e.span, e.message);
                Ty::Unit
            }
        };
        let default = match (&field.default_value, container_default) {
            // The paste shows the function's value: read after the plan is built.
            _ if field.default_json.is_some() => FieldDefault::Default,
            (DefaultValue::Path(path), _) | (DefaultValue::None, DefaultValue::Path(path)) => {
                self.notes.push(Diagnostic::at(
                    Severity::Warning,
                    field.span,
                    format!(
                        "`default = \"{}\"` calls a function whose body is not a plain value in the paste; a missing `{}` takes `Default::default()` here",
                        path_text(&path.path),
                        field.name
                    ),
                ));
                FieldDefault::Default
            }
            (DefaultValue::Trait, _) | (DefaultValue::None, DefaultValue::Trait) => {
                FieldDefault::Default
            }
            (DefaultValue::None, DefaultValue::None) if matches!(ty, Ty::Option(_)) => {
                FieldDefault::None
            }
            (DefaultValue::None, DefaultValue::None) => FieldDefault::Required,
        };
        let skip_if = field.skip_serializing_if.as_ref().and_then(|path| {
            let text = path_text(&path.path);
            let known = match text.rsplit("::").next().unwrap_or_default() {
                "is_none" => Some(SkipIf::IsNone),
                "is_empty" => Some(SkipIf::IsEmpty),
                _ => None,
            };
            if known.is_none() {
                self.notes.push(Diagnostic::at(
                    Severity::Warning,
                    field.span,
                    format!("`skip_serializing_if = \"{text}\"` calls a function the playground cannot run; `{}` is always written here", field.name),
                ));
            }
            known
        });
        let flatten = field.flatten && self.flatten != Flatten::Unflattened;
        if flatten && !self.flattens_as_map(&ty) {
            self.error(
                field.span,
                "only structs with named fields, `Option`s of them, string-keyed maps and \
                 `serde_json::Value` can be flattened (serde refuses the rest when it runs); \
                 a flattened enum is not supported by the interpreter",
            );
        }
        let read_with = field
            .deserialize_fn
            .as_ref()
            .and_then(|path| (self.pasted.patterns().3)(self, field, path));
        let nested = field
            .rules
            .iter()
            .any(|r| matches!(r.kind, RuleKind::Nested));
        let checks = compile_rules(&field.rules, &ty, self.pasted, self.errors, self.notes);
        let conditional = (self.pasted.patterns().4)(self, field, &ty);
        FieldPlan {
            key: intern(&field.name),
            rust: intern(&field.rust_name()),
            aliases: field.aliases.iter().map(|a| intern(a)).collect(),
            ser_key: intern(&field.ser_name),
            ty,
            read_with,
            skip: field.skip,
            skip_serializing: field.skip_serializing,
            skip_if,
            default,
            flatten,
            declared_flatten: field.flatten,
            checks,
            conditional,
            nested,
            // Set by the struct, which knows the field's place.
            path: FieldSegment::Inline,
            at: 0,
            seen_bit: 0,
            inline: None,
            quick: None,
        }
    }
}

/// Every field default the paste shows as a value, in the order of the types.
fn paste_defaults(defs: &[TypeDef]) -> Vec<PasteDefault> {
    let mut found = Vec::new();
    for (type_id, def) in defs.iter().enumerate() {
        let TypeKind::Struct { fields, .. } = &def.kind else {
            continue;
        };
        for (slot, field) in fields.iter().enumerate() {
            if let Some(json) = &field.default_json {
                found.push(PasteDefault {
                    type_id,
                    slot,
                    json: intern(json),
                    at: Diagnostic::at(Severity::Warning, field.span, String::new()),
                });
            }
        }
    }
    found
}

/// The key table of struct `id` and its flattened children, if it flattens.
/// The struct a flattened field reads its keys into, if it is a struct (and
/// not an `Option` of one, a map or a `serde_json::Value`).
fn flattened_struct(types: &[TypePlan], field: &FieldPlan) -> Option<TypeId> {
    match field.ty {
        Ty::Named(id) if field.flatten && matches!(types[id].kind, KindPlan::Struct(_)) => Some(id),
        _ => None,
    }
}

/// The named type a flattened field of type `ty` reads: its own, or its
/// `Option`'s.
pub fn flattened_named(ty: &Ty) -> Option<TypeId> {
    match ty {
        Ty::Named(id) => Some(*id),
        Ty::Option(inner) => match **inner {
            Ty::Named(id) => Some(id),
            _ => None,
        },
        _ => None,
    }
}

/// The slot of a field through which struct `id` flattens itself, directly or
/// through its children (serde would recurse without end).
fn flatten_cycle(types: &[TypePlan], id: TypeId, path: &mut Vec<TypeId>) -> Option<usize> {
    let KindPlan::Struct(s) = &types[id].kind else {
        return None;
    };
    path.push(id);
    let mut found = None;
    for (slot, field) in s.fields.iter().enumerate().filter(|(_, f)| f.flatten) {
        let Some(child) = flattened_named(&field.ty) else {
            continue;
        };
        if path.contains(&child) || flatten_cycle(types, child, path).is_some() {
            found = Some(slot);
            break;
        }
    }
    path.pop();
    found
}

/// Whether every flattened field in the tree of struct `id` is a struct
/// laid out inline in its parent: field dispatch needs the tree's keys
/// known in advance, and reads each key into the slot of the struct that
/// declares it, in the root's slots. A struct read whole (built by
/// `from`/`try_from`, read by `deserialize_with`) keeps a slot of its own
/// and is read serde's way.
fn flattens_only_structs(types: &[TypePlan], id: TypeId) -> bool {
    let KindPlan::Struct(s) = &types[id].kind else {
        return false;
    };
    s.fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.flatten && !f.skip)
        .all(|(index, f)| {
            flattened_struct(types, f).is_some_and(|child| {
                crate::layout::lays_out_inline(types, s, index, f)
                    && flattens_only_structs(types, child)
            })
        })
}

/// How many fields the tree of struct `id` has (its own and its flattened
/// structs'), up to `limit` and one past it: field dispatch marks each in
/// one 128-bit mask.
fn tree_fields(types: &[TypePlan], id: TypeId, limit: usize) -> usize {
    let KindPlan::Struct(s) = &types[id].kind else {
        return 0;
    };
    let mut n = s.fields.len();
    for f in s.fields.iter().filter(|f| f.flatten && !f.skip) {
        if n > limit {
            break;
        }
        if let Some(child) = flattened_struct(types, f) {
            n += tree_fields(types, child, limit - n);
        }
    }
    n.min(limit + 1)
}

/// The most fields a tree read by field dispatch may have: its `seen` mask's bits.
const MAX_TREE_FIELDS: usize = 128;

fn flat_table(types: &[TypePlan], id: TypeId) -> Option<FlatTable> {
    let KindPlan::Struct(root) = &types[id].kind else {
        return None;
    };
    // A tree with a flattened map, `Option` or `Value` reads serde's way.
    if !root.flattens || flatten_cycle(types, id, &mut Vec::new()).is_some() {
        return None;
    }
    if !flattens_only_structs(types, id)
        || tree_fields(types, id, MAX_TREE_FIELDS) > MAX_TREE_FIELDS
    {
        return None;
    }
    let mut table = FlatTable {
        nodes: Vec::new(),
        keys: &[],
        lookup: KeyTable::default(),
        entries: Vec::new(),
        direct: None,
        writes: None,
        deny_unknown: false,
        ser_len: flat_ser_len(types, id),
    };
    let mut keys = Vec::new();
    add_node(types, id, None, &mut table, &mut keys);
    table.keys = intern_slice(&keys);
    for (i, (key, _, _)) in table.entries.iter().enumerate() {
        table.lookup.insert(key, i);
    }
    Some(table)
}

/// The fields of struct `id`'s tree that serializing writes (a flattened
/// struct's own, in its place), unless a skip depends on the value.
fn flat_ser_len(types: &[TypePlan], id: TypeId) -> Option<usize> {
    let KindPlan::Struct(s) = &types[id].kind else {
        return None;
    };
    s.fields
        .iter()
        .try_fold(0, |len, f| match (&f.ty, f.flatten) {
            (Ty::Named(child), true) => Some(len + flat_ser_len(types, *child)?),
            _ if f.skip_if.is_some() => None,
            _ => Some(len + usize::from(!f.skip_serializing)),
        })
}

fn add_node(
    types: &[TypePlan],
    id: TypeId,
    parent: Option<(usize, usize)>,
    table: &mut FlatTable,
    keys: &mut Vec<&'static str>,
) {
    let KindPlan::Struct(s) = &types[id].kind else {
        return;
    };
    let node = table.nodes.len();
    table.nodes.push(FlatNode {
        type_id: id,
        parent,
        owner: node,
        base: 0,
    });
    table.deny_unknown |= s.deny_unknown;
    // The struct's own keys first (they take precedence over a child's, as in
    // serde), its children's after; `keys` lists them in declaration order.
    for (slot, field) in s.fields.iter().enumerate() {
        if field.skip || field.flatten {
            continue;
        }
        for key in std::iter::once(field.key).chain(field.aliases.iter().copied()) {
            if !table.entries.iter().any(|(k, _, _)| *k == key) {
                table.entries.push((key, node, slot));
            }
        }
    }
    for (slot, field) in s.fields.iter().enumerate() {
        if field.skip {
            continue;
        }
        match (&field.ty, field.flatten) {
            (Ty::Named(child), true) => add_node(types, *child, Some((node, slot)), table, keys),
            _ => keys.extend(std::iter::once(field.key).chain(field.aliases.iter().copied())),
        }
    }
}

/// A field's or variant's names as serde's derive lists them in `FIELDS` and
/// `VARIANTS` (its messages' "expected one of"): the name and its aliases as
/// one sorted set (serde's `BTreeSet` of them).
fn serde_names(name: &'static str, aliases: &[&'static str]) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = std::iter::once(name)
        .chain(aliases.iter().copied())
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}
