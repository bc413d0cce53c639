//! Reading the zip a merchant uploads with a products CSV (the CSV and its pictures), through the
//! `zip` crate: the central directory is read first, so nothing is decompressed unless asked for,
//! and every entry is read with a cap, so a zip bomb costs at most that cap. Stored and deflated
//! entries are read (zip64 and CP437 names too); encrypted entries and other compressions are
//! refused with a message that says so.

use std::io::{Read, Seek};

/// Entries listed at most: far more than a catalogue's pictures.
pub const MAX_ENTRIES: usize = 20_000;

#[derive(Debug, Clone)]
pub struct Entry {
    pub name: String,
    pub size: u64,
    index: usize,
}

pub struct Archive<R: Read + Seek> {
    zip: zip::ZipArchive<R>,
    pub entries: Vec<Entry>,
}

fn bad(message: &str) -> String {
    format!("The zip file is damaged or not a zip file ({message}).")
}

impl<R: Read + Seek> Archive<R> {
    /// Reads the central directory of the archive.
    pub fn open(reader: R) -> Result<Archive<R>, String> {
        let mut zip = zip::ZipArchive::new(reader).map_err(|e| match e {
            zip::result::ZipError::UnsupportedArchive(m) if m.contains("pan") || m.contains("disk") => {
                "Split zip files cannot be read; make one zip file.".to_string()
            }
            other => bad(&other.to_string()),
        })?;
        if zip.len() > MAX_ENTRIES {
            return Err(format!("The zip file holds more than {MAX_ENTRIES} files."));
        }
        let mut entries = Vec::new();
        for index in 0..zip.len() {
            // The directory's record only: nothing is decompressed here.
            let file = zip.by_index_raw(index).map_err(|e| bad(&e.to_string()))?;
            if !file.is_dir() {
                let name = file.name().map_err(|e| bad(&e.to_string()))?.into_owned();
                entries.push(Entry { name, size: file.size(), index });
            }
        }
        Ok(Archive { zip, entries })
    }

    /// The entry whose file name (without its folders, any case) is `name`.
    pub fn find(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| base_name(&e.name).eq_ignore_ascii_case(name))
    }

    /// An entry's contents, refused past `max` bytes (whatever its header claims) or when its
    /// checksum does not match (the crate checks it as the last byte is read).
    pub fn read(&mut self, entry: &Entry, max: u64) -> Result<Vec<u8>, String> {
        if entry.size > max {
            return Err(format!("{} is larger than {} MB.", entry.name, max / 1_000_000));
        }
        let file = self.zip.by_index(entry.index).map_err(|e| match e {
            zip::result::ZipError::UnsupportedArchive(m) if m.contains("assword") || m.contains("ncrypt") => {
                format!("{} is encrypted; zip it without a password.", entry.name)
            }
            zip::result::ZipError::UnsupportedArchive(_) => {
                format!("{} is compressed in a way this shop cannot read; use ordinary zip compression.", entry.name)
            }
            _ => bad(&entry.name),
        })?;
        let mut out = Vec::with_capacity(entry.size.min(max) as usize);
        file.take(max + 1).read_to_end(&mut out).map_err(|_| bad(&entry.name))?;
        if out.len() as u64 > max {
            return Err(format!("{} is larger than {} MB.", entry.name, max / 1_000_000));
        }
        if out.len() as u64 != entry.size {
            return Err(bad(&entry.name));
        }
        Ok(out)
    }
}

/// A path's last part: "pictures/shoe.jpg" → "shoe.jpg".
pub fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Cursor, Write};
    use zip::write::SimpleFileOptions;

    fn zip(entries: &[(&str, &[u8], bool)], large: bool) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, data, deflate) in entries {
            let method = if *deflate { zip::CompressionMethod::Deflated } else { zip::CompressionMethod::Stored };
            writer.start_file(*name, SimpleFileOptions::default().compression_method(method).large_file(large)).unwrap();
            writer.write_all(data).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    /// Where the central directory's record of the only entry starts.
    fn directory_record(bytes: &[u8]) -> usize {
        bytes.windows(4).rposition(|w| w == 0x0201_4b50u32.to_le_bytes()).unwrap()
    }

    #[test]
    fn reads_stored_and_deflated_entries_by_their_file_name() {
        let big = vec![b'a'; 100_000];
        let bytes = zip(&[("products.csv", b"handle,name\n", false), ("pictures/Shoe.JPG", &big, true)], false);
        let mut archive = Archive::open(Cursor::new(bytes)).unwrap();
        assert_eq!(archive.entries.len(), 2);
        let shoe = archive.find("shoe.jpg").unwrap().clone();
        assert_eq!(archive.read(&shoe, 1 << 20).unwrap(), big);
        let csv = archive.find("products.csv").unwrap().clone();
        assert_eq!(archive.read(&csv, 1 << 20).unwrap(), b"handle,name\n");
    }

    #[test]
    fn zip64_archives_and_old_names_are_read() {
        let bytes = zip(&[("products.csv", b"handle,name\n", true)], true);
        let mut archive = Archive::open(Cursor::new(bytes)).unwrap();
        let csv = archive.find("products.csv").unwrap().clone();
        assert_eq!(archive.read(&csv, 1 << 20).unwrap(), b"handle,name\n");
        // A name written by an old Windows zipper: CP437, no UTF-8 flag ("é" is 0x82 there).
        let mut bytes = zip(&[("caf_.jpg", b"x", false)], false);
        for at in [30 + 3, directory_record(&bytes) + 46 + 3] {
            assert_eq!(bytes[at], b'_');
            bytes[at] = 0x82;
        }
        let archive = Archive::open(Cursor::new(bytes)).unwrap();
        assert_eq!(archive.entries[0].name, "café.jpg");
    }

    #[test]
    fn a_bomb_stops_at_the_cap_and_damage_is_refused() {
        // 50 MB of zeros deflate to about 50 KB: refused by its size before anything is inflated…
        let zeros = vec![0u8; 50 << 20];
        let honest = zip(&[("bomb.jpg", &zeros, true)], false);
        let mut archive = Archive::open(Cursor::new(honest.clone())).unwrap();
        let entry = archive.entries[0].clone();
        assert!(archive.read(&entry, 1 << 20).unwrap_err().contains("larger than 1 MB"));
        // …and when the directory lies about its size, the entry is refused as damaged (whatever
        // is inflated stops at the cap: `read` takes at most max + 1 bytes).
        let mut lying = honest;
        let record = directory_record(&lying);
        lying[record + 24..record + 28].copy_from_slice(&1000u32.to_le_bytes());
        let mut archive = Archive::open(Cursor::new(lying)).unwrap();
        let entry = archive.entries[0].clone();
        assert!(archive.read(&entry, 1 << 20).unwrap_err().contains("damaged"));
        assert!(Archive::open(Cursor::new(b"not a zip at all".to_vec())).is_err());
        let mut cut = zip(&[("a.jpg", b"hello world", false)], false);
        cut[30 + 5 + 2] ^= 0xFF;
        let mut archive = Archive::open(Cursor::new(cut)).unwrap();
        let entry = archive.entries[0].clone();
        assert!(archive.read(&entry, 1 << 20).unwrap_err().contains("damaged"));
    }
}
