// Modelled on l1nxy/loomtty, crates/ciri-config/src/schema.rs: the constructs as written there, in our own words.
//! Settings schema: every struct and enum of the settings file, with defaults.

use garde::Validate;
use serde::{Deserialize, Serialize};

use crate::keys::ShortcutConfig;
use crate::palette::PaletteConfig;

#[derive(Debug, Clone, Serialize, Deserialize, Validate)]
#[serde(default)]
#[derive(Default)]
pub struct LoomConfig {
    #[garde(dive)]
    pub typeface: TypefaceConfig,
    #[garde(dive)]
    pub chrome: ChromeConfig,
    #[garde(skip)]
    pub shortcuts: ShortcutConfig,
    #[garde(skip)]
    pub palette: PaletteConfig,
    #[garde(dive)]
    pub console: ConsoleConfig,
}

#[derive(Debug, Clone, Serialize, Deserialize, Validate)]
#[serde(default)]
pub struct TypefaceConfig {
    #[garde(skip)]
    pub family: String,
    #[garde(range(min = 4.0, max = 96.0))]
    pub points: f32,
}

impl Default for TypefaceConfig {
    fn default() -> Self {
        TypefaceConfig {
            family: default_family().to_string(),
            points: 12.0,
        }
    }
}

fn default_family() -> &'static str {
    #[cfg(target_os = "macos")]
    {
        "SF Mono"
    }
    #[cfg(target_os = "windows")]
    {
        "Cascadia Mono"
    }
    #[cfg(not(any(target_os = "macos", target_os = "windows")))]
    {
        "DejaVu Sans Mono"
    }
}

/// How the active pane's outline is drawn.
#[derive(Debug, Clone, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum OutlineStyle {
    #[default]
    Solid,
    Halo,
    Dotted,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct OutlineConfig {
    pub style: OutlineStyle,
    pub halo_radius: f32,
    pub halo_layers: u8,
}

impl Default for OutlineConfig {
    fn default() -> Self {
        OutlineConfig {
            style: OutlineStyle::Solid,
            halo_radius: 3.0,
            halo_layers: 2,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, Validate)]
#[serde(default)]
pub struct ChromeConfig {
    #[garde(skip)]
    pub gutter: f32,
    #[garde(range(min = 0.0))]
    pub border_width: f32,
    #[garde(skip)]
    pub active_border_color: String,
    #[garde(range(min = 0.0, max = 1.0))]
    pub dimmed_opacity: f32,
    #[garde(skip)]
    pub outline: OutlineConfig,
}

impl Default for ChromeConfig {
    fn default() -> Self {
        ChromeConfig {
            gutter: 6.0,
            border_width: 1.0,
            active_border_color: String::new(),
            dimmed_opacity: 0.8,
            outline: OutlineConfig::default(),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, Validate)]
#[serde(default)]
pub struct ConsoleConfig {
    #[garde(range(min = 1))]
    pub default_cols: u16,
    #[garde(range(min = 1))]
    pub default_rows: u16,
    #[garde(skip)]
    pub caret_color: String,
    #[garde(range(min = 0.0, max = 1.0))]
    pub caret_opacity: f32,
    #[garde(skip)]
    pub caret_blink: bool,
    #[garde(range(min = 1))]
    pub caret_blink_interval_ms: u64,
    #[garde(skip)]
    pub shell: String,
    #[garde(range(min = 1))]
    pub history_lines: usize,
    #[garde(skip)]
    pub copy_on_select: bool,
    #[garde(skip)]
    pub notify_after_secs: u64,
    #[garde(skip)]
    pub bell_sound: String,
    #[garde(skip)]
    pub paste_warn_bytes: usize,
}

impl Default for ConsoleConfig {
    fn default() -> Self {
        ConsoleConfig {
            default_cols: 100,
            default_rows: 30,
            caret_color: "#F2C14E".to_string(),
            caret_opacity: 0.9,
            caret_blink: false,
            caret_blink_interval_ms: 600,
            shell: String::new(),
            history_lines: 20000,
            copy_on_select: true,
            notify_after_secs: 0,
            bell_sound: String::new(),
            paste_warn_bytes: 4096,
        }
    }
}
