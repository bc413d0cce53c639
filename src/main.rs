use clap::Parser;

fn main() {
    keep_big_buffers_off_the_heap();
    // A write past the file-size limit (or onto a full disk) should be an error the command
    // reports and cleans up after, not a signal that kills it mid-file.
    #[cfg(unix)]
    // SAFETY: ignoring a signal before any other thread exists.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    let cli = ankara::config::Cli::parse();
    let mut logger = env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info"));
    if cli.config.log_format == ankara::config::LogFormat::Json {
        // One object per line, for log collectors.
        logger.format(|out, record| {
            use std::io::Write;
            let line = serde_json::json!({
                "time": ankara::util::iso8601(ankara::db::now_ms()),
                "level": record.level().as_str(),
                "target": record.target(),
                "message": record.args().to_string(),
            });
            writeln!(out, "{line}")
        });
    }
    logger.init();
    if let Err(message) = ankara::cli::run(cli) {
        eprintln!("ankara: {message}");
        std::process::exit(1);
    }
}

/// glibc raises its mmap threshold after big blocks are freed, so the 19 MiB argon2 blocks and the
/// decoded 12-megapixel uploads would then stay in per-thread heaps for good (RSS tripled under a
/// checkout burst). A fixed 1 MiB threshold hands such buffers back to the system when freed.
fn keep_big_buffers_off_the_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only tunes the allocator; it is called before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}
