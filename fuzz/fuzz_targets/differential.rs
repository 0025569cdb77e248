//! The interpreter against the compiled code of the bundled scenarios on
//! arbitrary input text: the first byte picks the scenario, the rest is the
//! JSON. Every variant must agree on outcome, value and violations.
#![no_main]

#[path = "../../crate/bench/tests/agreement/mod.rs"]
mod agreement;

use std::sync::LazyLock;

use overhead_bench::bundled::{self, BUNDLED};
use overhead_engine::run::Interpreter;

fn engine(name: &str) -> Interpreter {
    let b = BUNDLED.iter().find(|b| b.name == name).expect("bundled");
    let s = b.scenario().expect("parses");
    Interpreter::new(&s.schema, s.root.as_deref()).expect("the bundled definitions run")
}

static USER_SIGNUP: LazyLock<Interpreter> = LazyLock::new(|| engine("user-signup"));
static API_PAYLOAD: LazyLock<Interpreter> = LazyLock::new(|| engine("api-payload"));
static CAR: LazyLock<Interpreter> = LazyLock::new(|| engine("car"));

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match pick % 3 {
        0 => {
            use bundled::user_signup::{integrated, plain};
            agreement::agree::<plain::UserSignup, integrated::UserSignup>(&USER_SIGNUP, text);
        }
        1 => {
            use bundled::api_payload::{integrated, plain};
            agreement::agree::<plain::CreateOrder, integrated::CreateOrder>(&API_PAYLOAD, text);
        }
        _ => {
            use bundled::car::{integrated, plain};
            agreement::agree::<plain::Car, integrated::Car>(&CAR, text);
        }
    }
});
