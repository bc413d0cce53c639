//! The merchant's commands: serve (default), admin grant/revoke, backup, restore, seed, stock and
//! orders export, media reencode, and openapi for the front end's generated types.

use std::net::TcpListener;

use crate::config::{AdminAction, Cli, Command, MediaAction, OrdersAction, StockAction};

fn article(role: crate::auth::Role) -> &'static str {
    if role == crate::auth::Role::Owner { "an" } else { "a" }
}

/// Runs the chosen command. Errors are sentences for the operator; the caller exits non-zero.
pub fn run(cli: Cli) -> Result<(), String> {
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(cli.config),
        Command::Standby => {
            let mut config = cli.config;
            config.replication.standby = true;
            serve(config)
        }
        Command::Promote => {
            let mut config = cli.config;
            config.validate()?;
            crate::standby::run::request_promotion(&config, |line| println!("{line}"))
        }
        Command::Unreplicated { csv } => {
            let mut config = cli.config;
            config.validate()?;
            let (orders, payments, summary) = crate::standby::run::unreplicated(&config)?;
            println!("{summary}");
            for o in &orders {
                println!(
                    "  order {}  {}  {}  {} <{}> {}  payment {}  {}  ({})",
                    o.number,
                    crate::util::iso8601(o.created_at),
                    crate::money::format_naira(crate::money::Kobo::new(o.total_kobo)),
                    o.customer_name,
                    o.customer_email,
                    o.customer_phone,
                    o.payment_reference,
                    o.status,
                    if o.payment_on_successor {
                        "its payment reached the new primary, which makes that order itself: fulfil that one, not this"
                    } else {
                        "the new primary never saw its payment: fulfil it from here, or refund it"
                    }
                );
            }
            for p in &payments {
                println!(
                    "  payment {}  {}  {}  {}  {} (check it in Paystack's dashboard: the shopper may have paid)",
                    p.reference,
                    crate::util::iso8601(p.created_at),
                    crate::money::format_naira(crate::money::Kobo::new(p.amount_kobo)),
                    p.customer_email,
                    p.status
                );
            }
            if let Some(file) = csv {
                std::fs::write(&file, crate::standby::lineage::csv(&orders, &payments))
                    .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
                println!("wrote them to {}", file.display());
            }
            Ok(())
        }
        Command::Admin { action } => {
            let db = crate::app::open_database(&cli.config)?;
            let (email, role) = match action {
                // clap has checked the name against the three roles.
                AdminAction::Grant { email, role } => (email, Some(role.as_deref().and_then(crate::auth::Role::parse))),
                AdminAction::Revoke { email } => (email, None),
            };
            let changed = db
                .write_now(|tx| {
                    let role = match role {
                        Some(Some(role)) => Some(role),
                        Some(None) => Some(crate::auth::DEFAULT_ROLE),
                        None => None,
                    };
                    Ok(crate::auth::set_role(tx, &email, role)?.map(|_| role))
                })
                .map_err(|e| e.to_string())?;
            match changed {
                None => return Err(format!("no account uses the e-mail {email}; the person must sign up first")),
                Some(Some(role)) => println!("{email} is now {} {role} (from their next sign-in or token refresh)", article(role)),
                Some(None) => println!("{email} is no longer on the staff (at once)"),
            }
            Ok(())
        }
        Command::Seed { products } => {
            if products > 1_000_000 {
                return Err("seed at most 1,000,000 products at a time".into());
            }
            let db = crate::app::open_database(&cli.config)?;
            let total = db.write_now(|tx| crate::catalog::demo::seed(tx, products)).map_err(|e| format!("seeding failed: {e}"))?;
            println!("added {products} products; the shop has {total} (a running shop shows them after its next start)");
            Ok(())
        }
        Command::Media { action: MediaAction::Reencode } => {
            let db = crate::app::open_database(&cli.config)?;
            let bar = indicatif::ProgressBar::new(0);
            let done = crate::media::reencode_all(&db, &crate::media::media_dir(&cli.config.data_dir), |n, total| {
                bar.set_length(total as u64);
                bar.set_position(n as u64);
            })
            .map_err(|e| format!("re-encoding failed: {e}"))?;
            bar.finish_and_clear();
            println!(
                "{} of {} pictures encoded again as JPEG and WebP at today's widths{}",
                done.encoded,
                done.pictures,
                if done.missing > 0 { format!("; {} had no file to start from", done.missing) } else { String::new() }
            );
            Ok(())
        }
        Command::Stock { action } => {
            let db = crate::app::open_database(&cli.config)?;
            match action {
                StockAction::Export { file } => {
                    let text = db.write_now(|tx| Ok(crate::stock::csv::export(tx)?)).map_err(|e| e.to_string())?;
                    let rows = text.lines().count().saturating_sub(1);
                    std::fs::write(&file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
                    println!("wrote {rows} variants to {}", file.display());
                }
                StockAction::Import { file } => {
                    let text = read_at_most(&file, crate::stock::csv::MAX_BYTES)?;
                    let text =
                        String::from_utf8(text).map_err(|_| format!("{} is not UTF-8 text (save it as CSV UTF-8)", file.display()))?;
                    match db.write_now(|tx| crate::stock::csv::import(tx, &text)).map_err(|e| e.to_string())? {
                        Ok(applied) => println!("{}", applied.message()),
                        Err(refused) => return Err(refused.for_terminal()),
                    }
                }
            }
            Ok(())
        }
        Command::Products { action } => products(&cli.config, action),
        Command::Orders { action: OrdersAction::Export { from, to, file } } => {
            let (from, to) = crate::dashboard::export_range(Some(&from), Some(&to))?;
            let db = crate::app::open_database(&cli.config)?;
            let text = db.write_now(|tx| Ok(crate::dashboard::export(tx, from, to)?)).map_err(|e| e.to_string())?;
            let rows = text.lines().count().saturating_sub(1);
            std::fs::write(&file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
            println!("wrote {rows} order lines to {}", file.display());
            Ok(())
        }
        Command::SetupCode => {
            // Only the file is read: run as root, this command must not create anything in the
            // data directory that the shop's own user could not read.
            let file = cli.config.data_dir.join(crate::setup::CODE_FILE);
            let code = std::fs::read_to_string(&file).map_err(|_| {
                format!(
                    "there is no setup code in {}: the shop has an owner already (sign in, or make one with `ankara admin grant EMAIL`), or it has not started yet (it makes the code at start), or this is not its data directory (--data-dir)",
                    cli.config.data_dir.display()
                )
            })?;
            println!("{}", code.trim());
            eprintln!("open the shop's /setup page and enter this code");
            Ok(())
        }
        Command::Caddyfile { domain, email } => {
            println!("{}", caddyfile(&domain, email.as_deref(), cli.config.listen)?);
            Ok(())
        }
        Command::Openapi => {
            println!("{}", crate::app::document());
            Ok(())
        }
        Command::Backup { file, with_media } => {
            let db = crate::app::open_database(&cli.config)?;
            println!("{}", crate::backup::backup(&db, &cli.config.data_dir, &file, with_media)?);
            Ok(())
        }
        Command::Restore { file, replace } => {
            println!("{}", crate::backup::restore(&cli.config.data_dir, &file, replace)?);
            Ok(())
        }
    }
}

/// The tested Caddy configuration (deploy/Caddyfile) for `domain`, proxying to the shop at `listen`.
pub fn caddyfile(domain: &str, email: Option<&str>, listen: std::net::SocketAddr) -> Result<String, String> {
    let domain = domain.trim().trim_start_matches("https://").trim_start_matches("http://").trim_end_matches('/').to_lowercase();
    let plausible =
        domain.contains('.') && !domain.starts_with('.') && domain.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
    if !plausible {
        return Err(format!("{domain:?} is not a domain name: give the shop's domain, e.g. --domain shop.example.com"));
    }
    if let Some(email) = email
        && !crate::email::looks_like_email(email)
    {
        return Err(format!("{email:?} is not an e-mail address"));
    }
    const TESTED: &str = include_str!("../deploy/Caddyfile");
    // The file's own header tells a reader to replace the example names: this one is done.
    let body: String = TESTED.lines().skip_while(|l| l.starts_with('#') || l.trim().is_empty()).map(|l| format!("{l}\n")).collect();
    let body = match email {
        Some(email) => body.replace("ops@example.com", email),
        None => {
            body.lines().filter(|l| !l.contains("ops@example.com") && !l.contains("The ACME account")).map(|l| format!("{l}\n")).collect()
        }
    };
    let body = body.replace("shop.example.com", &domain).replace("127.0.0.1:8080", &listen.to_string());
    Ok(format!(
        "# Caddy in front of the shop at https://{domain}: automatic HTTPS, HTTP/1.1, 2 and 3, proxying to\n\
         # Ankara on {listen}. Printed by `ankara caddyfile` from the tested deploy/Caddyfile.\n\
         # Save as /etc/caddy/Caddyfile, then: systemctl reload caddy. Ports 80 and 443 must be open, and\n\
         # {domain} (and www.{domain}, or remove its block) must point at this machine.\n\n{body}"
    ))
}

/// Reads a file the merchant names, refusing one larger than `max` bytes before reading it (and
/// reading no more than `max` of one that grows meanwhile, or that has no size, like a pipe).
fn read_at_most(file: &std::path::Path, max: usize) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let too_large = || format!("{} is larger than {} MB", file.display(), max >> 20);
    let opened = std::fs::File::open(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let size = opened.metadata().map_err(|e| format!("cannot read {}: {e}", file.display()))?.len();
    if size > max as u64 {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(size as usize);
    opened.take(max as u64 + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    if bytes.len() > max {
        return Err(too_large());
    }
    Ok(bytes)
}

/// `ankara products export` and `ankara products import`.
fn products(config: &crate::config::Config, action: crate::config::ProductsAction) -> Result<(), String> {
    use crate::config::ProductsAction;
    use crate::import::{self, pictures};
    let db = crate::app::open_database(config)?;
    let media_root = crate::media::media_dir(&config.data_dir);
    match action {
        ProductsAction::Export { file, pictures: folder } => {
            let public = config.public_url().to_string();
            let names = match &folder {
                Some(_) => import::own::PictureNames::Files,
                None => import::own::PictureNames::Links(&public),
            };
            let mut keys = Vec::new();
            let text =
                db.with_conn(|c| Ok(import::own::export(c, &names, |key| keys.push(key.to_string()))?)).map_err(|e| e.to_string())?;
            if let Some(folder) = &folder {
                std::fs::create_dir_all(folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
                for key in &keys {
                    let largest = db.with_conn(|c| Ok(import::own::largest_file(c, key)?)).map_err(|e| e.to_string())?;
                    let to = folder.join(format!("{}.jpg", crate::zip::base_name(key)));
                    std::fs::copy(media_root.join(&largest), &to).map_err(|e| format!("cannot copy {largest} to {}: {e}", to.display()))?;
                }
            }
            std::fs::write(&file, &text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
            let rows = text.lines().count().saturating_sub(1);
            match folder {
                Some(folder) => println!("wrote {rows} variants to {} and their pictures to {}", file.display(), folder.display()),
                None => println!("wrote {rows} variants to {}", file.display()),
            }
            Ok(())
        }
        ProductsAction::Import { file, pictures: folder, collection, dry_run } => {
            let opened = std::fs::File::open(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let (text, mut files) = import::open_upload(opened).map_err(|r| r.for_terminal())?;
            if let Some(folder) = folder {
                if !matches!(files, pictures::Files::None) {
                    return Err("the file is a zip with its own pictures: leave out --pictures".into());
                }
                if !folder.is_dir() {
                    return Err(format!("{} is not a folder", folder.display()));
                }
                files = pictures::Files::Folder(folder);
            }
            let plan = db
                .with_conn(|c| {
                    Ok(import::parse(&text).and_then(|(format, parsed)| import::check(c, format, parsed, collection.as_deref(), &files)))
                })
                .map_err(|e| e.to_string())?
                .map_err(|r| r.for_terminal())?;
            if dry_run {
                print_report(&plan.report(true));
                return Ok(());
            }
            let fetcher = pictures::Fetcher::new(config.import_private_urls);
            let progress = TerminalProgress::default();
            let decode = |bytes: Vec<u8>| -> futures_util::future::BoxFuture<'_, crate::error::AppResult<crate::media::Processed>> {
                Box::pin(async move { crate::media::process(&bytes, import::KIND) })
            };
            let prepared =
                actix_web::rt::System::new().block_on(import::prepare_pictures(&plan, &files, &fetcher, &decode, &media_root, &progress));
            progress.finish();
            let written = match prepared {
                Ok(written) => written,
                Err((written, refused)) => {
                    let _ = db.with_conn(|c| import::discard(c, &media_root, &written));
                    return Err(refused.for_terminal());
                }
            };
            let report = plan.report(false);
            let applied = db.write_now(|tx| {
                let _ = import::apply(tx, &plan, &written, &media_root)?;
                Ok(())
            });
            if let Err(e) = applied {
                let written: Vec<_> = written.into_values().collect();
                let _ = db.with_conn(|c| import::discard(c, &media_root, &written));
                return Err(format!("nothing was imported: {e}"));
            }
            print_report(&report);
            println!("(a running shop shows them within seconds; a stopped one when it starts)");
            Ok(())
        }
    }
}

fn print_report(report: &crate::import::ImportReport) {
    println!("{}", report.message);
    if !report.new_collections.is_empty() {
        println!("new collections: {}", report.new_collections.join(", "));
    }
    if report.new_pictures > 0 {
        println!("{} new pictures", report.new_pictures);
    }
    for skipped in &report.skipped {
        println!("  line {}: {}", skipped.line, skipped.message);
    }
}

/// The import's progress as a bar on the terminal (log lines when not on one).
#[derive(Default)]
struct TerminalProgress(std::sync::Mutex<Option<crate::progress::Progress>>);

impl crate::import::Progress for TerminalProgress {
    fn phase(&self, phase: &'static str, total: u64) {
        let mut bar = self.0.lock().unwrap();
        if let Some(old) = bar.take() {
            old.finish();
        }
        *bar = Some(crate::progress::Progress::new(phase, total));
    }

    fn advance(&self, by: u64) {
        if let Some(bar) = self.0.lock().unwrap().as_mut() {
            bar.advance(by);
        }
    }
}

impl TerminalProgress {
    fn finish(&self) {
        if let Some(bar) = self.0.lock().unwrap().take() {
            bar.finish();
        }
    }
}

fn serve(mut config: crate::config::Config) -> Result<(), String> {
    // One shop per data directory; restore waits for it to stop.
    let _lock = crate::backup::lock_data_dir(&config.data_dir)?;
    crate::keys::overlay(&mut config)?;
    config.validate()?;
    let listen = config.listen;
    // Two machines: the lease decides the role before the database is opened (a standby first
    // restores its copy).
    let replication = match config.replication.replica_url {
        Some(_) => Some(crate::standby::startup::start(&config)?),
        None => None,
    };
    let node = replication.as_ref().map_or_else(|| std::sync::Arc::new(crate::standby::Node::single()), |r| r.node());
    let state = crate::app::prepare_as(config, node)?;
    let supervisor = match replication {
        Some(replication) => Some(replication.run(crate::standby::run::Parts {
            db: state.db.clone(),
            search: state.search.clone(),
            catalogue: state.catalogue.clone(),
        })?),
        None => None,
    };
    let listener = TcpListener::bind(listen).map_err(|e| format!("cannot listen on {listen}: {e}"))?;
    let url = state.config.public_url().to_string();
    let role = state.machine.node.role().as_str();
    let restart = state.machine.restart.clone();
    let served = actix_web::rt::System::new().block_on(async move {
        let server = crate::app::serve(state, listener).map_err(|e| e.to_string())?;
        println!("Ankara is open at {url} ({role})");
        let handle = server.handle();
        let running = actix_web::rt::spawn(server);
        match futures_util::future::select(running, Box::pin(restart.notified())).await {
            futures_util::future::Either::Left((ended, _)) => ended.map_err(|e| e.to_string())?.map_err(|e| e.to_string()).map(|_| false),
            futures_util::future::Either::Right(_) => {
                // The answer that asked for the restart goes out first; requests in flight finish.
                actix_web::rt::time::sleep(std::time::Duration::from_millis(300)).await;
                handle.stop(true).await;
                Ok(true)
            }
        }
    });
    // Litestream ships what it has not shipped yet before the shop exits.
    if let Some(supervisor) = supervisor {
        supervisor.shutdown();
    }
    if served? {
        drop(_lock);
        return restart_in_place();
    }
    Ok(())
}

/// Replaces this process with a fresh start of the same binary and arguments (same process id, so
/// systemd sees one service throughout): the keys and addresses saved in the back office are read
/// at start, like flags, and every part of the shop gets them without being told.
fn restart_in_place() -> Result<(), String> {
    tracing::info!("restarting to use the new keys and addresses");
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        let mut args = std::env::args_os();
        let name = args.next().unwrap_or_else(|| "ankara".into());
        let error = std::process::Command::new("/proc/self/exe").arg0(name).args(args).exec();
        Err(format!("could not restart ({error}): start the shop again"))
    }
    #[cfg(not(target_os = "linux"))]
    Err("the new keys and addresses are saved: start the shop again to use them".into())
}
