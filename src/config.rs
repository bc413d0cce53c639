//! Configuration from command-line flags and `ANKARA_*` environment variables, validated at start.

use std::net::SocketAddr;
use std::path::PathBuf;

// On/off variables take what operators write (`BoolishValueParser`): 1/0, yes/no, true/false,
// on/off, any case; clap's own reading of a bool takes only true/false, and `ANKARA_NO_DEMO=1`
// stopped the shop at start. A test in `config::tests` checks every on/off variable.
use clap::builder::BoolishValueParser;
use clap::{Args, Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "ankara", version, about = "Ankara: a single-binary online shop priced in naira")]
pub struct Cli {
    #[command(flatten)]
    pub config: Config,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the shop (the default).
    Serve,
    /// Grant or revoke the admin role.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
    /// Write a consistent copy of the database to FILE while the shop may be running.
    Backup {
        file: PathBuf,
        /// Make FILE a folder holding the database and a copy of the media files.
        #[arg(long)]
        with_media: bool,
    },
    /// Restore a backup (a database file, or a --with-media folder) into the data directory. The
    /// shop must be stopped.
    Restore {
        file: PathBuf,
        /// Restore over an existing shop (its database is kept beside the restored one).
        #[arg(long)]
        replace: bool,
    },
    /// Add generated products reusing the demo's pictures, to try the shop (or benchmark it) at
    /// scale. A running shop shows them after its next start.
    Seed {
        /// How many products to add.
        #[arg(long, default_value_t = 1000)]
        products: usize,
    },
    /// Print the API's OpenAPI document (the same one the shop serves at /api/openapi.json).
    Openapi,
    /// The stored pictures.
    Media {
        #[command(subcommand)]
        action: MediaAction,
    },
    /// Stock by spreadsheet (columns product_id, size, colour, sku, stock).
    Stock {
        #[command(subcommand)]
        action: StockAction,
    },
    /// Whole products by spreadsheet: Ankara's products CSV, or Shopify's product export.
    Products {
        #[command(subcommand)]
        action: ProductsAction,
    },
    /// Orders for the accountant.
    Orders {
        #[command(subcommand)]
        action: OrdersAction,
    },
    /// Run as the warm standby (the same as `serve --standby`).
    Standby,
    /// Print the one-time code that opens /setup (a shop without an owner prints it at start too).
    SetupCode,
    /// Print the Caddy configuration that serves the shop on its domain with automatic HTTPS
    /// (deploy/Caddyfile, tested by scripts/caddy-e2e.sh): save it as /etc/caddy/Caddyfile.
    Caddyfile {
        /// The shop's domain, e.g. shop.example.com (its DNS must point at this machine).
        #[arg(long)]
        domain: String,
        /// Where the certificate authority may write about the certificates (optional).
        #[arg(long)]
        email: Option<String>,
    },
    /// Make the standby running on this data directory the primary: it stops following, applies
    /// everything replicated, takes the lease and starts taking orders. Waits until it is done.
    Promote,
    /// The orders and payments this machine took as primary that never reached the machine that
    /// replaced it (after a switch-over), for the merchant to settle by hand.
    Unreplicated {
        /// Also write them to this CSV file.
        #[arg(long)]
        csv: Option<PathBuf>,
    },
}

#[derive(Subcommand, Debug)]
pub enum OrdersAction {
    /// Write the orders placed from --from to --to (Lagos dates, both included) to FILE.csv, one
    /// row per order line, amounts in naira.
    Export {
        /// First day, e.g. 2026-11-01.
        #[arg(long)]
        from: String,
        /// Last day, included, e.g. 2026-11-23.
        #[arg(long)]
        to: String,
        file: PathBuf,
    },
}

