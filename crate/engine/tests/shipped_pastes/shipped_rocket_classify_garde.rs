// Modelled on HunterGooD/test_rust_rest src/routes/classify/model.rs: the constructs as written there, in our own words.
use garde::Validate;
use rocket::serde::{json::Json, Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, Validate)]
#[serde(crate = "rocket::serde")]
pub struct ClassifyRequest {
    #[serde(rename = "text")]
    #[garde(length(min = 1, max = 5000))]
    pub body: String,
    #[garde(inner(length(equal = 2)))]
    pub language: Option<String>,
    #[garde(range(min = 1, max = 10))]
    pub top_k: u8,
    #[garde(length(max = 20), inner(length(min = 1, max = 32)))]
    pub labels: Vec<String>,
}

#[derive(Serialize, Deserialize, Debug)]
#[serde(crate = "rocket::serde")]
pub struct ClassifyResponse {
    #[serde(rename = "label")]
    pub label: String,
    pub score: f32,
}

#[post("/classify", format = "json", data = "<req>")]
pub fn classify(req: Json<ClassifyRequest>) -> Json<ClassifyResponse> {
    let label = req.labels.first().cloned().unwrap_or_default();
    Json(ClassifyResponse { label, score: 0.5 })
}
