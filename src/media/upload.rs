//! Multipart forms: typed with actix-multipart's `MultipartForm` derive (each form struct is also
//! its OpenAPI request body, so a field a handler reads is a field of the document), pictures
//! streamed to temporary files under `data-dir/uploads` as they arrive (never held in memory,
//! deleted when the request ends), and a bound on the uploads one account or one client address
//! may have running at once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix_multipart::MultipartError;
use actix_multipart::form::tempfile::{TempFile, TempFileConfig};
use actix_multipart::form::text::{Text, TextError};
use actix_multipart::form::{FieldReader, Limits, MultipartCollect, MultipartForm, MultipartFormConfig};
use actix_web::error::PayloadError;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use crate::error::AppError;

/// Most pictures any one form may carry (a product's gallery); the 9th is refused as it arrives,
/// so a form cannot open a temporary file per part without end.
pub const MAX_FILES_PER_FORM: usize = 8;
/// Longest text field, in characters, where a handler sets no shorter limit of its own (the
/// document says so). Read as at most four bytes a character.
pub const MAX_TEXT_CHARS: usize = 20_000;
const MAX_TEXT_BYTES: usize = MAX_TEXT_CHARS * 4;
/// Uploads one signed-in account may have running at once.
pub const UPLOADS_PER_ACCOUNT: usize = 2;

/// Why a form was refused, as the API answers it. Kept whole (unlike an `actix_web::Error`), so
/// [`read`] gives the handler its own `AppError` back.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// 400 with this message.
    Invalid(String),
    /// 413 with this message.
    TooLarge(String),
    /// 500: the shop could not store the form; the cause is for the log.
    Failed(String),
}

impl From<Refusal> for AppError {
    fn from(refusal: Refusal) -> AppError {
        match refusal {
            Refusal::Invalid(message) => AppError::Validation(message),
            Refusal::TooLarge(message) => AppError::PayloadTooLarge(message),
            Refusal::Failed(cause) => AppError::Internal(cause),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Invalid(message) | Refusal::TooLarge(message) | Refusal::Failed(message) => f.write_str(message),
        }
    }
}

/// A `MultipartForm` used as an extractor answers in the API's shape too.
impl actix_web::ResponseError for Refusal {
    fn status_code(&self) -> actix_web::http::StatusCode {
        AppError::from(self.clone()).status_code()
    }

    fn error_response(&self) -> actix_web::HttpResponse {
        AppError::from(self.clone()).error_response()
    }
}

fn too_large() -> Refusal {
    Refusal::TooLarge(format!("Image file size must be less than {}MB.", super::MAX_UPLOAD_BYTES / 1_000_000))
}

pub fn too_many_files(max: usize) -> Refusal {
    Refusal::Invalid(format!("Send at most {max} images at once."))
}

/// A picture sent in a form, written to a temporary file as it arrives. The file is deleted when
/// this is dropped: when the request ends, or when its decoding finishes.
pub struct ImageUpload(pub TempFile);

impl ImageUpload {
    /// A picture that was sent: `None` for a missing or empty file part (a file input left empty).
    pub fn sent(upload: Option<ImageUpload>) -> Option<ImageUpload> {
        upload.filter(|u| u.0.size > 0)
    }

    /// The pictures of a list that were sent.
    pub fn all_sent(uploads: Vec<ImageUpload>) -> Vec<ImageUpload> {
        uploads.into_iter().filter(|u| u.0.size > 0).collect()
    }
}

/// How many pictures the request's form has opened so far.
struct FilesInForm(usize);

impl<'t> FieldReader<'t> for ImageUpload {
    type Future = LocalBoxFuture<'t, Result<Self, MultipartError>>;

