//! An independent model of CoreFoundation's `bplist00` reader and a check of the
//! layout our writer promises on top of it. It shares no code with the library, so a
//! rule the library gets wrong cannot be confirmed by the library itself.
//!
//! Its errors start with the id of the rule broken: T1-T5 and O1-O6 are CF's reader
//! rules, P1-P10 the writer's promises, as `docs/BINARY.md` states them (sections
//! "CoreFoundation's reader" and "The writer's layout").

use std::collections::HashSet;

use plistvalue_suite::differential::model::{Obs, When};

/// CF's depth limit on macOS (`CFPropertyList_Internal.h`).
const MAX_DEPTH: usize = 512;

/// A file CF's rules accept, as the CF model decoded it.
pub struct Cf {
    pub root: Obs,
    /// UIDs above 2^32 − 1 that were met. CF rejects a file for any of them (O3);
    /// they are counted rather than failed so a test can tell a UID the caller put
    /// in the tree from a writer fault.
    pub uids_over_limit: usize,
    pub offset_size: u8,
    pub ref_size: u8,
    pub num_objects: u64,
    pub top_object: u64,
    pub table_offset: u64,
}

/// Reads `bytes` with CF's rules; the error names the first rule broken.
pub fn read(bytes: &[u8]) -> Result<Cf, String> {
    let len = bytes.len() as u64;
    if len < 32 + 8 + 1 {
        return Err(format!("T1: {len} bytes is shorter than 41"));
    }
    if !bytes.starts_with(b"bplist0") {
        return Err("T1: does not start with bplist0".into());
    }
    let tr = &bytes[bytes.len() - 32..];
    let offset_size = tr[6];
    let ref_size = tr[7];
    let num_objects = be(&tr[8..16]);
    let top_object = be(&tr[16..24]);
    let table_offset = be(&tr[24..32]);
    if num_objects > i64::MAX as u64 || table_offset > i64::MAX as u64 {
        return Err("T2: object count or table offset above LONG_MAX".into());
    }
    if num_objects < 1 || top_object >= num_objects {
        return Err(format!(
            "T2: {num_objects} objects, top object {top_object}"
        ));
    }
    if table_offset < 9 || table_offset >= len - 32 {
        return Err(format!(
            "T2: offset table at {table_offset} in a {len}-byte file"
        ));
    }
    if offset_size < 1 || ref_size < 1 {
        return Err("T2: a zero offset or reference width".into());
    }
    let table_len = num_objects
        .checked_mul(offset_size as u64)
        .ok_or("T3: numObjects × offsetIntSize overflows")?;
    if table_offset
        .checked_add(table_len)
        .and_then(|x| x.checked_add(32))
        != Some(len)
    {
        return Err(format!(
            "T3: length {len} != offset table {table_offset} + {table_len} + 32"
        ));
    }
    if ref_size < 8 && num_objects >= 1 << (8 * ref_size as u32) {
        return Err(format!(
            "T4: {ref_size}-byte refs for {num_objects} objects"
        ));
    }
    if offset_size < 8 && table_offset >= 1 << (8 * offset_size as u32) {
        return Err(format!(
            "T4: {offset_size}-byte offsets for a table at {table_offset}"
        ));
    }
    let mut r = Reader {
        b: bytes,
        offset_size: offset_size as usize,
        ref_size: ref_size as usize,
        num_objects,
        table_offset,
        on_path: HashSet::new(),
        uids_over_limit: 0,
    };
    for i in 0..num_objects {
        let off = r.offset_of(i);
        if off >= table_offset {
            return Err(format!(
                "T5: object {i} at {off}, not before the table at {table_offset}"
            ));
        }
    }
    if r.offset_of(top_object) < 8 {
        return Err("T5: the top object lies in the header".into());
    }
    // 512 levels of a debug-build frame need more than a test thread's 2 MiB.
    let root = std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn_scoped(s, || r.object(top_object, 0))
            .expect("start the CF model's thread")
            .join()
            .expect("the CF model does not panic")
    })?;
    Ok(Cf {
        root,
        uids_over_limit: r.uids_over_limit,
        offset_size,
        ref_size,
        num_objects,
        top_object,
        table_offset,
    })
}

