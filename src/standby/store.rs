//! The replica store both machines share: an SFTP server (through OpenSSH's `sftp` and `rsync`,
//! the same key and pinned host key as Litestream) or a folder (`file://`, a mounted disk, tests).
//!
//! Layout under the store's path:
//! - `epochs/000001/` … one folder per lease epoch. Creating it (`mkdir`, atomic on every file
//!   system and SFTP server) is the claim: exactly one machine gets each number.
//! - `epochs/000001/holder.json`: who claimed it and, once its promotion is done, where it forked
//!   from its predecessor ([`Fork`]).
//! - `epochs/000001/db/`: that epoch's Litestream replica (only its holder replicates there).
//! - `media/`: the media files, copied there by the primary's media sync (`deploy/`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::{Deserialize, Serialize};

/// Who holds an epoch.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Holder {
    pub epoch: u64,
    /// The holder's node id (`run::Identity`), unique per data directory.
    pub node: String,
    /// Its host name, for people.
    pub name: String,
    /// When it claimed the epoch (ms).
    pub since: i64,
    /// Still promoting: it has not yet applied its predecessor's last writes.
    pub promoting: bool,
    /// Where it took over, once its promotion is done.
    pub fork: Option<Fork>,
}

/// What the new primary had of its predecessor's shop when it took over: the predecessor's
/// orders and payments after these (by SQLite rowid, which only grows) never reached it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Fork {
    pub from_epoch: u64,
    /// The predecessor's Litestream transaction applied last.
    pub txid: u64,
    pub orders: i64,
    pub payments: i64,
    pub at: i64,
}

pub struct Store {
    kind: Kind,
    /// The store's path (the SFTP server's path, or the folder).
    root: String,
    /// Scratch files of this machine (downloads, uploads, the SSH connection), in the data directory.
    scratch: PathBuf,
}

enum Kind {
    File,
    Sftp(Sftp),
}

struct Sftp {
    user: String,
    host: String,
    port: u16,
    key: PathBuf,
    host_key: String,
    known_hosts: PathBuf,
}

fn epoch_name(epoch: u64) -> String {
    format!("{epoch:06}")
}

/// Quotes a path for an sftp batch line.
fn quoted(path: &str) -> String {
    format!("\"{}\"", path.replace('\\', "\\\\").replace('"', "\\\""))
}

impl Store {
    /// Reads `--replica-url` (with the key and host key an sftp:// store needs). `scratch` is a
    /// folder of this machine's own (made when missing).
    pub fn open(url: &str, key: Option<&Path>, host_key: Option<&str>, scratch: &Path) -> Result<Store, String> {
        std::fs::create_dir_all(scratch).map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
        if let Some(path) = url.strip_prefix("file://") {
            if !path.starts_with('/') {
                return Err(format!("ANKARA_REPLICA_URL {url:?}: a file:// store needs an absolute path (file:///srv/replica)"));
            }
            return Ok(Store { kind: Kind::File, root: path.trim_end_matches('/').to_string(), scratch: scratch.to_path_buf() });
        }
        let Some(rest) = url.strip_prefix("sftp://") else {
            return Err(format!(
                "ANKARA_REPLICA_URL {url:?}: the standby set-up needs an sftp:// or file:// replica store (its lease is an atomic mkdir there)"
            ));
        };
        let (authority, path) = rest.split_once('/').ok_or_else(|| format!("ANKARA_REPLICA_URL {url:?} has no path"))?;
        let (user, hostport) =
            authority.split_once('@').ok_or_else(|| format!("ANKARA_REPLICA_URL {url:?} has no user (sftp://USER@HOST/PATH)"))?;
        let (host, port) = match hostport.rsplit_once(':') {
            Some((host, port)) => (host, port.parse::<u16>().map_err(|_| format!("ANKARA_REPLICA_URL {url:?}: bad port {port:?}"))?),
            None => (hostport, 22),
        };
        let key = key.ok_or("an sftp:// replica store needs ANKARA_REPLICA_KEY (the SSH private key)")?;
        let host_key = host_key.ok_or("an sftp:// replica store needs ANKARA_REPLICA_HOST_KEY (\"ssh-ed25519 AAAA…\" from ssh-keyscan)")?;
        let host_key = host_key.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
        if user.is_empty() || host.is_empty() || !host_key.contains(' ') {
            return Err(format!("ANKARA_REPLICA_URL {url:?} or ANKARA_REPLICA_HOST_KEY is incomplete"));
        }
        // OpenSSH names a host on another port [host]:port in known_hosts.
        let known_hosts = scratch.join("known_hosts");
        let name = if port == 22 { host.to_string() } else { format!("[{host}]:{port}") };
        std::fs::write(&known_hosts, format!("{name} {host_key}\n")).map_err(|e| format!("cannot write {}: {e}", known_hosts.display()))?;
        Ok(Store {
            kind: Kind::Sftp(Sftp { user: user.into(), host: host.into(), port, key: key.into(), host_key, known_hosts }),
            root: format!("/{}", path.trim_end_matches('/')),
            scratch: scratch.to_path_buf(),
        })
    }

