//! Reading multipart forms with limits: text fields and file parts, nothing streamed to disk.

use std::collections::HashMap;

use actix_multipart::Multipart;
use futures_util::StreamExt;

use crate::error::{AppError, AppResult};

pub struct UploadedFile {
    pub field: String,
    pub bytes: Vec<u8>,
}

#[derive(Default)]
pub struct Form {
    pub fields: HashMap<String, String>,
    pub files: Vec<UploadedFile>,
}

impl Form {
    /// A trimmed text field, or "" when absent.
    pub fn text(&self, name: &str) -> String {
        self.fields.get(name).map(|v| v.trim().to_string()).unwrap_or_default()
    }

    pub fn files_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a UploadedFile> + 'a {
        self.files.iter().filter(move |f| f.field == name && !f.bytes.is_empty())
    }

    pub fn file(&self, name: &str) -> Option<&UploadedFile> {
        self.files.iter().find(|f| f.field == name && !f.bytes.is_empty())
    }
}

const MAX_TEXT_FIELD: usize = 20_000;
const MAX_FIELDS: usize = 40;

/// Reads the whole form. Each file may be at most [`super::MAX_UPLOAD_BYTES`] and there may be at
/// most `max_files`; the answer for more is a clear 413/400 rather than a broken connection.
pub async fn read_form(mut payload: Multipart, max_files: usize) -> AppResult<Form> {
    let mut form = Form::default();
    let mut parts = 0;
    while let Some(field) = payload.next().await {
        let mut field = field.map_err(|e| AppError::Validation(format!("The form could not be read: {e}")))?;
        parts += 1;
        if parts > MAX_FIELDS {
            return Err(AppError::Validation("The form has too many fields.".into()));
        }
        let name = field.name().unwrap_or("").to_string();
        let is_file = field.content_disposition().and_then(|cd| cd.get_filename()).is_some();
        let limit = if is_file { super::MAX_UPLOAD_BYTES } else { MAX_TEXT_FIELD };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| AppError::Validation(format!("The form could not be read: {e}")))?;
            if bytes.len() + chunk.len() > limit {
                return Err(if is_file {
                    AppError::PayloadTooLarge(format!("Image file size must be less than {}MB.", super::MAX_UPLOAD_BYTES / 1_000_000))
                } else {
                    AppError::Validation(format!("The field {name} is too long."))
                });
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            if form.files.len() >= max_files {
                return Err(AppError::Validation(format!("Send at most {max_files} images at once.")));
            }
            form.files.push(UploadedFile { field: name, bytes });
        } else {
            let text = String::from_utf8(bytes).map_err(|_| AppError::Validation(format!("The field {name} is not valid text.")))?;
            form.fields.insert(name, text);
        }
    }
    Ok(form)
}