/// A big-endian unsigned integer of any width; only the low 8 bytes count, as in
/// CF's `_getSizedInt`.
fn be(b: &[u8]) -> u64 {
    b.iter()
        .rev()
        .take(8)
        .rev()
        .fold(0, |acc, &x| acc << 8 | x as u64)
}

struct Reader<'a> {
    b: &'a [u8],
    offset_size: usize,
    ref_size: usize,
    num_objects: u64,
    table_offset: u64,
    /// Offsets of the containers being read, for the cycle check.
    on_path: HashSet<u64>,
    uids_over_limit: usize,
}

impl Reader<'_> {
    fn offset_of(&self, index: u64) -> u64 {
        let at = self.table_offset as usize + index as usize * self.offset_size;
        be(&self.b[at..at + self.offset_size])
    }

    /// The `len` bytes at `at`, if they end before the offset table.
    fn bytes(&self, at: u64, len: u64, what: &str) -> Result<&[u8], String> {
        match at.checked_add(len) {
            Some(end) if end <= self.table_offset => Ok(&self.b[at as usize..end as usize]),
            _ => Err(format!(
                "O1: {what} at {at} ({len} bytes) runs into the offset table"
            )),
        }
    }

    /// A count: the nibble, or an integer object after a `0xF` nibble (`_readInt`).
    fn count(&self, nibble: u8, at: u64) -> Result<(u64, u64), String> {
        if nibble != 0xF {
            return Ok((nibble as u64, at));
        }
        let m = self.bytes(at, 1, "count marker")?[0];
        if m >> 4 != 1 || m & 0xF > 4 {
            return Err(format!(
                "O3: count marker {m:#04x} is not an int of ≤ 16 bytes"
            ));
        }
        let w = 1u64 << (m & 0xF);
        let v = be(self.bytes(at + 1, w, "count")?);
        if v > i64::MAX as u64 {
            return Err(format!("O3: count {v} above LONG_MAX"));
        }
        Ok((v, at + 1 + w))
    }

    /// The object indices of a ref list: `n` refs at `at`.
    fn refs(&self, at: u64, n: u64) -> Result<Vec<u64>, String> {
        let len = n
            .checked_mul(self.ref_size as u64)
            .ok_or("O1: ref list length overflows")?;
        let list = self.bytes(at, len, "ref list")?;
        list.chunks(self.ref_size)
            .map(be)
            .map(|r| {
                if r < self.num_objects {
                    Ok(r)
                } else {
                    Err(format!("O2: ref {r} with {} objects", self.num_objects))
                }
            })
            .collect()
    }

    fn object(&mut self, index: u64, depth: usize) -> Result<Obs, String> {
        let off = self.offset_of(index);
        if off < 8 {
            return Err(format!("O1: object {index} at {off}, inside the header"));
        }
        let m = self.bytes(off, 1, "marker")?[0];
        let body = off + 1;
        let nibble = m & 0xF;
        Ok(match m >> 4 {
            0x0 => match m {
                0x00 => Obs::Null,
                0x08 => Obs::Bool(false),
                0x09 => Obs::Bool(true),
                _ => return Err(format!("O3: marker {m:#04x}")),
            },
            0x1 => {
                if nibble > 4 {
                    return Err(format!("O3: int marker {m:#04x} wider than 16 bytes"));
                }
                let b = self.bytes(body, 1 << nibble, "int")?;
                Obs::Int(match b.len() {
                    8 => be(b) as i64 as i128,
                    // CF keeps the low 64 bits of a 16-byte int, unsigned.
                    _ => be(b) as i128,
                })
            }
            0x2 => match m {
                0x22 => {
                    let b = self.bytes(body, 4, "real")?;
                    let f = f32::from_be_bytes(b.try_into().unwrap());
                    Obs::Real((f as f64).to_bits())
                }
                0x23 => Obs::Real(be(self.bytes(body, 8, "real")?)),
                _ => return Err(format!("O3: real marker {m:#04x}")),
            },
            0x3 => match m {
                0x33 => Obs::Date(When::Bits(be(self.bytes(body, 8, "date")?))),
                _ => return Err(format!("O3: date marker {m:#04x}")),
            },
            0x4 => {
                let (n, at) = self.count(nibble, body)?;
                Obs::Data(self.bytes(at, n, "data")?.to_vec())
            }
            0x5 => {
                let (n, at) = self.count(nibble, body)?;
                // CF reads "ASCII" bytes as ISO Latin-1.
                Obs::Str(
                    self.bytes(at, n, "string")?
                        .iter()
                        .map(|&c| c as char)
                        .collect(),
                )
            }
            0x6 => {
                let (n, at) = self.count(nibble, body)?;
                let len = n.checked_mul(2).ok_or("O1: UTF-16 length overflows")?;
                let units: Vec<u16> = self
                    .bytes(at, len, "UTF-16 string")?
                    .chunks(2)
                    .map(|u| u16::from_be_bytes([u[0], u[1]]))
                    .collect();
                // CF keeps lone surrogates; no tree here holds one, so a lossy
                // decode can only show up as a mismatch, never hide one.
                Obs::Str(String::from_utf16_lossy(&units))
            }
            0x8 => {
                let v = be(self.bytes(body, nibble as u64 + 1, "UID")?);
                if v > u32::MAX as u64 {
                    self.uids_over_limit += 1;
                }
                Obs::Uid(v)
            }
            0xA | 0xC | 0xD => {
                if depth >= MAX_DEPTH {
                    return Err(format!("O5: deeper than {MAX_DEPTH} levels"));
                }
                if !self.on_path.insert(off) {
                    return Err(format!("O6: object {index} contains itself"));
                }
                let (n, at) = self.count(nibble, body)?;
                let v = if m >> 4 == 0xD {
                    let refs = self.refs(at, n.checked_mul(2).ok_or("O1: dict size overflows")?)?;
                    let (keys, values) = refs.split_at(n as usize);
                    let mut entries: Vec<(Obs, Obs)> = Vec::with_capacity(keys.len());
                    for (&k, &v) in keys.iter().zip(values) {
                        let key = self.object(k, depth + 1)?;
                        if matches!(key, Obs::Array(_) | Obs::Set(_) | Obs::Dict(_)) {
                            return Err(format!("O4: object {k}, a collection, used as a key"));
                        }
                        let value = self.object(v, depth + 1)?;
                        // CF keeps the first of duplicate keys.
                        if !entries.iter().any(|(e, _)| *e == key) {
                            entries.push((key, value));
                        }
                    }
                    Obs::Dict(entries)
                } else {
                    let items = self
                        .refs(at, n)?
                        .into_iter()
                        .map(|r| self.object(r, depth + 1))
                        .collect::<Result<Vec<_>, _>>()?;
                    if m >> 4 == 0xA {
                        Obs::Array(items)
                    } else {
                        Obs::Set(items)
                    }
                };
                self.on_path.remove(&off);
                v
            }
            _ => return Err(format!("O3: marker {m:#04x}")),
        })
    }
}