    /// The store as people read it (no secrets: the key is a file).
    pub fn describe(&self) -> String {
        match &self.kind {
            Kind::File => format!("file://{}", self.root),
            Kind::Sftp(s) => format!("sftp://{}@{}:{}{}", s.user, s.host, s.port, self.root),
        }
    }

    fn epoch_dir(&self, epoch: u64) -> String {
        format!("{}/epochs/{}", self.root, epoch_name(epoch))
    }

    /// The epochs claimed so far, in order.
    pub fn epochs(&self) -> Result<Vec<u64>, String> {
        let names: Vec<String> = match &self.kind {
            Kind::File => match std::fs::read_dir(format!("{}/epochs", self.root)) {
                Ok(entries) => entries.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect(),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(e) => return Err(format!("cannot list {}/epochs: {e}", self.root)),
            },
            // A missing folder lists nothing ("-" goes on past the error); a server that cannot be
            // reached fails the whole batch.
            Kind::Sftp(s) => {
                s.batch(&format!("-ls -1 {}\n", quoted(&format!("{}/epochs", self.root))))?.lines().map(str::to_string).collect()
            }
        };
        let mut epochs: Vec<u64> = names
            .iter()
            .filter(|line| !line.starts_with("sftp>"))
            .filter_map(|line| line.rsplit('/').next()?.trim().parse().ok())
            .collect();
        epochs.sort_unstable();
        Ok(epochs)
    }

    /// The newest epoch and its holder (None while nobody has claimed one; a holder not yet
    /// written, for a moment after a claim, reads as None too).
    pub fn newest(&self) -> Result<Option<(u64, Option<Holder>)>, String> {
        match self.epochs()?.last() {
            Some(&epoch) => Ok(Some((epoch, self.holder(epoch)?))),
            None => Ok(None),
        }
    }

    /// Claims `holder.epoch` for `holder`: true when this call made it, false when another
    /// machine already had.
    pub fn claim(&self, holder: &Holder) -> Result<bool, String> {
        let dir = self.epoch_dir(holder.epoch);
        let made = match &self.kind {
            Kind::File => {
                std::fs::create_dir_all(format!("{}/epochs", self.root)).map_err(|e| format!("cannot create {}/epochs: {e}", self.root))?;
                match std::fs::create_dir(&dir) {
                    Ok(()) => true,
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => false,
                    Err(e) => return Err(format!("cannot create {dir}: {e}")),
                }
            }
            Kind::Sftp(s) => {
                let lines =
                    format!("-mkdir {}\n-mkdir {}\nmkdir {}\n", quoted(&self.root), quoted(&format!("{}/epochs", self.root)), quoted(&dir));
                match s.batch(&lines) {
                    Ok(_) => true,
                    // The mkdir failed: taken, if the server answers and lists it; otherwise the
                    // server's error is the answer.
                    Err(why) => {
                        if self.epochs()?.contains(&holder.epoch) {
                            false
                        } else {
                            return Err(why);
                        }
                    }
                }
            }
        };
        if made {
            self.put_holder(holder)?;
        }
        Ok(made)
    }

    /// Who holds `epoch` (None when nobody does, or the holder is still being written).
    pub fn holder(&self, epoch: u64) -> Result<Option<Holder>, String> {
        let path = format!("{}/holder.json", self.epoch_dir(epoch));
        let text = match &self.kind {
            Kind::File => match std::fs::read_to_string(&path) {
                Ok(text) => text,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
                Err(e) => return Err(format!("cannot read {path}: {e}")),
            },
            Kind::Sftp(s) => {
                let local = self.scratch_file("holder");
                let got = s.batch(&format!("-get {} {}\n", quoted(&path), quoted(&local.to_string_lossy())));
                let text = std::fs::read_to_string(&local);
                let _ = std::fs::remove_file(&local);
                got?;
                match text {
                    Ok(text) => text,
                    Err(_) => return Ok(None),
                }
            }
        };
        serde_json::from_str(&text).map(Some).map_err(|e| format!("{path} is not a holder record: {e}"))
    }