#[derive(Subcommand, Debug)]
pub enum ProductsAction {
    /// Write every product, one row per variant, to FILE.csv (Ankara's products CSV).
    Export {
        file: PathBuf,
        /// Copy each product's pictures into this folder and name them by file in the CSV (for a
        /// shop on another machine). Without it, pictures are named by their address at this shop.
        #[arg(long)]
        pictures: Option<PathBuf>,
    },
    /// Create and update products from FILE (Ankara's products CSV or Shopify's product export;
    /// or a zip of the CSV and its pictures). Every row is checked first, and nothing changes when
    /// any is bad. Works on a stopped shop or a running one (which shows the products at once).
    Import {
        file: PathBuf,
        /// The folder holding the pictures the CSV names by file name.
        #[arg(long)]
        pictures: Option<PathBuf>,
        /// The collection (its id) for products whose row names none (Shopify's files name none).
        #[arg(long)]
        collection: Option<String>,
        /// Only report what would be created, changed and refused.
        #[arg(long)]
        dry_run: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum StockAction {
    /// Write every variant's stock to FILE.csv.
    Export { file: PathBuf },
    /// Set stock and SKUs from FILE.csv: every row is checked first, and nothing changes when any is bad.
    /// A running shop shows the new counts at once.
    Import { file: PathBuf },
}

#[derive(Subcommand, Debug)]
pub enum MediaAction {
    /// Encode every picture stored before WebP (or before today's widths) again, from its largest
    /// JPEG: the widths phones need, as JPEG and lossy WebP. Pictures already done are skipped, so
    /// it may be run again; a running shop shows the new copies after its next start.
    Reencode,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Subcommand, Debug)]
pub enum AdminAction {
    /// Make the user with this e-mail a member of staff, or change their role.
    Grant {
        email: String,
        /// owner, manager, packer or rider. Default: owner (an admin who may do everything).
        #[arg(long, value_parser = ["owner", "manager", "packer", "rider", "cashier"])]
        role: Option<String>,
    },
    /// Take the staff role away from the user with this e-mail (the last owner keeps it).
    Revoke { email: String },
}

/// A phone number in the international form wa.me links take: its E.164 digits without the +
/// (a Nigerian 0803… becoming 234803…).
pub fn parse_whatsapp(text: &str) -> Result<String, String> {
    let e164 = crate::phone::normalise(text).map_err(|why| format!("{text:?} is not a phone number: {why}"))?;
    Ok(e164.trim_start_matches('+').to_string())
}

#[derive(Args, Debug, Clone)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "ANKARA_LISTEN", default_value = "127.0.0.1:8080", global = true)]
    pub listen: SocketAddr,
    /// Public URL of the shop, used in e-mails, Open Graph tags and to decide Secure cookies.
    /// Defaults to http://{listen}.
    #[arg(long, env = "ANKARA_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,
    /// Folder for the database, media, search index, signing key and mail outbox.
    #[arg(long, env = "ANKARA_DATA_DIR", default_value = "./ankara-data", global = true)]
    pub data_dir: PathBuf,
    /// The shop's first name (a new shop's; after that it is set in the back office's Shop identity).
    #[arg(long, env = "ANKARA_SHOP_NAME", default_value = "Ankara", global = true)]
    pub shop_name: String,
    /// Let product imports fetch pictures from loopback and private addresses (for tests; a shop on
    /// the internet should never need it).
    #[arg(long, env = "ANKARA_IMPORT_PRIVATE_URLS", global = true, value_parser = BoolishValueParser::new())]
    pub import_private_urls: bool,
    /// Do not load the demo catalogue into an empty shop.
    #[arg(long, env = "ANKARA_NO_DEMO", global = true, value_parser = BoolishValueParser::new())]
    pub no_demo: bool,
    /// Paystack secret key (sk_test_… or sk_live_…). Without keys the built-in sandbox is used.
    #[arg(long, env = "ANKARA_PAYSTACK_SECRET_KEY", global = true, hide_env_values = true)]
    pub paystack_secret_key: Option<String>,
    /// Paystack public key (pk_test_… or pk_live_…).
    #[arg(long, env = "ANKARA_PAYSTACK_PUBLIC_KEY", global = true)]
    pub paystack_public_key: Option<String>,
    /// Paystack API base URL (tests point it at a fake).
    #[arg(long, env = "ANKARA_PAYSTACK_BASE_URL", default_value = "https://api.paystack.co", global = true)]
    pub paystack_base_url: String,
    /// SMTP URL for outgoing mail (smtps://user:pass@host:465). Without it mail goes to the outbox folder.
    #[arg(long, env = "ANKARA_SMTP_URL", global = true, hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// Termii API key for SMS. Without it SMS go to the sandbox's folder (`outbox-sms` in the data
    /// directory) instead.
    #[arg(long, env = "ANKARA_TERMII_API_KEY", global = true, hide_env_values = true)]
    pub termii_api_key: Option<String>,
    /// The sender ID approved on Termii (the "from" of SMS, up to 11 characters).
    #[arg(long, env = "ANKARA_TERMII_SENDER_ID", default_value = "Ankara", global = true)]
    pub termii_sender_id: String,
    /// Termii's route: "generic", or "dnd" to reach numbers on Do-Not-Disturb (transactional).
    #[arg(long, env = "ANKARA_TERMII_CHANNEL", default_value = "dnd", global = true)]
    pub termii_channel: String,
    /// Termii's API base URL (the account's, from its dashboard; tests point it at a fake).
    #[arg(long, env = "ANKARA_TERMII_BASE_URL", default_value = "https://api.ng.termii.com", global = true)]
    pub termii_base_url: String,
    /// WhatsApp Business Cloud API access token. Without it (and the phone number ID) WhatsApp
    /// messages go to the sandbox's folder (`outbox-whatsapp` in the data directory).
    #[arg(long, env = "ANKARA_WHATSAPP_TOKEN", global = true, hide_env_values = true)]
    pub whatsapp_token: Option<String>,
    /// The WhatsApp Business phone number ID that sends the messages.
    #[arg(long, env = "ANKARA_WHATSAPP_PHONE_NUMBER_ID", global = true)]
    pub whatsapp_phone_number_id: Option<String>,
    /// The Graph API base URL with its version (tests point it at a fake).
    #[arg(long, env = "ANKARA_WHATSAPP_BASE_URL", default_value = "https://graph.facebook.com/v21.0", global = true)]
    pub whatsapp_base_url: String,
    /// The language code the WhatsApp templates were approved in.
    #[arg(long, env = "ANKARA_WHATSAPP_LANGUAGE", default_value = "en", global = true)]
    pub whatsapp_language: String,
    /// Shipbubble API key (the courier aggregator that quotes, books and tracks GIG, Kwik, DHL and
    /// others). Without it the built-in sandbox courier plays Shipbubble.
    #[arg(long, env = "ANKARA_SHIPBUBBLE_API_KEY", global = true, hide_env_values = true)]
    pub shipbubble_api_key: Option<String>,
    /// Shipbubble's API base URL ("sandbox": the built-in sandbox even with a key; tests point it
    /// at a fake).
    #[arg(long, env = "ANKARA_SHIPBUBBLE_BASE_URL", default_value = "https://api.shipbubble.com/v1", global = true)]
    pub shipbubble_base_url: String,
    /// How long the checkout waits for a courier's live rate before it charges the zone's flat
    /// fee instead.
    #[arg(long, env = "ANKARA_COURIER_TIMEOUT_MS", default_value_t = 3_000, global = true)]
    pub courier_timeout_ms: u64,
    /// In the courier sandbox: how long it takes to answer (tests make it slower than the
    /// checkout waits).
    #[arg(long, env = "ANKARA_SANDBOX_COURIER_DELAY_MS", default_value_t = 0, global = true, hide = true)]
    pub sandbox_courier_delay_ms: u64,
    /// The shop's own e-mail address: sender of mail, receiver of order notices and contact messages.
    #[arg(long, env = "ANKARA_SHOP_EMAIL", default_value = "shop@ankara.local", global = true)]
    pub shop_email: String,
    /// The shop's first WhatsApp number (e.g. +234 803 555 0100), for a shop whose identity is new
    /// (the back office's Shop identity edits it after that): product pages get "Ask on WhatsApp"
    /// and order confirmations "Message us about this order". Without it, neither shows.
    #[arg(long, env = "ANKARA_WHATSAPP_NUMBER", global = true, value_parser = parse_whatsapp)]
    pub whatsapp_number: Option<String>,
    /// The shop's social links: first values only, for a shop whose identity is new (the back
    /// office's Shop identity edits them after that).
    #[arg(long, env = "ANKARA_INSTAGRAM_URL", global = true)]
    pub instagram_url: Option<String>,
    #[arg(long, env = "ANKARA_X_URL", global = true)]
    pub x_url: Option<String>,
    #[arg(long, env = "ANKARA_FACEBOOK_URL", global = true)]
    pub facebook_url: Option<String>,
    /// How long one call to Paystack may take before it counts as failed.
    #[arg(long, env = "ANKARA_PAYSTACK_TIMEOUT_MS", default_value_t = 15_000, global = true, hide = true)]
    pub paystack_timeout_ms: u64,
    /// How often pending payments are re-checked with Paystack (a safety net behind the webhook).
    #[arg(long, env = "ANKARA_RECONCILE_SECS", default_value_t = 60, global = true, hide = true)]
    pub reconcile_secs: u64,
    /// Proxies in front of the shop (addresses or CIDR ranges, comma-separated) whose
    /// X-Forwarded-For / Forwarded headers give the client's address. Others' headers are ignored.
    #[arg(long, env = "ANKARA_TRUSTED_PROXIES", value_delimiter = ',', global = true)]
    pub trusted_proxies: Vec<String>,
    /// The parsed `trusted_proxies`, filled in by [`Config::validate`].
    #[arg(skip)]
    pub trusted: Vec<crate::net::Cidr>,
    /// Sign-ups allowed from one client address per hour.
    #[arg(long, env = "ANKARA_SIGNUPS_PER_HOUR", default_value_t = 20, global = true, hide = true)]
    pub signups_per_hour: usize,
    /// Picture uploads one client address may have running at once (benchmarks raise it).
    #[arg(long, env = "ANKARA_UPLOADS_PER_ADDRESS", default_value_t = 4, global = true, hide = true)]
    pub uploads_per_address: usize,
    /// Litestream replicates the database: leave WAL checkpoints to it (see deploy/litestream.yml).
    #[arg(long, env = "ANKARA_LITESTREAM", global = true, value_parser = BoolishValueParser::new())]
    pub litestream: bool,
    /// Bearer token that lets a Prometheus scraper read /metrics (admins' sessions can too).
    #[arg(long, env = "ANKARA_METRICS_TOKEN", global = true, hide_env_values = true)]
    pub metrics_token: Option<String>,
    /// Log lines as plain text or as one JSON object per line.
    #[arg(long, env = "ANKARA_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    pub log_format: LogFormat,
    /// Stock level at which a variant shows "Only N left" and the shop gets a low-stock e-mail.
    #[arg(long, env = "ANKARA_LOW_STOCK", default_value_t = 3, global = true)]
    pub low_stock: i64,
    /// HTTP worker threads (defaults to the number of cores).
    #[arg(long, env = "ANKARA_WORKERS", global = true)]
    pub workers: Option<usize>,
    /// How long a started card payment can be paid (Paystack's payment session timeout, which the
    /// shop sets to this) and so how long it holds stock and a code's use. Tests shorten it.
    #[arg(long, env = "ANKARA_PAYMENT_LIFETIME_SECS", default_value_t = 1800, global = true, hide = true)]
    pub payment_lifetime_secs: u64,
    /// Payments one client address may have in progress (holding stock) at once.
    #[arg(long, env = "ANKARA_CHECKOUTS_PER_ADDRESS", default_value_t = 10, global = true, hide = true)]
    pub checkouts_per_address: i64,
    /// In the sandbox: how long a test bank transfer or USSD payment takes to arrive.
    #[arg(long, env = "ANKARA_SANDBOX_TRANSFER_DELAY_MS", default_value_t = 10_000, global = true)]
    pub sandbox_transfer_delay_ms: u64,
    /// The wait after a mail's first failed attempt; each next wait doubles (up to an hour).
    #[arg(long, env = "ANKARA_MAIL_RETRY_MS", default_value_t = 30_000, global = true, hide = true)]
    pub mail_retry_ms: u64,
    /// How long a worker's claim on a batch of outbox messages holds, instead of the computed one
    /// (two minutes and more): tests that kill the shop mid-send shorten it, so the restarted shop
    /// takes the dead worker's messages over within seconds.
    #[arg(long, env = "ANKARA_MAIL_CLAIM_MS", global = true, hide = true)]
    pub mail_claim_ms: Option<u64>,
    /// Attempts to send a mail before it counts as failed (the back office's Failed mail screen).
    #[arg(long, env = "ANKARA_MAIL_ATTEMPTS", default_value_t = 10, global = true)]
    pub mail_attempts: u64,
    /// Per-address limits key IPv6 clients by this prefix (one home or phone usually has a /64).
    #[arg(long, env = "ANKARA_IPV6_PREFIX", default_value_t = 64, global = true)]
    pub ipv6_prefix: u8,
    #[command(flatten)]
    pub replication: Replication,
    /// Which of the settings the back office can change were set by a flag or a variable (they
    /// win over the back office), filled in once by `keys::overlay`.
    #[arg(skip)]
    pub operator_set: Option<OperatorSet>,
    /// The clock the shop decides time by: the system's, or a test's settable one.
    #[arg(skip)]
    pub clock: crate::clock::Clock,
}

