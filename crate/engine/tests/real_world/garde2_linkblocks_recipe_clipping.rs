// Modelled on raffomania/linkblocks, src/forms/bookmarks.rs: the constructs as written there, in our own words.
use garde::Validate;
use serde::Deserialize;
use uuid::Uuid;

use crate::{db::clippings::InsertClipping, form_errors::FormErrors};

#[derive(Validate, Default, Deserialize, Clone, Debug)]
pub struct CreateClipping {
    #[garde(skip)]
    #[serde(default)]
    pub folders: Vec<Uuid>,
    #[garde(skip)]
    #[serde(default)]
    pub new_folders: Vec<String>,
    #[garde(url)]
    pub source_url: String,
    #[garde(skip)]
    pub headline: String,
    #[garde(length(max = 80))]
    pub folder_search_term: Option<String>,
    #[garde(skip)]
    #[serde(default)]
    pub submitted: bool,
}

impl TryFrom<CreateClipping> for InsertClipping {
    type Error = FormErrors;

    fn try_from(value: CreateClipping) -> Result<Self, Self::Error> {
        value.validate()?;

        if !value.submitted {
            return Err(FormErrors::default());
        }

        Ok(InsertClipping {
            source_url: value.source_url,
            headline: value.headline,
        })
    }
}
