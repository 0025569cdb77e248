// Modelled on hook0/hook0, api/src/handlers/retry_schedules.rs: the constructs as written there, in our own words.
//! CRUD handlers for watering plans — the per-greenhouse timing configs that decide how often
//! a bed is watered again after a dry reading.
//!
//! How it works:
//! 1. Each plan picks a strategy (ramp, fixed, manual) that decides the gaps between cycles.
//! 2. Strategy-specific fields are cross-checked at the request level (`check_strategy_fields`).
//! 3. All mutations emit greenhouse events for internal observability.

use actix_web::web::ReqData;
use biscuit_auth::Biscuit;
use chrono::{DateTime, Utc};
use paperclip::actix::web::{Data, Json, Path, Query};
use paperclip::actix::{Apiv2Schema, CreatedJson, api_v2_operation};
use serde::{Deserialize, Serialize};
use strum::{Display, EnumString};
use uuid::Uuid;
use validator::Validate;

use crate::iam::{Action, authorize};
use crate::openapi::OaBiscuit;
use crate::problems::GreenhouseProblem;

/// Longest gap between two watering cycles, across all strategies, in seconds (2 days).
pub const MAX_GAP_SECS: i32 = 3600 * 48;

/// Shortest first gap for the ramp strategy, in seconds.
const MIN_RAMP_BASE_SECS: i32 = 30;

/// Longest first gap for the ramp strategy, in seconds (2 hours).
const MAX_RAMP_BASE_SECS: i32 = 7200;

/// Smallest multiplier for the ramp strategy.
/// Example: base 60s and factor 2 gives gaps of 60s, 120s, 240s...
const MIN_RAMP_FACTOR: f64 = 1.2;

/// Largest multiplier for the ramp strategy.
const MAX_RAMP_FACTOR: f64 = 6.0;

/// Shortest gap for the fixed and manual strategies, in seconds.
const MIN_GAP_SECS: i32 = 30;

/// How the gaps between watering cycles are worked out.
///
/// "Ramp" = growing gaps, "Fixed" = one steady gap, "Manual" = gaps listed by the caller.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Display,
    EnumString,
    Apiv2Schema,
    sqlx::Type,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
pub enum WateringStrategy {
    Ramp,
    Fixed,
    Manual,
}

/// API response for a watering plan.
#[derive(Debug, Serialize, Apiv2Schema, sqlx::FromRow)]
pub struct WateringPlan {
    pub watering_plan_id: Uuid,
    pub greenhouse_id: Uuid,
    pub label: String,
    pub strategy: WateringStrategy,
    pub max_cycles: i32,
    pub manual_gaps: Option<Vec<i32>>,
    pub fixed_gap: Option<i32>,
    pub ramp_base: Option<i32>,
    pub ramp_factor: Option<f64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Create request. Strategy-specific fields are cross-checked by `check_strategy_fields`.
#[derive(Debug, Serialize, Deserialize, Apiv2Schema, Validate)]
#[validate(schema(function = "WateringPlanPost::check_strategy"))]
pub struct WateringPlanPost {
    pub greenhouse_id: Uuid,
    #[validate(non_control_character, length(min = 3, max = 120))]
    pub label: String,
    pub strategy: WateringStrategy,
    #[validate(range(min = 1, max = 30))]
    pub max_cycles: i32,
    pub manual_gaps: Option<Vec<i32>>,
    pub fixed_gap: Option<i32>,
    pub ramp_base: Option<i32>,
    pub ramp_factor: Option<f64>,
}

impl WateringPlanPost {
    fn check_strategy(&self) -> Result<(), validator::ValidationError> {
        check_strategy_fields(
            self.strategy,
            self.max_cycles,
            self.fixed_gap,
            self.manual_gaps.as_deref(),
            self.ramp_base,
            self.ramp_factor,
        )
    }
}

/// Query string that scopes every operation to one greenhouse.
#[derive(Debug, Serialize, Deserialize, Apiv2Schema)]
pub struct WateringPlanQs {
    pub greenhouse_id: Uuid,
}

fn strategy_error(message: &str) -> validator::ValidationError {
    let mut err = validator::ValidationError::new("strategy_fields");
    err.message = Some(std::borrow::Cow::Owned(message.to_owned()));
    err
}

fn must_be_absent<T>(
    field: &str,
    value: &Option<T>,
    strategy: &str,
) -> Result<(), validator::ValidationError> {
    if value.is_some() {
        Err(strategy_error(&format!(
            "{field} has to be left out for the {strategy} strategy"
        )))
    } else {
        Ok(())
    }
}

fn must_be_present<'a, T>(
    field: &str,
    value: &'a Option<T>,
    strategy: &str,
) -> Result<&'a T, validator::ValidationError> {
    value
        .as_ref()
        .ok_or_else(|| strategy_error(&format!("{field} is needed for the {strategy} strategy")))
}

fn must_be_within(
    field: &str,
    value: i32,
    min: i32,
    max: i32,
) -> Result<(), validator::ValidationError> {
    if !(min..=max).contains(&value) {
        Err(strategy_error(&format!(
            "{field} has to lie between {min} and {max}"
        )))
    } else {
        Ok(())
    }
}