    /// Writes (or replaces) `holder.json` of the holder's epoch, whole or not at all.
    pub fn put_holder(&self, holder: &Holder) -> Result<(), String> {
        let dir = self.epoch_dir(holder.epoch);
        let json = serde_json::to_string_pretty(holder).map_err(|e| e.to_string())?;
        let local = self.scratch_file("holder-out");
        std::fs::write(&local, &json).map_err(|e| format!("cannot write {}: {e}", local.display()))?;
        let result = match &self.kind {
            Kind::File => std::fs::copy(&local, format!("{dir}/holder.json.tmp"))
                .and_then(|_| std::fs::rename(format!("{dir}/holder.json.tmp"), format!("{dir}/holder.json")))
                .map_err(|e| format!("cannot write {dir}/holder.json: {e}")),
            // OpenSSH's rename replaces the old file in one step (posix-rename).
            Kind::Sftp(s) => s
                .batch(&format!(
                    "put {} {}\nrename {} {}\n",
                    quoted(&local.to_string_lossy()),
                    quoted(&format!("{dir}/holder.json.tmp")),
                    quoted(&format!("{dir}/holder.json.tmp")),
                    quoted(&format!("{dir}/holder.json"))
                ))
                .map(|_| ()),
        };
        let _ = std::fs::remove_file(&local);
        result
    }

    /// Gives up an epoch this machine claimed but could not take over with (its promotion failed
    /// before it replicated anything there), so a later promotion can claim it again.
    pub fn release(&self, epoch: u64) -> Result<(), String> {
        let dir = self.epoch_dir(epoch);
        match &self.kind {
            Kind::File => {
                let _ = std::fs::remove_file(format!("{dir}/holder.json"));
                std::fs::remove_dir(&dir).map_err(|e| format!("cannot remove {dir}: {e}"))
            }
            Kind::Sftp(s) => s.batch(&format!("-rm {}\nrmdir {}\n", quoted(&format!("{dir}/holder.json")), quoted(&dir))).map(|_| ()),
        }
    }

    /// Whether Litestream should follow a local mirror of the replica rather than the store itself
    /// (an SFTP store: see `mirror`).
    pub fn is_remote(&self) -> bool {
        matches!(self.kind, Kind::Sftp(_))
    }

    fn ltx_dir(&self, epoch: u64) -> String {
        format!("{}/db/ltx", self.epoch_dir(epoch))
    }

    /// The LTX files of `epoch`'s replica at `level` (whole ones: Litestream uploads under a
    /// temporary name and renames).
    pub fn ltx_files(&self, epoch: u64, level: u32) -> Result<Vec<String>, String> {
        let dir = format!("{}/{level}", self.ltx_dir(epoch));
        let names: Vec<String> = match &self.kind {
            Kind::File => match std::fs::read_dir(&dir) {
                Ok(entries) => entries.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect(),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(e) => return Err(format!("cannot list {dir}: {e}")),
            },
            Kind::Sftp(s) => {
                s.batch(&format!("-ls -1 {}\n", quoted(&dir)))?.lines().map(|l| l.rsplit('/').next().unwrap_or("").to_string()).collect()
            }
        };
        Ok(names.into_iter().filter(|n| is_ltx_name(n)).collect())
    }

    /// Copies `names` of `epoch`'s replica at `level` into `into` (each under a temporary name
    /// until it is whole), over one SFTP session.
    pub fn fetch_ltx(&self, epoch: u64, level: u32, names: &[String], into: &Path) -> Result<(), String> {
        let Kind::Sftp(s) = &self.kind else { return Err("only an sftp:// store is mirrored".into()) };
        if names.is_empty() {
            return Ok(());
        }
        std::fs::create_dir_all(into).map_err(|e| format!("cannot create {}: {e}", into.display()))?;
        let dir = format!("{}/{level}", self.ltx_dir(epoch));
        let lines: String = names
            .iter()
            .map(|n| format!("get {} {}\n", quoted(&format!("{dir}/{n}")), quoted(&into.join(format!("{n}.part")).to_string_lossy())))
            .collect();
        s.batch(&lines)?;
        for n in names {
            std::fs::rename(into.join(format!("{n}.part")), into.join(n)).map_err(|e| format!("cannot keep {n}: {e}"))?;
        }
        Ok(())
    }

