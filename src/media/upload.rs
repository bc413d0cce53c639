//! Multipart forms: typed with actix-multipart's `MultipartForm` derive (each form struct is also
//! its OpenAPI request body, so a field a handler reads is a field of the document), pictures
//! streamed to temporary files under `data-dir/uploads` as they arrive (never held in memory,
//! deleted when the request ends), and a bound on the uploads one account or one client address
//! may have running at once.
//!
//! Whatever the shape of a body, what reading it holds is bounded: [`read`] refuses a field its
//! form's document does not list, and [`Bounds`] watches the raw bytes before the parser sees
//! them: at most [`MAX_PARTS`] parts, each part's head at most [`MAX_PART_HEAD`] bytes (the parser
//! buffers a head whole until its blank line), and the body at most [`MAX_FORM_BYTES`] — skipped
//! and refused parts included.

use std::cell::RefCell;
use std::collections::HashMap;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use actix_multipart::form::tempfile::{TempFile, TempFileConfig};
use actix_multipart::form::text::{Text, TextError};
use actix_multipart::form::{FieldReader, Limits, MultipartCollect, State};
use actix_multipart::{Multipart, MultipartError};
use actix_web::error::PayloadError;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use futures_util::{Stream, TryStreamExt};

use crate::error::AppError;

/// Most pictures any one form may carry (a product's gallery); the 9th is refused as it arrives,
/// so a form cannot open a temporary file per part without end.
pub const MAX_FILES_PER_FORM: usize = 8;
/// Longest text field, in characters, where a handler sets no shorter limit of its own (the
/// document says so). Read as at most four bytes a character.
pub const MAX_TEXT_CHARS: usize = 20_000;
const MAX_TEXT_BYTES: usize = MAX_TEXT_CHARS * 4;
/// Text of all of a form's fields together, held in memory while the form is read.
const MAX_TEXT_MEMORY: usize = MAX_TEXT_BYTES * 4;
/// Parts one form may have. The largest form (a new product) has 9 text fields and 8 pictures;
/// every form's fields and pictures fit (`tests/integration/uploads.rs` checks the document).
pub const MAX_PARTS: usize = 32;
/// Longest head of one part (its `Content-Disposition` and `Content-Type` lines), and longest
/// preamble before the first part. A browser writes about 150 bytes.
pub const MAX_PART_HEAD: usize = 4096;
/// Content a form may carry: eight pictures and the text beside them.
const MAX_CONTENT_BYTES: usize = MAX_FILES_PER_FORM * super::MAX_UPLOAD_BYTES + MAX_TEXT_MEMORY;
/// The whole body: the content, and every part's head and delimiters (a boundary has at most 70
/// characters).
pub const MAX_FORM_BYTES: usize = MAX_CONTENT_BYTES + MAX_PARTS * (MAX_PART_HEAD + 2 * 80);
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
///
/// A field the form's document does not list is refused as it arrives (so nothing of it is kept,
/// not even its name), and the raw body is watched by [`Bounds`], so the parts, their heads and
/// the bytes are bounded whatever the fields are called.
pub async fn read<T>(req: &HttpRequest, body: web::Payload) -> Result<T, AppError>
where
    T: MultipartCollect + utoipa::PartialSchema + 'static,
{
    let multipart_form = req
        .mime_type()
        .ok()
        .flatten()
        .is_some_and(|m| m.type_() == actix_web::mime::MULTIPART && m.subtype() == actix_web::mime::FORM_DATA);
    let boundary = req.mime_type().ok().flatten().and_then(|m| m.get_param(actix_web::mime::BOUNDARY).map(|b| b.as_str().to_string()));
    let (true, Some(boundary)) = (multipart_form, boundary) else {
        return Err(Refusal::Invalid("Send the form as multipart/form-data.".into()).into());
    };
    let refused = Rc::new(RefCell::new(None));
    let bounds = Bounds::new(body.into_inner(), &boundary, refused.clone());
    let known = field_names::<T>();
    let outcome = collect::<T>(req, Multipart::new(req.headers(), bounds), &known).await;
    // The watch's refusal first: the parser may have reported it as something else (a field cut
    // off, a picture too large).
    if let Some(refusal) = refused.borrow_mut().take() {
        return Err(refusal.into());
    }
    outcome.map_err(|error| form_refusal(&error).into())
}