/// CF's `_byteCount`: the smallest of 1, 2, 4, 8 bytes that holds `v`.
fn pow2(v: u64) -> u64 {
    match v {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        0x1_0000..=0xFFFF_FFFF => 4,
        _ => 8,
    }
}

/// One object as laid out in the file, read in index order for the promises.
struct Laid {
    len: u64,
    refs: Vec<u64>,
    container: bool,
}

/// Checks the writer promises P1–P10 on a file `read` accepted.
pub fn promises(bytes: &[u8], cf: &Cf) -> Result<(), String> {
    let tr = &bytes[bytes.len() - 32..];
    if !bytes.starts_with(b"bplist00") || tr[..6] != [0; 6] || cf.top_object != 0 {
        return Err("P1: header, unused trailer bytes or top object".into());
    }
    if cf.ref_size as u64 != pow2(cf.num_objects) || cf.offset_size as u64 != pow2(cf.table_offset)
    {
        return Err(format!(
            "P2: {}-byte refs for {} objects, {}-byte offsets for a table at {}",
            cf.ref_size, cf.num_objects, cf.offset_size, cf.table_offset
        ));
    }
    let r = Reader {
        b: bytes,
        offset_size: cf.offset_size as usize,
        ref_size: cf.ref_size as usize,
        num_objects: cf.num_objects,
        table_offset: cf.table_offset,
        on_path: HashSet::new(),
        uids_over_limit: 0,
    };
    let mut objects = Vec::with_capacity(cf.num_objects as usize);
    let mut scalars: HashSet<&[u8]> = HashSet::new();
    let mut at = 8;
    for i in 0..cf.num_objects {
        let off = r.offset_of(i);
        if off != at {
            return Err(format!("P3: object {i} at {off}, expected {at}"));
        }
        let o = laid(&r, off).map_err(|e| format!("object {i}: {e}"))?;
        if !o.container && !scalars.insert(&bytes[off as usize..(off + o.len) as usize]) {
            return Err(format!("P9: object {i} repeats an earlier scalar"));
        }
        at += o.len;
        objects.push(o);
    }
    if at != cf.table_offset {
        return Err(format!(
            "P3: objects end at {at}, the table starts at {}",
            cf.table_offset
        ));
    }
    // P10: a pre-order walk must meet objects in index order and meet them all.
    let mut seen = vec![false; objects.len()];
    let mut next = 0u64;
    preorder(&objects, 0, &mut seen, &mut next)?;
    if next != cf.num_objects {
        return Err(format!(
            "P10: {} of {} objects are unreachable",
            cf.num_objects - next,
            cf.num_objects
        ));
    }
    Ok(())
}

