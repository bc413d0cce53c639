//! The back office's products spreadsheet: Download (Ankara's products CSV, pictures as links to
//! this shop) and Upload (a CSV, or a zip of a CSV and its pictures): first a dry run that reports
//! what would happen, then the import itself, which runs beside the request and is followed by
//! polling its progress. One import runs at a time.

use std::io::{Seek, Write};
use std::sync::Arc;

use actix_web::{HttpResponse, get, post, web};
use serde::Deserialize;

use super::jobs::{ImportJob, Job};
use super::pictures::{Fetcher, Files};
use super::{ImportReport, MAX_ZIP_BYTES, Progress};
use crate::auth::AdminUser;
use crate::auth::EditProducts;
use crate::csv::ImportRefused;
use crate::error::answers::{Conflict, Forbidden, NotFound, PayloadTooLarge, Unauthorized};
use crate::error::{AppError, AppResult};
use crate::http::AppState;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.service(export_products).service(import_products).service(import_progress);
}

/// Ankara's products CSV of the whole catalogue; pictures are named by their address at this
/// shop, so another shop can fetch them while this one is online, and this one re-imports the
/// file without fetching anything.
#[utoipa::path(tag = "admin", responses((status = OK, content_type = "text/csv", body = String), Unauthorized, Forbidden))]
#[get("/admin/products.csv")]
async fn export_products(state: web::Data<AppState>, _admin: AdminUser<EditProducts>) -> AppResult<HttpResponse> {
    let base = state.config.public_url.clone().unwrap_or_default();
    let text = state.db.read(move |c| Ok(super::own::export(c, &super::own::PictureNames::Links(&base), |_| {})?)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(("Content-Disposition", "attachment; filename=\"products.csv\""))
        .insert_header(("Cache-Control", "no-store"))
        .body(text))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct ImportQuery {
    /// Check and report only; nothing is written.
    #[serde(default)]
    dry_run: bool,
    /// The collection for products whose row names none (Shopify's files name none).
    collection: Option<String>,
}

/// The upload, on disk: a CSV, or a zip of a CSV and pictures (told apart by its first bytes).
async fn receive(mut payload: web::Payload, uploads: &std::path::Path) -> AppResult<std::fs::File> {
    use futures_util::StreamExt;
    let mut file = tempfile_in(uploads)?;
    let mut size = 0u64;
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| AppError::Validation("The upload was cut off.".into()))?;
        size += chunk.len() as u64;
        if size > MAX_ZIP_BYTES {
            return Err(AppError::PayloadTooLarge(format!("The file is larger than {} MB.", MAX_ZIP_BYTES >> 20)));
        }
        file.write_all(&chunk)?;
    }
    file.rewind()?;
    Ok(file)
}

/// An unnamed temporary file (deleted by the system when closed).
fn tempfile_in(dir: &std::path::Path) -> std::io::Result<std::fs::File> {
    let path = dir.join(format!("import-{}", crate::util::random_id(16)));
    let file = std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path)?;
    std::fs::remove_file(&path)?;
    Ok(file)
}