/// The fields of a form, as its document names them.
fn field_names<T: utoipa::PartialSchema>() -> Vec<String> {
    use utoipa::openapi::{RefOr, schema::Schema};
    match T::schema() {
        RefOr::T(Schema::Object(object)) => object.properties.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

/// What actix-multipart's `MultipartForm` extractor does, with the fields the form does not know
/// refused instead of skipped (skipping kept each one's name, and its bytes were not counted).
async fn collect<T: MultipartCollect>(req: &HttpRequest, mut multipart: Multipart, known: &[String]) -> Result<T, MultipartError> {
    let mut limits = Limits::new(MAX_CONTENT_BYTES, MAX_TEXT_MEMORY);
    let mut state = State::default();
    // What is left of each field's own limit, shared by the parts of one name (a list of pictures).
    let mut field_limits: HashMap<String, Option<usize>> = HashMap::new();
    while let Some(field) = multipart.try_next().await? {
        let name = field.name().unwrap_or_default();
        if !known.iter().any(|k| k == name) {
            return Err(MultipartError::UnknownField(name.to_string()));
        }
        let entry = field_limits.entry(name.to_string()).or_insert_with(|| T::limit(name));
        limits.field_limit_remaining = *entry;
        T::handle_field(req, field, &mut limits, &mut state).await?;
        *entry = limits.field_limit_remaining;
    }
    T::from_state(state)
}

/// Watches a multipart body's bytes on their way to the parser, which keeps a part's head (and
/// any line it is looking for the end of) in memory until it ends: counts the parts by their
/// delimiters, and refuses a body with more than [`MAX_PARTS`] parts, a head or preamble longer
/// than [`MAX_PART_HEAD`], or more than [`MAX_FORM_BYTES`] bytes in all. A delimiter is counted
/// wherever `--boundary` appears (a sender must choose a boundary its content does not hold), so
/// the count never falls below the parser's. It holds a few bytes across chunks, nothing more.
struct Bounds<S> {
    inner: S,
    delimiter: Vec<u8>,
    /// The end of the last chunk, where a delimiter or a head's end may have begun.
    carry: Vec<u8>,
    phase: Phase,
    parts: usize,
    bytes: usize,
    refused: Rc<RefCell<Option<Refusal>>>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    /// Before the first delimiter: this many bytes so far.
    Preamble(usize),
    /// In a part's head: this many bytes so far.
    Head(usize),
    /// In a part's content.
    Content,
    /// After the closing delimiter.
    Done,
}

impl<S> Bounds<S> {
    fn new(inner: S, boundary: &str, refused: Rc<RefCell<Option<Refusal>>>) -> Bounds<S> {
        let delimiter = [b"--".as_slice(), boundary.as_bytes()].concat();
        Bounds { inner, delimiter, carry: Vec::new(), phase: Phase::Preamble(0), parts: 0, bytes: 0, refused }
    }

    /// Reads one more chunk of the body.
    fn watch(&mut self, chunk: &[u8]) -> Result<(), Refusal> {
        self.bytes += chunk.len();
        if self.bytes > MAX_FORM_BYTES {
            return Err(Refusal::TooLarge("The form is too large.".into()));
        }
        if self.phase == Phase::Done {
            return Ok(());
        }
        let mut seen = std::mem::take(&mut self.carry);
        seen.extend_from_slice(chunk);
        let head_too_long = || Refusal::Invalid(format!("A part of the form has a head longer than {MAX_PART_HEAD} bytes."));
        let mut at = 0;
        loop {
            match self.phase {
                Phase::Preamble(_) | Phase::Content => match memchr::memmem::find(&seen[at..], &self.delimiter) {
                    Some(found) => {
                        self.phase = match self.phase {
                            Phase::Preamble(n) if n + found > MAX_PART_HEAD => return Err(head_too_long()),
                            Phase::Preamble(n) => Phase::Preamble(n + found),
                            other => other,
                        };
                        let end = at + found + self.delimiter.len();
                        // Two more bytes tell the closing delimiter from the next part's.
                        if seen.len() < end + 2 {
                            self.carry = seen[at + found..].to_vec();
                            return Ok(());
                        }
                        if &seen[end..end + 2] == b"--" {
                            self.phase = Phase::Done;
                            return Ok(());
                        }
                        self.parts += 1;
                        if self.parts > MAX_PARTS {
                            return Err(Refusal::Invalid(format!("A form may have at most {MAX_PARTS} parts.")));
                        }
                        self.phase = Phase::Head(0);
                        at = end;
                    }
                    None => {
                        // A delimiter may begin in the last few bytes: keep them for the next chunk.
                        let keep = seen.len().saturating_sub(self.delimiter.len() + 1).max(at);
                        if let Phase::Preamble(n) = self.phase {
                            if n + (keep - at) > MAX_PART_HEAD {
                                return Err(head_too_long());
                            }
                            self.phase = Phase::Preamble(n + (keep - at));
                        }
                        self.carry = seen[keep..].to_vec();
                        return Ok(());
                    }
                },
                Phase::Head(n) => match memchr::memmem::find(&seen[at..], b"\r\n\r\n") {
                    Some(found) if n + found > MAX_PART_HEAD => return Err(head_too_long()),
                    Some(found) => {
                        self.phase = Phase::Content;
                        at += found + 4;
                    }
                    None => {
                        let keep = seen.len().saturating_sub(3).max(at);
                        if n + (keep - at) > MAX_PART_HEAD {
                            return Err(head_too_long());
                        }
                        self.phase = Phase::Head(n + (keep - at));
                        self.carry = seen[keep..].to_vec();
                        return Ok(());
                    }
                },
                Phase::Done => return Ok(()),
            }
        }
    }
}

impl<S: Stream<Item = Result<Bytes, PayloadError>> + Unpin> Stream for Bounds<S> {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.refused.borrow().is_some() {
            return Poll::Ready(Some(Err(PayloadError::Overflow)));
        }
        match Pin::new(&mut this.inner).poll_next(cx) {
            Poll::Ready(Some(Ok(chunk))) => match this.watch(&chunk) {
                Ok(()) => Poll::Ready(Some(Ok(chunk))),
                Err(refusal) => {
                    *this.refused.borrow_mut() = Some(refusal);
                    Poll::Ready(Some(Err(PayloadError::Overflow)))
                }
            },
            other => other,
        }
    }
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
        MultipartError::UnknownField(name) => invalid(format!("The form has no field {}.", shortened(name))),
        MultipartError::Payload(PayloadError::Overflow) => Refusal::TooLarge("The form is too large.".into()),
        MultipartError::ContentTypeMissing | MultipartError::ContentTypeParse | MultipartError::ContentTypeIncompatible => {
            invalid("Send the form as multipart/form-data.".into())
        }
        other => invalid(format!("The form could not be read: {other}")),
    }
}

