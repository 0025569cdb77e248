// Modelled on mb1986/actix-auth, src/model.rs (types) and src/auth_handler.rs (handler): the constructs as written there.
use actix_session::Session;
use actix_web::{
    error::ErrorInternalServerError, web, web::Data, web::Json, Error, HttpResponse, Responder,
};
use futures::future::Future;
use futures::IntoFuture;
use serde::{de::DeserializeOwned, Deserialize, Serialize};

use crate::auth_config::AuthConfigInner;
use crate::auth_service::{AuthData, AuthService};

#[derive(Deserialize, Debug)]
pub struct Credentials {
    pub username: String,
    pub password: String,
}

#[cfg(feature = "totp")]
#[derive(Deserialize, Debug)]
pub struct TotpCode {
    pub code: String,
}

#[derive(Deserialize, Debug)]
#[serde(tag = "type")]
pub enum AuthRequest {
    #[serde(rename = "user")]
    Credentials(Credentials),

    #[cfg(feature = "totp")]
    #[serde(rename = "totp")]
    TotpCode(TotpCode),
}

fn handle_sign_in<T, U>(
    req: Json<AuthRequest>,
    session: Session,
    ctx: T::Context,
    config: Data<AuthConfigInner>,
) -> Box<dyn Future<Item = HttpResponse, Error = Error>>
where
    T: AuthService<U>,
    U: DeserializeOwned + Serialize + 'static,
{
    match &*req {
        AuthRequest::Credentials(ref credentials) => Box::new(
            T::authenticate(&credentials.username, &credentials.password, &ctx)
                .into_future()
                .map_err(T::Error::into)
                .and_then(move |maybe_auth_data| match &maybe_auth_data {
                    Some(ref auth_data) => auth_with_credentials(auth_data, &session),
                    None => Err(HttpResponse::Unauthorized().finish().into()),
                }),
        ),
        #[cfg(feature = "totp")]
        AuthRequest::TotpCode(ref totp_code) => Box::new(auth_with_totp_code(totp_code, &session, &ctx)),
    }
}
