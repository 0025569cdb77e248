// Modelled on LemmyNet/lemmy, crates/db_views/post/src/api.rs (types) and crates/api/api_crud/src/post/update.rs (handler): the constructs as written there, renamed (post -> entry).
use crate::EntryView;
use lemmy_db_schema::{
  EntryFeatureType,
  newtypes::{CommentId, CommunityId, CommunityTagId, LanguageId, EntryId},
};
use lemmy_db_schema_file::{PersonId, enums::EntryNotificationsMode};
use lemmy_diesel_utils::{dburl::DbUrl, pagination::PaginationCursor};
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

#[skip_serializing_none]
#[derive(Debug, Serialize, Deserialize, Clone, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts-rs", ts(optional_fields, export))]
/// Create an entry.
pub struct CreateEntry {
  pub name: String,
  pub community_id: CommunityId,
  pub url: Option<String>,
  /// An optional body for the entry in markdown.
  pub body: Option<String>,
  /// An optional alt_text, usable for image entries.
  pub alt_text: Option<String>,
  /// A honeypot to catch bots. Should be None.
  pub honeypot: Option<String>,
  pub nsfw: Option<bool>,
  pub language_id: Option<LanguageId>,
  /// Use a custom thumbnail instead of fetching one.
  pub custom_thumbnail: Option<String>,
  pub tags: Option<Vec<CommunityTagId>>,
  /// When to publish; null publishes immediately.
  pub scheduled_publish_time_at: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts-rs", ts(optional_fields, export))]
/// Like an entry.
pub struct CreateEntryLike {
  pub entry_id: EntryId,
  /// True upvotes, False downvotes, None removes the vote.
  pub is_upvote: Option<bool>,
}

#[derive(Debug, Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts-rs", ts(optional_fields, export))]
/// Delete an entry.
pub struct DeleteEntry {
  pub entry_id: EntryId,
  pub deleted: bool,
}

#[skip_serializing_none]
#[derive(Debug, Serialize, Deserialize, Clone, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts-rs", ts(optional_fields, export))]
/// Edit an entry.
pub struct EditEntry {
  pub entry_id: EntryId,
  pub name: Option<String>,
  pub url: Option<String>,
  /// An optional body for the entry in markdown.
  pub body: Option<String>,
  /// An optional alt_text, usable for image entries.
  pub alt_text: Option<String>,
  pub nsfw: Option<bool>,
  pub language_id: Option<LanguageId>,
  /// Use a custom thumbnail instead of fetching one.
  pub custom_thumbnail: Option<String>,
  /// When to publish; null publishes immediately.
  pub scheduled_publish_time_at: Option<i64>,
  pub tags: Option<Vec<CommunityTagId>>,
}

#[skip_serializing_none]
#[derive(Debug, Serialize, Deserialize, Clone, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts-rs", ts(optional_fields, export))]
/// Mods can change some metadata of entries
pub struct ModEditEntry {
  pub entry_id: EntryId,
  pub nsfw: Option<bool>,
  pub tags: Option<Vec<CommunityTagId>>,
}

#[derive(Debug, Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts-rs", ts(optional_fields, export))]
/// Feature an entry (pins it to the top).
pub struct FeatureEntry {
  pub entry_id: EntryId,
  pub featured: bool,
  pub feature_type: EntryFeatureType,
}

#[derive(Debug, Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts-rs", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts-rs", ts(optional_fields, export))]
/// Change the notification settings of an entry
pub struct EditEntryNotifications {
  pub entry_id: EntryId,
  pub mode: EntryNotificationsMode,
}

pub async fn edit_entry(
  Json(data): Json<EditEntry>,
  context: Data<LemmyContext>,
  local_user_view: LocalUserView,
) -> LemmyResult<Json<EntryResponse>> {
  let local_site = SiteView::read_local(&mut context.pool()).await?.local_site;
  check_community_user_action(&local_user_view, &local_site, &mut context.pool()).await?;
  let entry = Entry::update(&mut context.pool(), data.entry_id, &data.into()).await?;
  Ok(Json(EntryResponse { entry }))
}