/// The settings an operator set on the command line or in the environment, which the back
/// office's "Keys and addresses" may not change.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OperatorSet {
    pub paystack: bool,
    pub public_url: bool,
    pub smtp_url: bool,
    pub shop_email: bool,
    pub shop_name: bool,
    /// The Termii key (SMS).
    pub termii: bool,
    /// The WhatsApp Cloud API's token and phone number ID.
    pub whatsapp_cloud: bool,
    /// The courier aggregator's key (Shipbubble).
    pub courier: bool,
}

/// Two machines, one taking orders and a warm standby (deploy/README.md): both name the same
/// replica store, where Ankara runs Litestream itself and keeps the lease that says which machine
/// is the primary.
#[derive(Args, Debug, Clone, Default)]
pub struct Replication {
    /// Follow the primary's replica and serve the storefront read-only, until promoted.
    #[arg(long, env = "ANKARA_STANDBY", global = true, value_parser = BoolishValueParser::new())]
    pub standby: bool,
    /// The replica store both machines share: sftp://USER@HOST[:PORT]/PATH or file:///PATH. With it,
    /// Ankara runs Litestream itself (no separate Litestream service) and holds the lease there.
    #[arg(long, env = "ANKARA_REPLICA_URL", global = true)]
    pub replica_url: Option<String>,
    /// The SSH private key for an sftp:// store.
    #[arg(long, env = "ANKARA_REPLICA_KEY", global = true)]
    pub replica_key: Option<PathBuf>,
    /// The sftp:// store's host key ("ssh-ed25519 AAAA…", from ssh-keyscan), checked on every connection.
    #[arg(long, env = "ANKARA_REPLICA_HOST_KEY", global = true)]
    pub replica_host_key: Option<String>,
    /// The other machine's shop (e.g. http://10.0.0.2:8080): a standby watches it to know whether a
    /// primary is serving, and a promotion waits for it to stop.
    #[arg(long, env = "ANKARA_PEER_URL", global = true)]
    pub peer_url: Option<String>,
    /// A standby promotes itself once the primary has been unreachable, with nothing new
    /// replicated, for this many seconds. 0 (the default): only `ankara promote` promotes.
    #[arg(long, env = "ANKARA_PROMOTE_AFTER", default_value_t = 0, global = true)]
    pub promote_after: u64,
    /// The Litestream (0.5) binary Ankara runs.
    #[arg(long, env = "ANKARA_LITESTREAM_BIN", default_value = "litestream", global = true)]
    pub litestream_bin: PathBuf,
}