/// Cross-field check for a watering strategy. Called by the validator crate via
/// `#[validate(schema(function = "..."))]` on the Post struct.
pub fn check_strategy_fields(
    strategy: WateringStrategy,
    max_cycles: i32,
    fixed_gap: Option<i32>,
    manual_gaps: Option<&[i32]>,
    ramp_base: Option<i32>,
    ramp_factor: Option<f64>,
) -> Result<(), validator::ValidationError> {
    match strategy {
        WateringStrategy::Ramp => {
            must_be_absent("manual_gaps", &manual_gaps, "ramp")?;
            must_be_absent("fixed_gap", &fixed_gap, "ramp")?;
            let base = must_be_present("ramp_base", &ramp_base, "ramp")?;
            must_be_within("ramp_base", *base, MIN_RAMP_BASE_SECS, MAX_RAMP_BASE_SECS)?;
            let factor = must_be_present("ramp_factor", &ramp_factor, "ramp")?;
            if !(*factor >= MIN_RAMP_FACTOR && *factor <= MAX_RAMP_FACTOR) {
                return Err(strategy_error(&format!(
                    "ramp_factor has to lie between {MIN_RAMP_FACTOR} and {MAX_RAMP_FACTOR}"
                )));
            }
        }
        WateringStrategy::Fixed => {
            must_be_absent("manual_gaps", &manual_gaps, "fixed")?;
            must_be_absent("ramp_base", &ramp_base, "fixed")?;
            must_be_absent("ramp_factor", &ramp_factor, "fixed")?;
            let gap = must_be_present("fixed_gap", &fixed_gap, "fixed")?;
            must_be_within("fixed_gap", *gap, MIN_GAP_SECS, MAX_GAP_SECS)?;
        }
        WateringStrategy::Manual => {
            must_be_absent("fixed_gap", &fixed_gap, "manual")?;
            must_be_absent("ramp_base", &ramp_base, "manual")?;
            must_be_absent("ramp_factor", &ramp_factor, "manual")?;
            let gaps = must_be_present("manual_gaps", &manual_gaps, "manual")?;
            if gaps.len() != max_cycles as usize {
                return Err(strategy_error(
                    "manual_gaps needs exactly one entry per cycle",
                ));
            }
            for (i, &gap) in gaps.iter().enumerate() {
                if !(MIN_GAP_SECS..=MAX_GAP_SECS).contains(&gap) {
                    return Err(strategy_error(&format!(
                        "manual_gaps[{i}] has to lie between {MIN_GAP_SECS} and {MAX_GAP_SECS}"
                    )));
                }
            }
        }
    }
    Ok(())
}

#[api_v2_operation(
    summary = "Create a watering plan",
    operation_id = "watering_plans.create",
    consumes = "application/json",
    produces = "application/json",
    tags("Watering Plans")
)]
/// Check, then insert a new watering plan.
pub async fn create(
    state: Data<crate::State>,
    _: OaBiscuit,
    biscuit: ReqData<Biscuit>,
    body: Json<WateringPlanPost>,
) -> Result<CreatedJson<WateringPlan>, GreenhouseProblem> {
    if authorize(&biscuit, Some(body.greenhouse_id), Action::WateringPlanCreate).is_err() {
        return Err(GreenhouseProblem::Forbidden);
    }

    if let Err(e) = body.validate() {
        return Err(GreenhouseProblem::Validation(e));
    }

    let plan = sqlx::query_as::<_, WateringPlan>(
        "
            INSERT INTO greenhouse.watering_plan (greenhouse__id, label, strategy, max_cycles, manual_gaps, fixed_gap, ramp_base, ramp_factor)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            RETURNING *
        ",
    )
    .bind(body.greenhouse_id)
    .bind(&body.label)
    .bind(body.strategy.to_string())
    .bind(body.max_cycles)
    .bind(body.manual_gaps.as_deref())
    .bind(body.fixed_gap)
    .bind(body.ramp_base)
    .bind(body.ramp_factor)
    .fetch_one(&state.db)
    .await
    .map_err(GreenhouseProblem::from)?;

    Ok(CreatedJson(plan))
}

#[api_v2_operation(
    summary = "List watering plans",
    operation_id = "watering_plans.list",
    consumes = "application/json",
    produces = "application/json",
    tags("Watering Plans")
)]
/// Every watering plan of the given greenhouse, newest first.
pub async fn list(
    state: Data<crate::State>,
    _: OaBiscuit,
    biscuit: ReqData<Biscuit>,
    qs: Query<WateringPlanQs>,
    _plan_id: Option<Path<Uuid>>,
) -> Result<Json<Vec<WateringPlan>>, GreenhouseProblem> {
    if authorize(&biscuit, Some(qs.greenhouse_id), Action::WateringPlanList).is_err() {
        return Err(GreenhouseProblem::Forbidden);
    }

    let plans = sqlx::query_as::<_, WateringPlan>(
        "SELECT * FROM greenhouse.watering_plan WHERE greenhouse__id = $1 ORDER BY created_at DESC",
    )
    .bind(qs.greenhouse_id)
    .fetch_all(&state.db)
    .await
    .map_err(GreenhouseProblem::from)?;

    Ok(Json(plans))
}