/// Imports products from a CSV (Ankara's products CSV or Shopify's product export), or from a zip
/// of one CSV and the pictures it names. With `dryRun` it only reports what would happen. Without
/// it, a file that checks out starts the import (202) and the answer names the job to follow;
/// a file with any bad row imports nothing and lists the rows (400).
#[utoipa::path(
    tag = "admin",
    params(ImportQuery),
    request_body(content = String, content_type = "text/csv", description = "A CSV, or a zip (application/zip) of a CSV and its pictures"),
    responses(
        (status = OK, body = ImportReport, description = "The dry run's report"),
        (status = ACCEPTED, body = ImportJob, description = "The import started"),
        (status = BAD_REQUEST, body = ImportRefused, description = "Nothing was imported"),
        Unauthorized, Forbidden, Conflict, PayloadTooLarge
    )
)]
#[post("/admin/products/import")]
async fn import_products(
    state: web::Data<AppState>,
    admin: AdminUser<EditProducts>,
    query: web::Query<ImportQuery>,
    payload: web::Payload,
) -> AppResult<HttpResponse> {
    let ImportQuery { dry_run, collection } = query.into_inner();
    let job = if dry_run { None } else { Some(state.imports.start().ok_or_else(busy)?) };
    let finish = |job: &Option<Arc<Job>>, outcome: Result<ImportReport, ImportRefused>| {
        if let Some(job) = job {
            job.finish(outcome);
        }
    };
    let file = match receive(payload, &state.media.uploads).await {
        Ok(file) => file,
        Err(e) => {
            finish(&job, Err(ImportRefused::whole_file(e.to_string())));
            return Err(e);
        }
    };
    let checked = state
        .db
        .read(move |conn| {
            let (text, files) = match super::open_upload(file) {
                Ok(opened) => opened,
                Err(refused) => return Ok(Err(refused)),
            };
            let plan = super::parse(&text).and_then(|(format, parsed)| super::check(conn, format, parsed, collection.as_deref(), &files));
            Ok(plan.map(|plan| (plan, files)))
        })
        .await;
    let (plan, files) = match checked {
        Ok(Ok(checked)) => checked,
        Ok(Err(refused)) => {
            finish(&job, Err(refused.clone()));
            return Ok(HttpResponse::BadRequest().json(refused));
        }
        Err(e) => {
            finish(&job, Err(ImportRefused::whole_file(e.to_string())));
            return Err(e);
        }
    };
    let Some(job) = job else { return Ok(HttpResponse::Ok().json(plan.report(true))) };
    let view = job.view();
    let actor = admin.0.id.clone();
    actix_web::rt::spawn(async move {
        let outcome = run(&state, plan, files, &job, actor).await;
        if let Err(refused) = &outcome {
            tracing::warn!(error = %refused.message, "product import failed");
        }
        job.finish(outcome);
    });
    Ok(HttpResponse::Accepted().json(view))
}

/// Fetches the new pictures, then writes the plan in one transaction through the catalogue's door.
async fn run(
    state: &AppState,
    plan: super::Plan,
    files: Files,
    job: &Job,
    actor: crate::ids::UserId,
) -> Result<ImportReport, ImportRefused> {
    let fetcher = Fetcher::new(state.config.import_private_urls);
    let media = &state.media;
    // The decode gate is the shop's: imports wait their turn with the back office's uploads.
    let decode = |bytes: Vec<u8>| -> futures_util::future::BoxFuture<'_, AppResult<crate::media::Processed>> {
        Box::pin(crate::media::process_in_gate(media, bytes, super::KIND))
    };
    let root = media.root.clone();
    let written = match super::prepare_pictures(&plan, &files, &fetcher, &decode, &root, job).await {
        Ok(written) => written,
        Err((written, refused)) => {
            let _ = state.db.read(move |c| super::discard(c, &root, &written)).await;
            return Err(refused);
        }
    };
    job.phase("Saving", plan.len() as u64);
    let report = plan.report(false);
    let summary = report.message.clone();
    let (plan, for_tx, tx_root) = (Arc::new(plan), written.clone(), root.clone());
    let result = state
        .catalogue
        .write(move |tx| {
            let changes = super::apply(tx, &plan, &for_tx, &tx_root)?;
            crate::staff::record(tx, &actor, "products", "import", &format!("Products imported from a spreadsheet. {summary}"))?;
            Ok(((), changes))
        })
        .await;
    match result {
        Ok(()) => {
            job.advance(report.products.len() as u64);
            Ok(report)
        }
        Err(e) => {
            let written: Vec<_> = written.into_values().collect();
            let _ = state.db.read(move |c| super::discard(c, &root, &written)).await;
            Err(ImportRefused::whole_file(format!("Nothing was imported: {e}")))
        }
    }
}

fn busy() -> AppError {
    AppError::Conflict("An import is already running; wait for it to finish.".into())
}

/// How far an import has got; its report (or why nothing was imported) once it is over.
#[utoipa::path(tag = "admin", responses((status = OK, body = ImportJob), Unauthorized, Forbidden, NotFound))]
#[get("/admin/products/import/{job}")]
async fn import_progress(state: web::Data<AppState>, _admin: AdminUser<EditProducts>, job: web::Path<String>) -> AppResult<HttpResponse> {
    let job = state.imports.get(&job).ok_or_else(|| AppError::NotFound("There is no such import.".into()))?;
    Ok(HttpResponse::Ok().json(job.view()))
}
