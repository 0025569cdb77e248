// Modelled on Keats/validator validator_derive_tests/tests/custom_args.rs: the constructs as written there, in our own words.
use serde::Deserialize;
use validator::{Validate, ValidateArgs, ValidationError};

pub struct UploadPolicy {
    pub max_bytes: u64,
    pub allowed_types: &'static [&'static str],
}

impl Default for UploadPolicy {
    fn default() -> Self {
        Self {
            max_bytes: 10 * 1024 * 1024,
            allowed_types: &["image/png", "image/jpeg", "application/pdf"],
        }
    }
}

fn within_quota(size: u64, policy: &UploadPolicy) -> Result<(), ValidationError> {
    if size > policy.max_bytes {
        return Err(ValidationError::new("too_large"));
    }
    Ok(())
}

fn allowed_type(content_type: &str, policy: &UploadPolicy) -> Result<(), ValidationError> {
    if policy.allowed_types.contains(&content_type) {
        Ok(())
    } else {
        Err(ValidationError::new("unsupported_type"))
    }
}

#[derive(Debug, Deserialize, Validate)]
#[validate(context = UploadPolicy)]
pub struct StageUpload {
    #[validate(length(min = 1, max = 255))]
    pub file_name: String,
    #[validate(custom(function = "within_quota", use_context))]
    pub size_bytes: u64,
    #[validate(custom(function = "allowed_type", use_context))]
    pub content_type: String,
}
