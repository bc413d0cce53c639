//! Reading the zip a merchant uploads with a products CSV (the CSV and its pictures): the central
//! directory is read first, so nothing is decompressed unless asked for, and every entry is read
//! with a cap, so a zip bomb costs at most that cap. Stored and deflated entries are read; zip64,
//! encrypted or split archives are refused with a message that says so.

use std::io::{Read, Seek, SeekFrom};

/// Entries listed at most: far more than a catalogue's pictures.
pub const MAX_ENTRIES: usize = 20_000;

#[derive(Debug, Clone)]
pub struct Entry {
    pub name: String,
    method: u16,
    encrypted: bool,
    crc: u32,
    compressed: u64,
    pub size: u64,
    offset: u64,
}

pub struct Archive<R> {
    reader: R,
    pub entries: Vec<Entry>,
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn bad(message: &str) -> String {
    format!("The zip file is damaged or not a zip file ({message}).")
}

impl<R: Read + Seek> Archive<R> {
    /// Reads the central directory of the archive.
    pub fn open(mut reader: R) -> Result<Archive<R>, String> {
        let len = reader.seek(SeekFrom::End(0)).map_err(|e| e.to_string())?;
        // The end record is 22 bytes, followed by a comment of at most 65,535.
        let tail_len = len.min(22 + 65_535);
        reader.seek(SeekFrom::Start(len - tail_len)).map_err(|e| e.to_string())?;
        let mut tail = vec![0; tail_len as usize];
        reader.read_exact(&mut tail).map_err(|e| e.to_string())?;
        let end = (0..tail.len().saturating_sub(21)).rev().find(|&i| u32_at(&tail, i) == 0x0605_4b50).ok_or_else(|| bad("no directory"))?;
        let record = &tail[end..];
        if u16_at(record, 4) != 0 || u16_at(record, 6) != 0 {
            return Err("Split zip files cannot be read; make one zip file.".into());
        }
        let count = u16_at(record, 10) as usize;
        let (dir_size, dir_offset) = (u32_at(record, 12) as u64, u32_at(record, 16) as u64);
        if count == 0xFFFF || dir_offset == 0xFFFF_FFFF {
            return Err("This zip file is too large (zip64); make it smaller than 4 GB with fewer than 65,535 files.".into());
        }
        if count > MAX_ENTRIES {
            return Err(format!("The zip file holds more than {MAX_ENTRIES} files."));
        }
        if dir_offset + dir_size > len || dir_size > 64 << 20 {
            return Err(bad("directory out of range"));
        }
        reader.seek(SeekFrom::Start(dir_offset)).map_err(|e| e.to_string())?;
        let mut dir = vec![0; dir_size as usize];
        reader.read_exact(&mut dir).map_err(|e| e.to_string())?;
        let mut entries = Vec::with_capacity(count);
        let mut at = 0;
        for _ in 0..count {
            if at + 46 > dir.len() || u32_at(&dir, at) != 0x0201_4b50 {
                return Err(bad("directory entry"));
            }
            let (name_len, extra_len, comment_len) =
                (u16_at(&dir, at + 28) as usize, u16_at(&dir, at + 30) as usize, u16_at(&dir, at + 32) as usize);
            let name_end = at + 46 + name_len;
            if name_end > dir.len() {
                return Err(bad("entry name"));
            }
            let entry = Entry {
                name: String::from_utf8_lossy(&dir[at + 46..name_end]).into_owned(),
                encrypted: u16_at(&dir, at + 8) & 1 == 1,
                method: u16_at(&dir, at + 10),
                crc: u32_at(&dir, at + 16),
                compressed: u32_at(&dir, at + 20) as u64,
                size: u32_at(&dir, at + 24) as u64,
                offset: u32_at(&dir, at + 42) as u64,
            };
            if !entry.name.ends_with('/') {
                entries.push(entry);
            }
            at = name_end + extra_len + comment_len;
        }
        Ok(Archive { reader, entries })
    }

    /// The entry whose file name (without its folders, any case) is `name`.
    pub fn find(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| base_name(&e.name).eq_ignore_ascii_case(name))
    }