    /// Litestream's replica block for `epoch`'s folder (for its YAML configuration).
    pub fn litestream_replica(&self, epoch: u64) -> String {
        let path = format!("{}/db", self.epoch_dir(epoch));
        match &self.kind {
            Kind::File => format!("      type: file\n      path: {}\n", yaml(&path)),
            Kind::Sftp(s) => format!(
                "      type: sftp\n      host: {}\n      user: {}\n      key-path: {}\n      host-key: {}\n      path: {}\n",
                yaml(&format!("{}:{}", s.host, s.port)),
                yaml(&s.user),
                yaml(&s.key.to_string_lossy()),
                yaml(&s.host_key),
                yaml(&path)
            ),
        }
    }

    /// Copies the media files the store has and `media` lacks (names are content-addressed and
    /// never rewritten, so a file already here is the same file; a partly copied one keeps a
    /// temporary name until it is whole).
    pub fn pull_media(&self, media: &Path) -> Result<(), String> {
        let from = format!("{}/media", self.root);
        match &self.kind {
            Kind::File => copy_missing(Path::new(&from), media),
            Kind::Sftp(s) => {
                let ssh = format!(
                    "ssh -i {} -p {} -o UserKnownHostsFile={} -o StrictHostKeyChecking=yes -o BatchMode=yes -o ConnectTimeout=10",
                    s.key.display(),
                    s.port,
                    s.known_hosts.display()
                );
                let output = Command::new("rsync")
                    .args(["--recursive", "--times", "--ignore-existing", "--exclude=*.part", "--timeout=60", "-e", &ssh])
                    .arg(format!("{}@{}:{from}/", s.user, s.host))
                    .arg(format!("{}/", media.display()))
                    .stdin(Stdio::null())
                    .output()
                    .map_err(|e| format!("cannot run rsync (install it: apt-get install rsync): {e}"))?;
                // 23: some files were missing on the server, e.g. no media folder yet.
                match output.status.code() {
                    Some(0) | Some(23) | Some(24) => Ok(()),
                    _ => Err(format!("rsync from {from}: {}", String::from_utf8_lossy(&output.stderr).trim())),
                }
            }
        }
    }

    fn scratch_file(&self, what: &str) -> PathBuf {
        let mut bytes = [0u8; 6];
        let _ = getrandom::fill(&mut bytes);
        self.scratch.join(format!("{what}-{}.tmp", hex::encode(bytes)))
    }
}

/// An LTX file's name as Litestream writes it: `MINTXID-MAXTXID.ltx`, 16 hex digits each.
pub fn is_ltx_name(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".ltx") else { return false };
    stem.len() == 33 && stem.as_bytes()[16] == b'-' && stem.chars().enumerate().all(|(i, c)| i == 16 || c.is_ascii_hexdigit())
}

/// A YAML string: double-quoted, so no path or key is read as anything else.
fn yaml(text: &str) -> String {
    serde_json::to_string(text).expect("a string serialises")
}

/// Copies every file under `from` that `to` lacks, keeping the folders (a file store's media).
fn copy_missing(from: &Path, to: &Path) -> Result<(), String> {
    let entries = match std::fs::read_dir(from) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("cannot list {}: {e}", from.display())),
    };
    for entry in entries.filter_map(|e| e.ok()) {
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        if source.is_dir() {
            std::fs::create_dir_all(&target).map_err(|e| format!("cannot create {}: {e}", target.display()))?;
            copy_missing(&source, &target)?;
        } else if !target.exists() && !entry.file_name().to_string_lossy().ends_with(".part") {
            let part = to.join(format!("{}.part", entry.file_name().to_string_lossy()));
            std::fs::copy(&source, &part)
                .and_then(|_| std::fs::rename(&part, &target))
                .map_err(|e| format!("cannot copy {}: {e}", source.display()))?;
        }
    }
    Ok(())
}

