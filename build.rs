//! Builds the React front end into frontend/dist whenever it is missing or older than its
//! sources, so `cargo run --release` needs no other step. rust-embed then embeds the output.

use std::path::Path;
use std::process::Command;
use std::time::SystemTime;

const SOURCES: &[&str] = &[
    "frontend/src",
    "frontend/public",
    "frontend/index.html",
    "frontend/package.json",
    "frontend/package-lock.json",
    "frontend/vite.config.ts",
    "frontend/tsconfig.json",
];

fn main() {
    for source in SOURCES {
        println!("cargo:rerun-if-changed={source}");
    }
    println!("cargo:rerun-if-changed=data/demo");
    println!("cargo:rerun-if-env-changed=ANKARA_SKIP_FRONTEND_BUILD");

    let dist_index = Path::new("frontend/dist/index.html");
    let built_at = modified(dist_index);
    let newest_source = SOURCES.iter().filter_map(|s| newest(Path::new(s))).max();
    let stale = match (built_at, newest_source) {
        (None, _) => true,
        (Some(built), Some(source)) => source > built,
        (Some(_), None) => false,
    };
    if !stale {
        return;
    }
    if std::env::var_os("ANKARA_SKIP_FRONTEND_BUILD").is_some() && built_at.is_some() {
        println!("cargo:warning=frontend/dist is older than its sources; ANKARA_SKIP_FRONTEND_BUILD kept it");
        return;
    }
    // npm records what it installed in node_modules/.package-lock.json: a lock file newer than
    // that (a dependency added since) needs a fresh install, as a missing node_modules does.
    let installed = modified(Path::new("frontend/node_modules/.package-lock.json"));
    if installed.is_none() || modified(Path::new("frontend/package-lock.json")) > installed {
        run(&["ci", "--no-audit", "--no-fund"]);
    }
    run(&["run", "build"]);
}

fn run(args: &[&str]) {
    let status = Command::new("npm")
        .args(args)
        .current_dir("frontend")
        .status()
        .unwrap_or_else(|e| panic!("could not run npm (Node.js 20+ and npm are needed to build the front end): {e}"));
    if !status.success() {
        panic!("`npm {}` in frontend/ failed with {status}", args.join(" "));
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    path.metadata().and_then(|m| m.modified()).ok()
}

/// The newest modification time of a file, or of anything inside a folder.
fn newest(path: &Path) -> Option<SystemTime> {
    let meta = path.metadata().ok()?;
    if !meta.is_dir() {
        return meta.modified().ok();
    }
    std::fs::read_dir(path).ok()?.filter_map(|entry| entry.ok()).filter_map(|entry| newest(&entry.path())).chain(meta.modified().ok()).max()
}