    /// An entry's contents, refused past `max` bytes (whatever its header claims) or when its
    /// checksum does not match.
    pub fn read(&mut self, entry: &Entry, max: u64) -> Result<Vec<u8>, String> {
        if entry.encrypted {
            return Err(format!("{} is encrypted; zip it without a password.", entry.name));
        }
        if entry.size > max {
            return Err(format!("{} is larger than {} MB.", entry.name, max / 1_000_000));
        }
        self.reader.seek(SeekFrom::Start(entry.offset)).map_err(|e| e.to_string())?;
        let mut header = [0u8; 30];
        self.reader.read_exact(&mut header).map_err(|_| bad("entry header"))?;
        if u32_at(&header, 0) != 0x0403_4b50 {
            return Err(bad("entry header"));
        }
        let skip = u16_at(&header, 26) as i64 + u16_at(&header, 28) as i64;
        self.reader.seek(SeekFrom::Current(skip)).map_err(|e| e.to_string())?;
        let raw = (&mut self.reader).take(entry.compressed);
        let mut out = Vec::with_capacity(entry.size.min(max) as usize);
        let read = match entry.method {
            0 => raw.take(max + 1).read_to_end(&mut out),
            8 => flate2::read::DeflateDecoder::new(raw).take(max + 1).read_to_end(&mut out),
            _ => return Err(format!("{} is compressed in a way this shop cannot read; use ordinary zip compression.", entry.name)),
        };
        read.map_err(|_| bad(&entry.name))?;
        if out.len() as u64 > max {
            return Err(format!("{} is larger than {} MB.", entry.name, max / 1_000_000));
        }
        let mut crc = flate2::Crc::new();
        crc.update(&out);
        if crc.sum() != entry.crc || out.len() as u64 != entry.size {
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

    /// A small zip writer for the tests: stored or deflated entries.
    fn zip(entries: &[(&str, &[u8], bool)]) -> Vec<u8> {
        let (mut out, mut dir) = (Vec::new(), Vec::new());
        for (name, data, deflate) in entries {
            let body = if *deflate {
                let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
                e.write_all(data).unwrap();
                e.finish().unwrap()
            } else {
                data.to_vec()
            };
            let mut crc = flate2::Crc::new();
            crc.update(data);
            let offset = out.len() as u32;
            let method: u16 = if *deflate { 8 } else { 0 };
            let common = |b: &mut Vec<u8>| {
                b.extend(20u16.to_le_bytes());
                b.extend(0u16.to_le_bytes());
                b.extend(method.to_le_bytes());
                b.extend([0u8; 4]);
                b.extend(crc.sum().to_le_bytes());
                b.extend((body.len() as u32).to_le_bytes());
                b.extend((data.len() as u32).to_le_bytes());
                b.extend((name.len() as u16).to_le_bytes());
                b.extend(0u16.to_le_bytes());
            };
            out.extend(0x0403_4b50u32.to_le_bytes());
            common(&mut out);
            out.extend(name.as_bytes());
            out.extend(&body);
            dir.extend(0x0201_4b50u32.to_le_bytes());
            dir.extend(20u16.to_le_bytes());
            common(&mut dir);
            // Comment length, disk, internal and external attributes.
            dir.extend([0u8; 10]);
            dir.extend(offset.to_le_bytes());
            dir.extend(name.as_bytes());
        }
        let dir_offset = out.len() as u32;
        out.extend(&dir);
        out.extend(0x0605_4b50u32.to_le_bytes());
        out.extend([0u8; 4]);
        out.extend((entries.len() as u16).to_le_bytes());
        out.extend((entries.len() as u16).to_le_bytes());
        out.extend((dir.len() as u32).to_le_bytes());
        out.extend(dir_offset.to_le_bytes());
        out.extend(0u16.to_le_bytes());
        out
    }

    #[test]
    fn reads_stored_and_deflated_entries_by_their_file_name() {
        let big = vec![b'a'; 100_000];
        let bytes = zip(&[("products.csv", b"handle,name\n", false), ("pictures/Shoe.JPG", &big, true)]);
        let mut archive = Archive::open(Cursor::new(bytes)).unwrap();
        assert_eq!(archive.entries.len(), 2);
        let shoe = archive.find("shoe.jpg").unwrap().clone();
        assert_eq!(archive.read(&shoe, 1 << 20).unwrap(), big);
        let csv = archive.find("products.csv").unwrap().clone();
        assert_eq!(archive.read(&csv, 1 << 20).unwrap(), b"handle,name\n");
    }

    #[test]
    fn a_bomb_stops_at_the_cap_and_damage_is_refused() {
        // 50 MB of zeros deflate to about 50 KB; the header is made to lie about its size.
        let zeros = vec![0u8; 50 << 20];
        let mut bytes = zip(&[("bomb.jpg", &zeros, true)]);
        let dir = bytes.len() - 22 - 46 - "bomb.jpg".len();
        bytes[dir + 24..dir + 28].copy_from_slice(&1000u32.to_le_bytes());
        let mut archive = Archive::open(Cursor::new(bytes)).unwrap();
        let entry = archive.entries[0].clone();
        assert!(archive.read(&entry, 1 << 20).unwrap_err().contains("larger than 1 MB"));
        assert!(Archive::open(Cursor::new(b"not a zip at all".to_vec())).is_err());
        let mut cut = zip(&[("a.jpg", b"hello world", false)]);
        cut[30 + 5 + 2] ^= 0xFF;
        let mut archive = Archive::open(Cursor::new(cut)).unwrap();
        let entry = archive.entries[0].clone();
        assert!(archive.read(&entry, 1 << 20).unwrap_err().contains("damaged"));
    }
}