impl Config {
    /// A configuration for tests and embedding: defaults with the given data directory.
    pub fn for_data_dir(data_dir: PathBuf) -> Config {
        let cli = Cli::parse_from(["ankara"]);
        Config { data_dir, ..cli.config }
    }

    /// Checks what clap cannot: values that parse but make no sense together.
    pub fn validate(&mut self) -> Result<(), String> {
        if !["generic", "dnd"].contains(&self.termii_channel.as_str()) {
            return Err(format!("ANKARA_TERMII_CHANNEL is generic or dnd, got {:?}", self.termii_channel));
        }
        let public = self.public_url.clone().unwrap_or_else(|| format!("http://{}", self.listen));
        let public = public.trim_end_matches('/').to_string();
        if !(public.starts_with("http://") || public.starts_with("https://")) {
            return Err(format!("ANKARA_PUBLIC_URL must start with http:// or https://, got {public:?}"));
        }
        self.public_url = Some(public);
        if !(0..=1000).contains(&self.low_stock) {
            return Err("--low-stock must be from 0 to 1000".into());
        }
        if self.shop_name.trim().is_empty() || self.shop_name.len() > 80 {
            return Err("ANKARA_SHOP_NAME must be 1 to 80 characters".into());
        }
        if !self.shop_email.contains('@') {
            return Err(format!("ANKARA_SHOP_EMAIL is not an e-mail address: {:?}", self.shop_email));
        }
        match (&self.paystack_secret_key, &self.paystack_public_key) {
            (Some(sk), Some(pk)) => {
                if !(sk.starts_with("sk_test_") || sk.starts_with("sk_live_")) {
                    return Err("ANKARA_PAYSTACK_SECRET_KEY must start with sk_test_ or sk_live_".into());
                }
                if !(pk.starts_with("pk_test_") || pk.starts_with("pk_live_")) {
                    return Err("ANKARA_PAYSTACK_PUBLIC_KEY must start with pk_test_ or pk_live_".into());
                }
            }
            (None, None) => {}
            _ => return Err("set both ANKARA_PAYSTACK_SECRET_KEY and ANKARA_PAYSTACK_PUBLIC_KEY, or neither".into()),
        }
        if let Some(url) = &self.smtp_url
            && !(url.starts_with("smtp://") || url.starts_with("smtps://"))
        {
            return Err("ANKARA_SMTP_URL must start with smtp:// or smtps://".into());
        }
        self.trusted = self
            .trusted_proxies
            .iter()
            .filter(|p| !p.trim().is_empty())
            .map(|p| crate::net::parse_range(p).map_err(|e| format!("ANKARA_TRUSTED_PROXIES: {e}")))
            .collect::<Result<_, String>>()?;
        if self.signups_per_hour == 0 {
            return Err("ANKARA_SIGNUPS_PER_HOUR must be at least 1".into());
        }
        if !(5..=86_400).contains(&self.payment_lifetime_secs) {
            return Err("ANKARA_PAYMENT_LIFETIME_SECS must be from 5 to 86400".into());
        }
        if self.checkouts_per_address < 1 {
            return Err("ANKARA_CHECKOUTS_PER_ADDRESS must be at least 1".into());
        }
        if !(32..=128).contains(&self.ipv6_prefix) {
            return Err("ANKARA_IPV6_PREFIX must be from 32 to 128".into());
        }
        if self.uploads_per_address == 0 {
            return Err("ANKARA_UPLOADS_PER_ADDRESS must be at least 1".into());
        }
        if self.workers == Some(0) {
            return Err("ANKARA_WORKERS must be at least 1".into());
        }
        let r = &self.replication;
        if r.replica_url.is_none() && (r.standby || r.promote_after > 0) {
            return Err("a standby needs ANKARA_REPLICA_URL: the replica store it follows".into());
        }
        if r.replica_url.is_some() {
            // Litestream, run by the shop itself, checkpoints the WAL once it has shipped it.
            self.litestream = true;
        }
        if r.promote_after > 0 && r.peer_url.is_none() {
            return Err("ANKARA_PROMOTE_AFTER needs ANKARA_PEER_URL: the primary the standby watches".into());
        }
        if let Some(peer) = &r.peer_url
            && !(peer.starts_with("http://") || peer.starts_with("https://"))
        {
            return Err(format!("ANKARA_PEER_URL must start with http:// or https://, got {peer:?}"));
        }
        Ok(())
    }

