// Modelled on agentsfleet/agentsfleet, rustd/crates/afd_wire/src/memory.rs: the constructs as written there, in our own words.
//! Durable crew notes: the recall and record halves, and their byte budgets.

use std::borrow::Cow;

use garde::Validate;
use serde::{Deserialize, Serialize};

/// Longest stored slug, in bytes.
///
/// The operator routes bound a path segment by it before decoding: a slug too
/// long to have been stored cannot name a row.
pub const MAX_SLUG_LEN: usize = 200;

/// Longest stored body, in bytes.
pub const MAX_BODY_LEN: usize = 8 * 1024;

/// Longest stored shelf label, in bytes. The column has no CHECK, so this is
/// the only bound a shelf label gets.
pub const MAX_SHELF_LEN: usize = 48;

/// The shelf recalled before recency counts, and the one eviction spares.
pub const PINNED_SHELF: &str = "always";

/// Total note bytes one record call may carry, over every delta.
pub const MAX_RECORD_BYTES: usize = 128 * 1024;

/// One durable note: the unit of both recall and record.
//
// Carries no scope: the crew is a path segment, checked server-side against
// the worker's live lease. The bounds sit here so that the daemon and the
// worker refuse the same notes.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Validate)]
pub struct NoteDelta<'a> {
    /// Stable slug. Recording the same slug again replaces the note.
    #[serde(borrow)]
    #[garde(length(bytes, min = 1, max = MAX_SLUG_LEN))]
    pub slug: Cow<'a, str>,
    /// What is remembered.
    #[serde(borrow)]
    #[garde(length(bytes, min = 1, max = MAX_BODY_LEN))]
    pub body: Cow<'a, str>,
    /// Shelf label, which decides eviction order.
    #[serde(borrow)]
    #[garde(length(bytes, min = 1, max = MAX_SHELF_LEN))]
    pub shelf: Cow<'a, str>,
}

impl NoteDelta<'_> {
    /// Bytes this note counts against a budget.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.slug.len() + self.body.len() + self.shelf.len()
    }

    /// This note as a view borrowing from `self`.
    #[must_use]
    pub fn view(&self) -> NoteDelta<'_> {
        NoteDelta {
            slug: Cow::Borrowed(&self.slug),
            body: Cow::Borrowed(&self.body),
            shelf: Cow::Borrowed(&self.shelf),
        }
    }

    /// This note with nothing borrowed: owned text moves, borrowed text is copied.
    #[must_use]
    pub fn into_owned(self) -> NoteDelta<'static> {
        NoteDelta {
            slug: Cow::Owned(self.slug.into_owned()),
            body: Cow::Owned(self.body.into_owned()),
            shelf: Cow::Owned(self.shelf.into_owned()),
        }
    }
}

/// `POST /v1/workers/me/notes/{crew_id}` request.
//
// Lease and fencing token ride in the body as they do on a report; every delta
// is upserted, so a retried call changes nothing.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoteRecordRequest<'a> {
    /// The lease allowing this write.
    #[serde(borrow)]
    pub lease_id: Cow<'a, str>,
    /// Ever-growing guard; a holder that lost the lease is refused.
    pub fencing_token: u64,
    /// The notes to keep.
    #[serde(borrow)]
    pub notes: Vec<NoteDelta<'a>>,
}

/// What a crew remembers, cut down to one window.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoteRecallResponse<'a> {
    /// The window's notes.
    #[serde(borrow)]
    pub notes: Vec<NoteDelta<'a>>,
}

/// Reply to a record call.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoteRecordResponse {
    /// Deltas written.
    pub kept: usize,
    /// Deltas refused for their shape.
    pub refused: usize,
}