/// A name as the sender wrote it, cut to a length a message can show.
fn shortened(name: &str) -> String {
    match name.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &name[..cut]),
        None => name.to_string(),
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

    /// Feeds `body` to a watch in chunks of `size` bytes: the first refusal, the parts counted and
    /// where it ended.
    fn watched(body: &[u8], size: usize) -> (Result<(), Refusal>, usize, Phase) {
        let mut bounds = Bounds::new((), "XyZ", Rc::default());
        let outcome = body.chunks(size).try_for_each(|chunk| bounds.watch(chunk));
        (outcome, bounds.parts, bounds.phase)
    }

    fn part(name: &str, content: &[u8]) -> Vec<u8> {
        [format!("--XyZ\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(), content, b"\r\n"].concat()
    }

    #[test]
    fn a_form_is_watched_alike_however_its_bytes_arrive() {
        // Content with line ends, dashes and most of a delimiter, but never the whole of one.
        let picture: Vec<u8> = (0..3000u32).flat_map(|i| [b"\r\n--Xy".as_slice(), &[b'a' + (i % 26) as u8, 0, 255]].concat()).collect();
        let body = [part("name", b"Ada"), part("photo", &picture), part("email", b"a@b.c"), b"--XyZ--\r\n".to_vec()].concat();
        for size in [1, 2, 3, 5, 7, 64, 1000, body.len()] {
            assert_eq!(watched(&body, size), (Ok(()), 3, Phase::Done), "chunks of {size}");
        }
    }

    #[test]
    fn parts_heads_preambles_and_bytes_are_bounded() {
        let parts = |n: usize| [(0..n).flat_map(|i| part(&format!("f{i}"), b"x")).collect::<Vec<u8>>(), b"--XyZ--".to_vec()].concat();
        assert_eq!(watched(&parts(MAX_PARTS), 5).0, Ok(()));
        let (outcome, counted, _) = watched(&parts(2_000), 4096);
        assert_eq!(outcome, Err(Refusal::Invalid(format!("A form may have at most {MAX_PARTS} parts."))));
        assert_eq!(counted, MAX_PARTS + 1, "refused at the first part too many");

        let head =
            |len: usize| [format!("--XyZ\r\nContent-Disposition: form-data; name=\"{}\"\r\n\r\nx", "n".repeat(len)).into_bytes()].concat();
        assert_eq!(watched(&head(MAX_PART_HEAD - 100), 3).0, Ok(()));
        for size in [1, 1000, 1 << 20] {
            assert!(matches!(watched(&head(MAX_PART_HEAD), size).0, Err(Refusal::Invalid(m)) if m.contains("head")), "chunks of {size}");
            // A head that never ends, and a preamble that never reaches a delimiter.
            let endless = [b"--XyZ\r\nX-Pad: ".to_vec(), vec![b'p'; 1 << 20]].concat();
            assert!(matches!(watched(&endless, size).0, Err(Refusal::Invalid(m)) if m.contains("head")), "chunks of {size}");
            assert!(matches!(watched(&vec![b'p'; 1 << 20], size).0, Err(Refusal::Invalid(m)) if m.contains("head")), "chunks of {size}");
        }

        // One part's content may be large; the body as a whole may not.
        let mut bounds = Bounds::new((), "XyZ", Rc::default());
        bounds.watch(b"--XyZ\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\n").unwrap();
        let megabyte = vec![b'x'; 1 << 20];
        let refused = (0..MAX_FORM_BYTES / megabyte.len() + 1).map(|_| bounds.watch(&megabyte)).find(Result::is_err);
        assert_eq!(refused, Some(Err(Refusal::TooLarge("The form is too large.".into()))));
    }

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