    pub fn public_url(&self) -> &str {
        self.public_url.as_deref().unwrap_or("http://127.0.0.1:8080")
    }

    /// How long a started card payment can be paid and holds what it holds, in ms.
    pub fn payment_lifetime_ms(&self) -> i64 {
        self.payment_lifetime_secs as i64 * 1000
    }

    /// The key per-address limits count a request by (IPv6 by its network).
    pub fn client_key(&self, req: &actix_web::HttpRequest) -> String {
        crate::net::client_key(req, &self.trusted, self.ipv6_prefix)
    }

    /// The wider networks of the request's client (`net::client_networks`).
    pub fn client_networks(&self, req: &actix_web::HttpRequest) -> [String; 2] {
        crate::net::client_networks(req, &self.trusted)
    }

    pub fn secure_cookies(&self) -> bool {
        self.public_url().starts_with("https://")
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every on/off flag with a variable reads what operators write there; `ANKARA_NO_DEMO=1`
    /// used to stop the shop with "invalid value '1'".
    #[test]
    fn every_on_off_variable_takes_1_0_yes_no_true_false() {
        let command = super::Cli::command();
        let mut checked = Vec::new();
        for arg in command.get_arguments().filter(|a| a.get_env().is_some() && matches!(a.get_action(), clap::ArgAction::SetTrue)) {
            let env = arg.get_env().unwrap().to_string_lossy().to_string();
            let accepted: Vec<String> = arg
                .get_value_parser()
                .possible_values()
                .into_iter()
                .flatten()
                .flat_map(|v| v.get_name_and_aliases().map(str::to_string).collect::<Vec<_>>())
                .collect();
            for written in ["1", "0", "yes", "no", "true", "false", "on", "off"] {
                assert!(accepted.iter().any(|a| a == written), "{env}={written} is refused (it takes {accepted:?})");
            }
            checked.push(env);
        }
        for env in ["ANKARA_NO_DEMO", "ANKARA_LITESTREAM", "ANKARA_STANDBY", "ANKARA_IMPORT_PRIVATE_URLS"] {
            assert!(checked.iter().any(|c| c == env), "{env} was not checked: {checked:?}");
        }
    }
}
