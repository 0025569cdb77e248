// Modelled on divviup/divviup-api, src/entity/task/new_task.rs: the constructs as written there, in our own words.
use super::*;
use crate::{
    clients::partner_client::api_types::{PartnerTally, CohortKind},
    entity::{
        partner::{Capability, Side},
        Account, Credential, Dialect,
    },
    handler::Error,
};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use rand::Rng;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use sha2::{Digest, Sha256};
use validator::{ValidationErrors, ValidationErrorsKind};

#[derive(Deserialize, Validate, Debug, Clone, Default)]
pub struct NewCampaign {
    #[validate(required, length(min = 1))]
    pub title: Option<String>,

    #[validate(required)]
    pub lead_partner_id: Option<String>,

    #[validate(required)]
    pub second_partner_id: Option<String>,

    #[validate(required, nested)]
    pub tally: Option<Tally>,

    #[validate(required, range(min = 50))]
    pub min_cohort_size: Option<u64>,

    #[validate(range(min = 0))]
    pub max_cohort_size: Option<u64>,

    #[validate(range(min = 0))]
    pub cohort_window_seconds: Option<u64>,

    #[validate(
        required,
        range(
            min = 300,
            max = 604800,
            message = "has to be between five minutes and one week"
        )
    )]
    pub granularity_seconds: Option<u64>,

    #[validate(required)]
    pub credential_id: Option<String>,
}

async fn load_partner(
    account: &Account,
    id: Option<&str>,
    db: &impl ConnectionTrait,
) -> Result<Option<Partner>, Error> {
    let Some(id) = id.map(Uuid::parse_str).transpose()? else {
        return Ok(None);
    };

    let partner = Partners::find_by_id(id)
        .filter(PartnerColumn::RetiredAt.is_null())
        .one(db)
        .await?;

    let Some(partner) = partner else {
        return Ok(None);
    };

    if partner.account_id.is_none() || partner.account_id == Some(account.id) {
        Ok(Some(partner))
    } else {
        Ok(None)
    }
}

const SEED_BYTES: usize = 16;
fn generate_seed_and_expected_campaign_id() -> (String, String) {
    let mut seed = [0; SEED_BYTES];
    rand::thread_rng().fill(&mut seed);
    (
        URL_SAFE_NO_PAD.encode(seed),
        URL_SAFE_NO_PAD.encode(Sha256::digest(seed)),
    )
}

impl NewCampaign {
    fn validate_min_lte_max(&self, errors: &mut ValidationErrors) {
        let min = self.min_cohort_size;
        let max = self.max_cohort_size;
        if matches!((min, max), (Some(min), Some(max)) if min > max) {
            let error = ValidationError::new("min_greater_than_max");
            errors.add("min_cohort_size", error.clone());
            errors.add("max_cohort_size", error);
        }
    }

    fn validate_cohort_window(&self, errors: &mut ValidationErrors) {
        if let Some(window) = self.cohort_window_seconds {
            if self.max_cohort_size.is_none() {
                errors.add(
                    "cohort_window_seconds",
                    ValidationError::new("missing-max-cohort-size"),
                );
            }
            if let Some(granularity) = self.granularity_seconds {
                if window % granularity != 0 {
                    errors.add(
                        "cohort_window_seconds",
                        ValidationError::new("not-multiple-of-granularity"),
                    );
                }
            }
        }
    }

    async fn validate_partners(
        &self,
        account: &Account,
        db: &impl ConnectionTrait,
        errors: &mut ValidationErrors,
    ) -> Option<(Partner, Partner, Dialect)> {
        let lead = load_partner(account, self.lead_partner_id.as_deref(), db)
            .await
            .ok()
            .flatten();
        if lead.is_none() {
            errors.add("lead_partner_id", ValidationError::new("required"));
        }

        let second = load_partner(account, self.second_partner_id.as_deref(), db)
            .await
            .ok()
            .flatten();
        if second.is_none() {
            errors.add("second_partner_id", ValidationError::new("required"));
        }

        let (Some(lead), Some(second)) = (lead, second) else {
            return None;
        };

        if lead == second {
            errors.add("lead_partner_id", ValidationError::new("same"));
            errors.add("second_partner_id", ValidationError::new("same"));
        }

        if lead.side == Side::Second {
            errors.add("lead_partner_id", ValidationError::new("side"))
        }

        if errors.is_empty() {
            let dialect = lead.dialect;
            Some((lead, second, dialect))
        } else {
            None
        }
    }

    pub async fn normalize_and_validate(
        &mut self,
        account: Account,
        db: &impl ConnectionTrait,
    ) -> Result<ProvisionableCampaign, ValidationErrors> {
        let mut errors = Validate::validate(self).err().unwrap_or_default();
        self.validate_min_lte_max(&mut errors);
        self.validate_cohort_window(&mut errors);
        let partners = self.validate_partners(&account, db, &mut errors).await;

        if errors.is_empty() {
            let (lead_partner, second_partner, dialect) = partners.unwrap();
            let (seed, id) = generate_seed_and_expected_campaign_id();

            Ok(ProvisionableCampaign {
                account,
                id,
                seed,
                title: self.title.clone().unwrap(),
                lead_partner,
                second_partner,
                tally: self.tally.clone().unwrap(),
                min_cohort_size: self.min_cohort_size.unwrap(),
                max_cohort_size: self.max_cohort_size,
                cohort_window_seconds: self.cohort_window_seconds,
                granularity_seconds: self.granularity_seconds.unwrap(),
                dialect,
            })
        } else {
            Err(errors)
        }
    }

    pub fn cohort_kind(&self) -> CohortKind {
        if let Some(max_cohort_size) = self.max_cohort_size {
            CohortKind::Bounded {
                max_cohort_size,
                window: self.cohort_window_seconds,
            }
        } else {
            CohortKind::Rolling
        }
    }
}