impl Sftp {
    /// Runs sftp batch `lines` against the server; its standard output, or its error. One SSH
    /// connection is kept open for a minute and shared by the calls (ControlMaster), so the lease
    /// checks a primary makes every second cost no new handshake.
    fn batch(&self, lines: &str) -> Result<String, String> {
        let control = self.known_hosts.with_file_name("ssh-%C");
        let mut child = Command::new("sftp")
            .args(["-q", "-b", "-", "-P", &self.port.to_string(), "-i"])
            .arg(&self.key)
            .arg("-o")
            .arg(format!("UserKnownHostsFile={}", self.known_hosts.display()))
            .args(["-o", "StrictHostKeyChecking=yes", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5"])
            .args(["-o", "ServerAliveInterval=5", "-o", "ControlMaster=auto", "-o", "ControlPersist=60"])
            .arg("-o")
            .arg(format!("ControlPath={}", control.display()))
            .arg(format!("{}@{}", self.user, self.host))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run sftp (install openssh-client): {e}"))?;
        child.stdin.take().expect("piped").write_all(lines.as_bytes()).map_err(|e| format!("sftp: {e}"))?;
        let output = child.wait_with_output().map_err(|e| format!("sftp: {e}"))?;
        if output.status.success() {
            Ok(String::from_utf8_lossy(&output.stdout).into_owned())
        } else {
            Err(format!("sftp to {}:{}: {}", self.host, self.port, String::from_utf8_lossy(&output.stderr).trim()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holder(epoch: u64, node: &str) -> Holder {
        Holder { epoch, node: node.into(), name: "test".into(), since: 1, promoting: true, fork: None }
    }

    /// Fifty machines claim the same epoch at once: exactly one gets it, and the record says who.
    #[test]
    fn one_claim_in_fifty_wins_an_epoch() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("store");
        let url = format!("file://{}", root.display());
        let store = Store::open(&url, None, None, &dir.path().join("scratch")).unwrap();
        assert_eq!(store.epochs().unwrap(), Vec::<u64>::new());
        assert_eq!(store.newest().unwrap(), None);
        let winners: Vec<String> = std::thread::scope(|scope| {
            let claims: Vec<_> = (0..50)
                .map(|n| {
                    let (url, scratch) = (url.clone(), dir.path().join(format!("scratch-{n}")));
                    scope.spawn(move || {
                        let store = Store::open(&url, None, None, &scratch).unwrap();
                        store.claim(&holder(1, &format!("node-{n}"))).unwrap().then(|| format!("node-{n}"))
                    })
                })
                .collect();
            claims.into_iter().filter_map(|c| c.join().unwrap()).collect()
        });
        assert_eq!(winners.len(), 1, "{winners:?}");
        let (epoch, held) = store.newest().unwrap().unwrap();
        assert_eq!((epoch, held.unwrap().node), (1, winners[0].clone()));
        // The record is replaced whole, and a released epoch can be claimed again.
        let mut done = holder(1, &winners[0]);
        done.promoting = false;
        done.fork = Some(Fork { from_epoch: 0, txid: 9, orders: 3, payments: 4, at: 5 });
        store.put_holder(&done).unwrap();
        assert_eq!(store.holder(1).unwrap(), Some(done));
        assert!(store.claim(&holder(2, "b")).unwrap());
        assert_eq!(store.epochs().unwrap(), vec![1, 2]);
        store.release(2).unwrap();
        assert_eq!(store.epochs().unwrap(), vec![1]);
        assert!(store.claim(&holder(2, "c")).unwrap());
        assert!(store.litestream_replica(2).contains(&format!("{}/epochs/000002/db", root.display())));
    }

    #[test]
    fn a_store_url_is_read_or_refused_in_words() {
        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("key");
        let store = Store::open(
            "sftp://ankara@backup.example.com:2222/srv/backup/ankara/",
            Some(&key),
            Some("ssh-ed25519 AAAAC3 host"),
            dir.path(),
        )
        .unwrap();
        assert_eq!(store.describe(), "sftp://ankara@backup.example.com:2222/srv/backup/ankara");
        assert_eq!(std::fs::read_to_string(dir.path().join("known_hosts")).unwrap(), "[backup.example.com]:2222 ssh-ed25519 AAAAC3\n");
        let replica = store.litestream_replica(7);
        assert!(replica.contains("type: sftp") && replica.contains("\"/srv/backup/ankara/epochs/000007/db\""), "{replica}");
        assert!(replica.contains("host-key: \"ssh-ed25519 AAAAC3\""), "{replica}");
        for (url, says) in
            [("s3://bucket/shop", "sftp:// or file://"), ("sftp://backup.example.com/srv", "no user"), ("file://relative", "absolute path")]
        {
            let refused = Store::open(url, Some(&key), Some("ssh-ed25519 AAAA"), dir.path()).err().unwrap();
            assert!(refused.contains(says), "{url}: {refused}");
        }
        assert!(Store::open("sftp://a@b/srv", None, Some("ssh-ed25519 AAAA"), dir.path()).err().unwrap().contains("ANKARA_REPLICA_KEY"));
    }
}
