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
    ankara::logging::init(cli.config.log_format);
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
