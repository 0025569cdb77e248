// Modelled on launchbadge/realworld-axum-sqlx, src/http/articles/mod.rs: the constructs as written there, renamed (articles -> stories).
use axum::extract::{Extension, Path};
use axum::routing::{get, post};
use axum::{Json, Router};
use itertools::Itertools;
use sqlx::{Executor, Postgres};
use uuid::Uuid;

use crate::http::extractor::{AuthUser, MaybeAuthUser};
use crate::http::profiles::Profile;
use crate::http::types::Timestamptz;
use crate::http::{ApiContext, Error, Result, ResultExt};

pub fn router() -> Router {
    Router::new()
        .route("/api/stories", post(create_story))
        .route(
            "/api/stories/:slug",
            get(get_story).put(update_story).delete(delete_story),
        )
}

#[derive(serde::Deserialize, serde::Serialize)]
// Trying this out so we never have to write the tautology `StoryBody<Story>`
struct StoryBody<T = Story> {
    story: T,
}

#[derive(serde::Deserialize)]
// The spec only shows `topicList` when you look at the Story object.
#[serde(rename_all = "camelCase")]
struct CreateStory {
    title: String,
    description: String,
    body: String,
    topic_list: Vec<String>,
}

#[derive(serde::Deserialize)]
struct UpdateStory {
    title: Option<String>,
    description: Option<String>,
    body: Option<String>,
    // The spec leaves `topicList` out of this route.
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Story {
    slug: String,
    title: String,
    description: String,
    body: String,
    topic_list: Vec<String>,
    created_at: Timestamptz,
    // Left unset unless the row has actually been updated.
    updated_at: Timestamptz,
    favorited: bool,
    favorites_count: i64,
    author: Profile,
}

// The nested `author` comes back as flattened columns that we fix up afterwards.
struct StoryFromQuery {
    slug: String,
    title: String,
    description: String,
    body: String,
    topic_list: Vec<String>,
    created_at: Timestamptz,
    updated_at: Timestamptz,
    favorited: bool,
    favorites_count: i64,
    author_username: String,
    author_bio: String,
    author_image: Option<String>,
    following_author: bool,
}

impl StoryFromQuery {
    fn into_story(self) -> Story {
        Story {
            slug: self.slug,
            title: self.title,
            description: self.description,
            body: self.body,
            topic_list: self.topic_list,
            created_at: self.created_at,
            updated_at: self.updated_at,
            favorited: self.favorited,
            favorites_count: self.favorites_count,
            author: Profile {
                username: self.author_username,
                bio: self.author_bio,
                image: self.author_image,
                following: self.following_author,
            },
        }
    }
}

async fn create_story(
    auth_user: AuthUser,
    ctx: Extension<ApiContext>,
    Json(mut req): Json<StoryBody<CreateStory>>,
) -> Result<Json<StoryBody>> {
    let slug = slugify(&req.story.title);
    req.story.topic_list.sort();

    let story = sqlx::query_as!(
        StoryFromQuery,
        r#"insert into story (user_id, slug, title, description, body, topic_list)
           values ($1, $2, $3, $4, $5, $6) returning *"#,
        auth_user.user_id,
        slug,
        req.story.title,
        req.story.description,
        req.story.body,
        &req.story.topic_list[..]
    )
    .fetch_one(&ctx.db)
    .await
    .on_constraint("story_slug_key", |_| {
        Error::unprocessable_entity([("slug", format!("duplicate story slug: {}", slug))])
    })?;

    Ok(Json(StoryBody {
        story: story.into_story(),
    }))
}
