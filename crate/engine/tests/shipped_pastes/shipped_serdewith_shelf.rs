// Modelled on jonasbb/serde_with src/guide/serde_as.md: the constructs as written there, in our own words.
// Pasted from the middle of handlers/shelves.rs; the serde_with and indexmap imports are above the cut.
use garde::Validate;
use serde::Deserialize;

#[serde_as]
#[derive(Debug, Deserialize, Validate)]
pub struct ShelfUpdate {
    #[serde_as(as = "DisplayFromStr")]
    #[garde(range(min = 1, max = 400))]
    pub shelf_id: u32,
    /// title -> position on the shelf, in display order
    #[garde(custom(no_blank_keys))]
    pub positions: IndexMap<String, u16>,
    #[garde(skip)]
    pub tags: IndexSet<String>,
    #[garde(length(min = 1))]
    pub editor: String,
}

fn no_blank_keys(value: &IndexMap<String, u16>, _ctx: &()) -> garde::Result {
    if value.keys().any(|k| k.trim().is_empty()) {
        return Err(garde::Error::new("position names must not be blank"));
    }
    Ok(())
}
