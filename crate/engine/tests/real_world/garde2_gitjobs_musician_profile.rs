// Modelled on cncf/gitjobs, gitjobs-server/src/templates/dashboard/job_seeker/profile.rs: the constructs as written there, in our own words.
//! Templates and types for the musician's profile page on the gig board.

use askama::Template;
use chrono::NaiveDate;
use garde::Validate;
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;
use uuid::Uuid;

use crate::{
    templates::{
        filters,
        helpers::{DATE_FORMAT_3, build_board_image_url, normalize},
        misc::Venue,
    },
    validation::{
        MAX_LEN_BIO, MAX_LEN_STAGE_NAME, MAX_LEN_L, MAX_LEN_M, trimmed_non_empty, trimmed_non_empty_opt,
        trimmed_non_empty_tag_vec,
    },
};

// Page templates.

/// Template for the profile preview page.
#[derive(Debug, Clone, Template, Serialize, Deserialize)]
#[template(path = "board/musician/profile/preview.html")]
pub(crate) struct PreviewPage {
    /// Profile to preview.
    pub profile: MusicianProfile,
}

/// Template for the edit profile page.
#[derive(Debug, Clone, Template, Serialize, Deserialize)]
#[template(path = "board/musician/profile/edit.html")]
pub(crate) struct EditPage {
    /// Profile to edit, when there is one already.
    pub profile: Option<MusicianProfile>,
}

// Types.

/// A musician's profile and what goes with it.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, Serialize, Deserialize, Validate)]
pub(crate) struct MusicianProfile {
    /// Booking email address.
    #[garde(email, length(max = MAX_LEN_M))]
    pub email: String,
    /// Stage name.
    #[garde(custom(trimmed_non_empty), length(max = MAX_LEN_STAGE_NAME))]
    pub stage_name: String,
    /// Whether the profile is listed publicly.
    #[garde(skip)]
    pub listed: bool,
    /// A few lines about the act.
    #[garde(custom(trimmed_non_empty), length(max = MAX_LEN_BIO))]
    pub bio: String,

    /// Bandcamp page.
    #[garde(url, length(max = MAX_LEN_L))]
    pub bandcamp_url: Option<String>,
    /// Residencies played.
    #[garde(skip)]
    pub residencies: Option<Vec<Residency>>,
    /// Lessons and schools.
    #[garde(skip)]
    pub training: Option<Vec<Training>>,
    /// Past bands and projects.
    #[garde(skip)]
    pub bands: Option<Vec<Band>>,
    /// Mastodon profile.
    #[garde(url, length(max = MAX_LEN_L))]
    pub mastodon_url: Option<String>,
    /// Home venue, if the act has one.
    #[garde(skip)]
    pub home_venue: Option<Venue>,
    /// Happy to tour.
    #[garde(skip)]
    pub tours: Option<bool>,
    /// Happy to play online sessions.
    #[garde(skip)]
    pub plays_online: Option<bool>,
    /// Phone for the booker.
    #[garde(custom(trimmed_non_empty_opt), length(max = MAX_LEN_M))]
    pub phone: Option<String>,
    /// Press photo.
    #[garde(skip)]
    pub photo_id: Option<Uuid>,
    /// Genres and instruments.
    #[garde(custom(trimmed_non_empty_tag_vec))]
    pub tags: Option<Vec<String>>,
    /// Personal site.
    #[garde(url, length(max = MAX_LEN_L))]
    pub website_url: Option<String>,
}

impl MusicianProfile {
    /// Tidy some fields before saving.
    pub(crate) fn normalize(&mut self) {
        if let Some(tags) = &mut self.tags {
            for tag in tags.iter_mut() {
                *tag = normalize(tag);
            }
        }
    }
}

/// A residency the act played.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Residency {
    /// What happened there.
    pub description: String,
    /// Last night played.
    pub end_date: NaiveDate,
    /// The venue.
    pub venue: String,
    /// First night played.
    pub start_date: NaiveDate,
    /// Name of the night.
    pub title: String,
}

/// Lessons or a school.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Training {
    /// What was learnt.
    pub description: String,
    /// The school or teacher.
    pub teacher: String,
    /// When it ended.
    pub end_date: NaiveDate,
    /// When it started.
    pub start_date: NaiveDate,
    /// Grade or diploma.
    pub title: String,
}

/// A past band or project.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Band {
    /// The band's name.
    pub name: String,
    /// What the act did in it.
    pub description: String,
    /// When it started.
    pub start_date: NaiveDate,
    /// Role in the band.
    pub role: String,

    /// When it ended, if it did.
    pub end_date: Option<NaiveDate>,
}
