use clap::Parser;

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).init();
    let cli = ankara::config::Cli::parse();
    if let Err(message) = ankara::cli::run(cli) {
        eprintln!("ankara: {message}");
        std::process::exit(1);
    }
}
