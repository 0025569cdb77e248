// Modelled on DianaSensei/Rust-Actix-Server, src/model/request/user/register_request.rs: the constructs as written there, in our own words.
// Here: claiming a parcel at a pickup point (no `use` lines, as there).
#[derive(Debug, Serialize, Deserialize, Clone, Validate)]
pub struct ParcelClaim {
    #[validate(required, email(message = "no mail goes to that address"))]
    pub mailbox: Option<String>,

    #[validate(required, length(min = 10, message = "the pin needs ten characters or more"))]
    pub pin: Option<String>,

    #[validate(required, length(min = 8, max = 8, message = "claim code has the wrong length"))]
    #[serde(rename = "claimCode")]
    pub claim_code: Option<String>
}


// #[derive(Serialize, Deserialize, Debug, Validate, Clone)]
// pub struct Receipt {
//     pub parcel: String,
//     pub mailbox: String,
//     pub signed_by: String,
//     pub handed_over_at: DateTime,
// }
