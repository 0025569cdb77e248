// Modelled on Bastian/bstats-data-processor, src/submit_data_schema.rs: the constructs as written there, in our own words.
use std::collections::HashMap;

use serde::Deserialize;

use serde_json::Value;
use serde_with::skip_serializing_none;
use validator::Validate;

#[skip_serializing_none]
#[derive(Debug, Validate, Deserialize)]
pub struct TelemetryDrop {
    #[validate(length(min = 1))]
    #[serde(rename = "installUUID")]
    pub install_uuid: String,

    #[validate(length(min = 1))]
    #[serde(rename = "probeVersion")]
    pub probe_version: Option<String>,

    pub module: TelemetryModule,

    // Anything else the probe sends (read by panels whose reader sits at 'global')
    #[serde(flatten)]
    pub extra: HashMap<String, Value>,
}

#[skip_serializing_none]
#[derive(Debug, Validate, Deserialize)]
pub struct TelemetryModule {
    pub id: u32,
    #[serde(rename = "customPanels")]
    pub custom_panels: Option<Vec<PanelReading>>,

    // Anything else the module sends (read by panels whose reader sits at 'module')
    #[serde(flatten)]
    pub extra: HashMap<String, Value>,
}

#[derive(Debug, Validate, Deserialize)]
pub struct PanelReading {
    #[validate(length(min = 1))]
    #[serde(rename = "panelId")]
    pub panel_id: String,
    pub data: Value,
    // Never sent by the probe. The server sets it when it builds panels itself.
    #[serde(default)]
    #[serde(skip)]
    pub trusted: bool,
}