    fn read_field(req: &'t HttpRequest, field: actix_multipart::Field, limits: &'t mut Limits) -> Self::Future {
        Box::pin(async move {
            let name = field.name().unwrap_or_default().to_string();
            let refuse = |refusal: Refusal| MultipartError::Field { name: name.clone(), source: refusal.into() };
            let opened = {
                let mut extensions = req.extensions_mut();
                let count = extensions.get_mut::<FilesInForm>().map(|c| c.0).unwrap_or(0) + 1;
                extensions.insert(FilesInForm(count));
                count
            };
            if opened > MAX_FILES_PER_FORM {
                return Err(refuse(too_many_files(MAX_FILES_PER_FORM)));
            }
            // Each file gets at most MAX_UPLOAD_BYTES of whatever is left of its field's limit (a
            // list of pictures shares one limit for the name), and the rest is handed back after.
            let shared = limits.field_limit_remaining;
            limits.field_limit_remaining = Some(shared.map_or(super::MAX_UPLOAD_BYTES, |left| left.min(super::MAX_UPLOAD_BYTES)));
            match TempFile::read_field(req, field, &mut *limits).await {
                Ok(file) => {
                    limits.field_limit_remaining = shared.map(|left| left.saturating_sub(file.size));
                    Ok(ImageUpload(file))
                }
                Err(MultipartError::Payload(PayloadError::Overflow)) => Err(refuse(too_large())),
                Err(other) => Err(other),
            }
        })
    }
}

/// A text field of a form, trimmed. Read with actix-multipart's `Text`; a field longer than its
/// limit is refused by name.
pub struct TextField(pub String);

impl TextField {
    /// The text of an optional field, "" when it was not sent.
    pub fn or_empty(field: Option<TextField>) -> String {
        field.map(|f| f.0).unwrap_or_default()
    }
}

impl<'t> FieldReader<'t> for TextField {
    type Future = LocalBoxFuture<'t, Result<Self, MultipartError>>;

    fn read_field(req: &'t HttpRequest, field: actix_multipart::Field, limits: &'t mut Limits) -> Self::Future {
        Box::pin(async move {
            let name = field.name().unwrap_or_default().to_string();
            if limits.field_limit_remaining.is_none() {
                limits.field_limit_remaining = Some(MAX_TEXT_BYTES);
            }
            match Text::<String>::read_field(req, field, limits).await {
                Ok(Text(text)) => Ok(TextField(text.trim().to_string())),
                Err(MultipartError::Payload(PayloadError::Overflow)) => Err(MultipartError::Field {
                    name: name.clone(),
                    source: Refusal::Invalid(format!("The field {name} is too long.")).into(),
                }),
                Err(other) => Err(other),
            }
        })
    }
}

/// Reads a typed multipart form from the request's body. Called by the handler once its other
/// extractors (the session, the upload's place) have let the request in, so nothing of the body
/// is read for a request that is refused anyway.
pub async fn read<T: MultipartCollect + 'static>(req: &HttpRequest, body: web::Payload) -> Result<T, AppError> {
    match MultipartForm::<T>::from_request(req, &mut body.into_inner()).await {
        Ok(MultipartForm(form)) => Ok(form),
        // Its check of the content type answers without asking the configured error handler.
        Err(error) => Err(match (error.as_error::<Refusal>(), error.as_error::<MultipartError>()) {
            (Some(refusal), _) => refusal.clone().into(),
            (None, Some(refused)) => form_refusal(refused).into(),
            (None, None) => AppError::internal(error),
        }),
    }
}

/// The app-wide settings of form extraction: errors in the API's JSON shape, text fields kept in
/// memory (a few kilobytes at most per form), pictures as files.
pub fn form_config() -> MultipartFormConfig {
    MultipartFormConfig::default()
        // Eight pictures and the text beside them; nothing larger is read.
        .total_limit(MAX_FILES_PER_FORM * super::MAX_UPLOAD_BYTES + MAX_TEXT_BYTES * 4)
        .memory_limit(MAX_TEXT_BYTES * 4)
        .error_handler(|error, _req| form_refusal(&error).into())
}

/// Temporary files for pictures go to `dir`; failing to write one is the shop's fault.
pub fn temp_file_config(dir: &std::path::Path) -> TempFileConfig {
    TempFileConfig::default().directory(dir).error_handler(|error, _req| Refusal::Failed(error.to_string()).into())
}

