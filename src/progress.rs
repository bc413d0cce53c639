//! Progress for long commands (backup, restore, seeding): a bar on a terminal (indicatif), and
//! plain log lines at every tenth of the way when the output goes to a file or a journal.

use std::io::IsTerminal;

pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    label: String,
    total: u64,
    done: u64,
    logged_tenths: u64,
}

impl Progress {
    pub fn new(label: &str, total: u64) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(total);
            if let Ok(style) = indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} ({eta} left)") {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.set_message(label.to_string());
            bar
        });
        Progress { bar, label: label.into(), total, done: 0, logged_tenths: 0 }
    }

    pub fn advance(&mut self, by: u64) {
        self.done = (self.done + by).min(self.total);
        match &self.bar {
            Some(bar) => bar.set_position(self.done),
            None if self.total > 0 => {
                let tenths = self.done * 10 / self.total;
                if tenths > self.logged_tenths {
                    self.logged_tenths = tenths;
                    tracing::info!(task = %self.label, done = self.done, total = self.total, percent = tenths * 10, "progress");
                }
            }
            None => {}
        }
    }

    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
