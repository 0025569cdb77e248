// Modelled on demhadais/scamplers, rust/scamplers-backend/src/db/seed_data/index_set.rs: the constructs as written there, in our own words.
use std::{collections::HashMap, fmt::Display, hash::Hash, sync::LazyLock};

use diesel::{expression::AsExpression, prelude::*, sql_types};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use garde::{Validate, error::PathComponentKind};
use regex::Regex;
use serde::{Deserialize, Serialize};
use url::Url;

use super::Write;
use teaworks_schema::{blend_family, paired_blend, single_blend};

#[derive(Deserialize, Validate, Clone, Serialize, Debug)]
#[serde(transparent)]
pub(super) struct BlendSheetUrl(#[garde(custom(is_catalogue_cdn_url))] Url);

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_catalogue_cdn_url(url: &Url, _: &()) -> garde::Result {
    let Some(domain) = url.domain() else {
        return Err(garde::Error::new("URL has no domain"));
    };

    if domain != "cdn.teaworks.example" {
        return Err(garde::Error::new(format!(
            "URL domain must be 'cdn.teaworks.example', got {domain}"
        )));
    }

    Ok(())
}

// `anyhow::Result` is enough here: nobody outside the team sees these errors
impl BlendSheetUrl {
    pub(super) async fn fetch(self, http_client: reqwest::Client) -> anyhow::Result<BlendSets> {
        Ok(http_client.get(self.0.clone()).send().await?.json().await?)
    }
}

#[derive(Deserialize, Validate)]
#[serde(untagged)]
pub(super) enum BlendSets {
    Single(#[garde(dive)] Vec<NewSingleBlend>),
    Paired(#[garde(dive)] HashMap<BlendName, NewPairedBlend>),
}

impl Write for BlendSets {
    type Returns = ();

    async fn write(
        self,
        db_conn: &mut AsyncPgConnection,
    ) -> crate::db::error::Result<Self::Returns> {
        match self {
            Self::Single(sets) => sets.write(db_conn).await?,
            Self::Paired(sets) => sets.write(db_conn).await?,
        }

        Ok(())
    }
}

static BLEND_NAME_REGEX: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^TB-(GR|BL|OO|WH)-[A-F]\d{1,2}$").unwrap());
static LEAF_CODE_REGEX: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[KMRS]{6}|[KMRS]{9}$").unwrap());

#[derive(Deserialize, Validate, Hash, PartialEq, Eq, Clone)]
#[garde(transparent)]
pub struct BlendName(#[garde(pattern(BLEND_NAME_REGEX))] String);
impl Display for BlendName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
const BLEND_NAME_ERROR_MESSAGE: &str = "malformed blend name";

impl BlendName {
    fn family(&self) -> crate::db::error::Result<&str> {
        self.0.get(3..5).ok_or(crate::db::error::Error::Other {
            message: BLEND_NAME_ERROR_MESSAGE.to_string(),
        })
    }

    fn tray(&self) -> crate::db::error::Result<&str> {
        self.0.get(6..8).ok_or(crate::db::error::Error::Other {
            message: BLEND_NAME_ERROR_MESSAGE.to_string(),
        })
    }
}

impl PathComponentKind for BlendName {
    fn component_kind() -> garde::error::Kind {
        // a map key, as far as the report goes
        garde::error::Kind::Key
    }
}

async fn insert_family(family: &str, conn: &mut AsyncPgConnection) -> crate::db::error::Result<()> {
    diesel::insert_into(blend_family::table)
        .values(blend_family::name.eq(family))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;

    Ok(())
}

#[derive(Deserialize, Validate, Clone)]
#[garde(transparent)]
struct LeafCode(#[garde(pattern(LEAF_CODE_REGEX))] String);

#[derive(Validate, Deserialize, Clone)]
pub struct NewSingleBlend(#[garde(dive)] BlendName, #[garde(dive)] [LeafCode; 4]);

// One sheet of single blends is one Vec<NewSingleBlend>, so the whole set is
// written in one go.
impl Write for Vec<NewSingleBlend> {
    type Returns = ();

    async fn write(
        self,
        conn: &mut diesel_async::AsyncPgConnection,
    ) -> crate::db::error::Result<Self::Returns> {
        #[allow(clippy::get_first)]
        let Some(NewSingleBlend(blend_name, ..)) = self.get(0).cloned() else {
            return Ok(());
        };

        let family = blend_name.family()?;
        insert_family(family, conn).await?;

        let mut rows = Vec::with_capacity(self.len());
        for blend in &self {
            let NewSingleBlend(
                blend_name,
                [LeafCode(l1), LeafCode(l2), LeafCode(l3), LeafCode(l4)],
            ) = blend;

            rows.push(SingleBlend {
                name: blend_name.0.as_str(),
                family,
                tray: blend_name.tray()?,
                leaves: vec![l1, l2, l3, l4],
            });
        }

        diesel::insert_into(single_blend::table)
            .values(rows)
            .on_conflict_do_nothing()
            .execute(conn)
            .await?;

        Ok(())
    }
}

// Generic over the string type so a row can borrow (when inserting) or own
// (when read back).
#[derive(Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = single_blend, primary_key(name))]
pub struct SingleBlend<Str: AsRef<str> + AsExpression<sql_types::Text>>
where
    for<'a> &'a Str: AsExpression<sql_types::Text>,
{
    name: Str,
    family: Str,
    tray: Str,
    leaves: Vec<Str>,
}

#[derive(Deserialize, Validate)]
pub struct NewPairedBlend {
    #[garde(dive)]
    #[serde(alias = "base(b1)")]
    base_leaf: LeafCode,
    #[garde(dive)]
    #[serde(alias = "accent_a(x2)")]
    accent_leaf_a: LeafCode,
    #[garde(dive)]
    #[serde(alias = "accent_b(x2)")]
    accent_leaf_b: LeafCode,
}

#[derive(Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = paired_blend, primary_key(name))]
pub struct PairedBlend<Str: AsRef<str> + AsExpression<sql_types::Text>>
where
    for<'a> &'a Str: AsExpression<sql_types::Text>,
{
    name: Str,
    family: Str,
    tray: Str,
    base_leaf: Str,
    accent_leaf_a: Str,
    accent_leaf_b: Str,
}

#[allow(clippy::implicit_hasher)]
impl Write for HashMap<BlendName, NewPairedBlend> {
    type Returns = ();

    async fn write(
        self,
        conn: &mut diesel_async::AsyncPgConnection,
    ) -> crate::db::error::Result<Self::Returns> {
        let Some(blend_name) = self.keys().next().cloned() else {
            return Ok(());
        };

        let family = blend_name.family()?;
        insert_family(family, conn).await?;

        let mut rows = Vec::with_capacity(self.len());
        for (blend_name, NewPairedBlend { base_leaf, accent_leaf_a, accent_leaf_b }) in &self {
            rows.push(PairedBlend {
                name: blend_name.0.as_str(),
                family,
                tray: blend_name.tray()?,
                base_leaf: &base_leaf.0,
                accent_leaf_a: &accent_leaf_a.0,
                accent_leaf_b: &accent_leaf_b.0,
            });
        }

        diesel::insert_into(paired_blend::table)
            .values(rows)
            .on_conflict_do_nothing()
            .execute(conn)
            .await?;

        Ok(())
    }
}