fn preorder(objects: &[Laid], i: u64, seen: &mut [bool], next: &mut u64) -> Result<(), String> {
    let o = &objects[i as usize];
    if seen[i as usize] {
        return if o.container {
            Err(format!("P10: container {i} is referenced twice"))
        } else {
            Ok(())
        };
    }
    if i != *next {
        return Err(format!(
            "P10: pre-order meets object {i} where {next} was due"
        ));
    }
    seen[i as usize] = true;
    *next += 1;
    for &c in &o.refs {
        preorder(objects, c, seen, next)?;
    }
    Ok(())
}

/// Reads the object at `off` for its extent and children, checking P4–P8 on it.
fn laid(r: &Reader<'_>, off: u64) -> Result<Laid, String> {
    let m = r.bytes(off, 1, "marker")?[0];
    let nibble = m & 0xF;
    let scalar = |len: u64| Laid {
        len,
        refs: Vec::new(),
        container: false,
    };
    let counted = |r: &Reader<'_>| -> Result<(u64, u64), String> {
        let (n, at) = r.count(nibble, off + 1)?;
        let header = at - off;
        let canonical = if n < 15 { 1 } else { 2 + pow2(n) };
        if header != canonical {
            return Err(format!(
                "P4: count {n} takes {header} bytes, canonical is {canonical}"
            ));
        }
        Ok((n, at))
    };
    Ok(match m >> 4 {
        0x0 => scalar(1),
        0x1 => {
            let w = 1u64 << nibble;
            let b = r.bytes(off + 1, w, "int")?;
            let minimal = match w {
                16 => b[..8] == [0; 8] && be(b) > i64::MAX as u64,
                8 => (be(b) as i64) < 0 || be(b) > u32::MAX as u64,
                _ => pow2(be(b)) == w,
            };
            if !minimal {
                return Err(format!("P5: int {} in {w} bytes", be(b)));
            }
            scalar(1 + w)
        }
        0x2 if m == 0x23 => scalar(9),
        0x2 => return Err(format!("P6: real marker {m:#04x}")),
        0x3 => scalar(9),
        0x8 => {
            let w = nibble as u64 + 1;
            let v = be(r.bytes(off + 1, w, "UID")?);
            if pow2(v) != w {
                return Err(format!("P7: UID {v} in {w} bytes"));
            }
            scalar(1 + w)
        }
        0x4 => {
            let (n, at) = counted(r)?;
            scalar(at - off + n)
        }
        0x5 => {
            let (n, at) = counted(r)?;
            if !r.bytes(at, n, "string")?.is_ascii() {
                return Err("P8: non-ASCII bytes in an ASCII string".into());
            }
            scalar(at - off + n)
        }
        0x6 => {
            let (n, at) = counted(r)?;
            let b = r.bytes(at, 2 * n, "UTF-16 string")?;
            if b.chunks(2).all(|u| u16::from_be_bytes([u[0], u[1]]) < 0x80) {
                return Err("P8: an ASCII string written as UTF-16".into());
            }
            scalar(at - off + 2 * n)
        }
        0xA | 0xD => {
            let (n, at) = counted(r)?;
            let n_refs = if m >> 4 == 0xD { 2 * n } else { n };
            Laid {
                len: at - off + n_refs * r.ref_size as u64,
                refs: r.refs(at, n_refs)?,
                container: true,
            }
        }
        _ => return Err(format!("marker {m:#04x} is not one our writer uses")),
    })
}