/// Every way reading a form can fail, as the API answers it.
fn form_refusal(error: &MultipartError) -> Refusal {
    let invalid = |message: String| Refusal::Invalid(message);
    match error {
        // Our own field readers' refusals are answers already.
        MultipartError::Field { source, .. } if source.as_error::<Refusal>().is_some() => {
            source.as_error::<Refusal>().cloned().expect("checked just before")
        }
        MultipartError::Field { name, source } => match source.as_error::<TextError>() {
            Some(TextError::Utf8Error(_)) => invalid(format!("The field {name} is not valid text.")),
            Some(TextError::ContentType) => invalid(format!("Send the field {name} as plain text.")),
            _ => invalid(format!("The field {name} could not be read.")),
        },
        MultipartError::DuplicateField(name) => invalid(format!("The field {name} was sent more than once.")),
        MultipartError::MissingField(name) => invalid(format!("The field {name} is missing.")),
        MultipartError::UnknownField(name) => invalid(format!("The form has no field {name}.")),
        MultipartError::Payload(PayloadError::Overflow) => Refusal::TooLarge("The form is too large.".into()),
        MultipartError::ContentTypeMissing | MultipartError::ContentTypeParse | MultipartError::ContentTypeIncompatible => {
            invalid("Send the form as multipart/form-data.".into())
        }
        other => invalid(format!("The form could not be read: {other}")),
    }
}

/// Requests running at once per key; a key's entry goes when its last request ends, so the map
/// holds only what is in flight.
#[derive(Default)]
pub struct InFlight {
    counts: Mutex<HashMap<String, usize>>,
}

/// A place taken in every key of one request, given back when dropped.
pub struct Place {
    in_flight: Arc<InFlight>,
    keys: Vec<String>,
}

impl InFlight {
    /// Takes a place under every `(key, max)` at once, or none: `Err(i)` names the first key
    /// that is full.
    pub fn try_enter(self: &Arc<Self>, keys: &[(String, usize)]) -> Result<Place, usize> {
        let mut counts = self.counts.lock().unwrap();
        if let Some(full) = keys.iter().position(|(key, max)| counts.get(key).copied().unwrap_or(0) >= *max) {
            return Err(full);
        }
        for (key, _) in keys {
            *counts.entry(key.clone()).or_default() += 1;
        }
        Ok(Place { in_flight: self.clone(), keys: keys.iter().map(|(key, _)| key.clone()).collect() })
    }

    /// Requests running under `key` right now.
    pub fn count(&self, key: &str) -> usize {
        self.counts.lock().unwrap().get(key).copied().unwrap_or(0)
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = self.in_flight.counts.lock().unwrap();
        for key in &self.keys {
            if let Some(count) = counts.get_mut(key) {
                *count -= 1;
                if *count == 0 {
                    counts.remove(key);
                }
            }
        }
    }
}

/// A place among the uploads running at once: at most [`UPLOADS_PER_ACCOUNT`] per signed-in
/// account and `--uploads-per-address` per client address, each held until its request ends.
/// Taken from the request's head, as an extractor, before the handler [`read`]s the body, so
/// refused uploads cost the shop nothing. The account is the one the
/// session token names; whether that session is still live is checked by the handler's own
/// `CurrentUser`/`AdminUser`.
pub struct UploadSlot {
    pub(crate) _place: Place,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_taken_in_every_key_or_none_and_given_back() {
        let in_flight = Arc::new(InFlight::default());
        let keys = |user: &str| vec![("address:a".to_string(), 3), (format!("user:{user}"), 2)];
        let first = in_flight.try_enter(&keys("u")).unwrap();
        let _second = in_flight.try_enter(&keys("u")).unwrap();
        assert_eq!(in_flight.try_enter(&keys("u")).err(), Some(1), "the account is full");
        assert_eq!(in_flight.count("address:a"), 2, "a refusal takes no place");
        let _other = in_flight.try_enter(&keys("v")).unwrap();
        assert_eq!(in_flight.try_enter(&keys("w")).err(), Some(0), "the address is full");
        drop(first);
        assert!(in_flight.try_enter(&keys("w")).is_ok());
        assert_eq!(in_flight.count("user:w"), 0, "keys with nothing running are forgotten");
    }
}
