#[serde(rename_all = "camelCase")]
enum E { ٲx, B }
#[serde(rename_all = "camelCase")]
struct S { __: u8 }
#[serde(rename_all = "snake_case")]
enum F { Über }
