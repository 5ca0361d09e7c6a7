//! A byte-level bplist builder for hand-made files: objects are raw bytes placed back
//! to back from offset 8, and every trailer field, width and offset-table entry can
//! be set to anything, including values no writer would produce. The hostile tests,
//! the golden-byte tests, the CF-model checks and the fuzz seeds all build with it.

/// The fields of a file under construction. `build` lays it out as header, objects,
/// offset table, `gap`, trailer; every `Option` left `None` gets the honest value.
pub struct Bplist {
    /// The first eight bytes.
    pub magic: [u8; 8],
    /// All objects, concatenated; `starts[i]` is where object `i` begins in it.
    body: Vec<u8>,
    starts: Vec<u64>,
    /// The trailer's offset width; offset-table entries are written this wide.
    pub offset_size: u8,
    /// The trailer's reference width (the objects' references are the caller's).
    pub ref_size: u8,
    /// The trailer's top object.
    pub top: u64,
    /// The trailer's object count, if not the number of offsets.
    pub num_objects: Option<u64>,
    /// The trailer's offset-table offset, if not where the table is.
    pub table_offset: Option<u64>,
    /// Replaces the offset-table entries (written `offset_size` wide, low bytes).
    pub offsets: Option<Vec<u64>>,
    /// Bytes between the offset table and the trailer.
    pub gap: Vec<u8>,
    /// Trailer bytes 0-5: five unused bytes and the sort version.
    pub unused: [u8; 6],
}

impl Bplist {
    /// An empty file with 1-byte offsets and refs; `push` objects into it.
    pub fn new() -> Bplist {
        Bplist {
            magic: *b"bplist00",
            body: Vec::new(),
            starts: Vec::new(),
            offset_size: 1,
            ref_size: 1,
            top: 0,
            num_objects: None,
            table_offset: None,
            offsets: None,
            gap: Vec::new(),
            unused: [0; 6],
        }
    }

    /// A file of these objects; object 0 is the top.
    pub fn of<O: AsRef<[u8]>>(objects: &[O]) -> Bplist {
        let mut b = Bplist::new();
        for o in objects {
            b.push(o.as_ref());
        }
        b
    }

    /// Appends an object's bytes and returns its index.
    pub fn push(&mut self, object: &[u8]) -> u64 {
        self.starts.push(8 + self.body.len() as u64);
        self.body.extend_from_slice(object);
        self.starts.len() as u64 - 1
    }

    /// Byte offset of object `i` in the built file.
    pub fn offset_of(&self, i: u64) -> u64 {
        self.starts[i as usize]
    }

    /// Where the offset table starts (unless overridden in the trailer).
    pub fn table_start(&self) -> u64 {
        8 + self.body.len() as u64
    }

    /// Byte offset of offset-table entry `i`.
    pub fn entry_of(&self, i: u64) -> u64 {
        self.table_start() + i * self.offset_size as u64
    }

    /// The file's bytes.
    pub fn build(&self) -> Vec<u8> {
        let offsets = self.offsets.as_ref().unwrap_or(&self.starts);
        let mut out = Vec::with_capacity(self.body.len() + offsets.len() * 8 + 64);
        out.extend_from_slice(&self.magic);
        out.extend_from_slice(&self.body);
        for &o in offsets {
            out.extend_from_slice(&uint(self.offset_size as usize, o as u128));
        }
        out.extend_from_slice(&self.gap);
        out.extend_from_slice(&self.unused);
        out.push(self.offset_size);
        out.push(self.ref_size);
        let n = self.num_objects.unwrap_or(offsets.len() as u64);
        out.extend_from_slice(&n.to_be_bytes());
        out.extend_from_slice(&self.top.to_be_bytes());
        let t = self.table_offset.unwrap_or(self.table_start());
        out.extend_from_slice(&t.to_be_bytes());
        out
    }
}

impl Default for Bplist {
    fn default() -> Bplist {
        Bplist::new()
    }
}

/// The low `width` bytes of `v`, big-endian; wider than 16 pads with zeros.
pub fn uint(width: usize, v: u128) -> Vec<u8> {
    let be = v.to_be_bytes();
    if width >= 16 {
        let mut out = vec![0; width - 16];
        out.extend_from_slice(&be);
        return out;
    }
    be[16 - width..].to_vec()
}

/// A marker with its count: inline below 15, else `0xF` and a canonical int.
pub fn head(kind: u8, count: u64) -> Vec<u8> {
    if count < 15 {
        return vec![kind | count as u8];
    }
    let mut out = vec![kind | 0x0F];
    out.extend(int(count));
    out
}

/// An unsigned integer object in the smallest of 1, 2, 4 or 8 bytes.
pub fn int(v: u64) -> Vec<u8> {
    let (nibble, width) = match v {
        0..=0xFF => (0, 1),
        0x100..=0xFFFF => (1, 2),
        0x1_0000..=0xFFFF_FFFF => (2, 4),
        _ => (3, 8),
    };
    let mut out = vec![0x10 | nibble];
    out.extend(uint(width, v as u128));
    out
}

/// An integer object with an explicit marker nibble and raw body.
pub fn raw(marker: u8, body: &[u8]) -> Vec<u8> {
    let mut out = vec![marker];
    out.extend_from_slice(body);
    out
}

/// An ASCII string object holding the bytes `s`, ASCII or not.
pub fn ascii(s: &[u8]) -> Vec<u8> {
    let mut out = head(0x50, s.len() as u64);
    out.extend_from_slice(s);
    out
}

/// A UTF-16 string object of these units, paired or not.
pub fn utf16(units: &[u16]) -> Vec<u8> {
    let mut out = head(0x60, units.len() as u64);
    for u in units {
        out.extend_from_slice(&u.to_be_bytes());
    }
    out
}

/// A data object.
pub fn data(bytes: &[u8]) -> Vec<u8> {
    let mut out = head(0x40, bytes.len() as u64);
    out.extend_from_slice(bytes);
    out
}

/// An 8-byte real.
pub fn real(v: f64) -> Vec<u8> {
    raw(0x23, &v.to_be_bytes())
}

/// A date, `secs` after 2001.
pub fn date(secs: f64) -> Vec<u8> {
    raw(0x33, &secs.to_be_bytes())
}

/// A collection marker (`0xA0` array, `0xC0` set) and its refs, `ref_size` wide.
pub fn seq(kind: u8, ref_size: u8, refs: &[u64]) -> Vec<u8> {
    let w = ref_size as usize;
    let mut out = head(kind, refs.len() as u64);
    out.reserve(refs.len() * w);
    for &r in refs {
        // Without `uint`'s allocation: this runs ten million times in d31.
        out.extend_from_slice(&(r as u128).to_be_bytes()[16 - w..]);
    }
    out
}

/// An array with 1-byte references.
pub fn array(refs: &[u64]) -> Vec<u8> {
    seq(0xA0, 1, refs)
}

/// A dictionary: all key refs, then all value refs.
pub fn dict_w(ref_size: u8, keys: &[u64], values: &[u64]) -> Vec<u8> {
    assert_eq!(keys.len(), values.len());
    let mut out = head(0xD0, keys.len() as u64);
    for &r in keys.iter().chain(values) {
        out.extend(uint(ref_size as usize, r as u128));
    }
    out
}

/// A dictionary with 1-byte references.
pub fn dict(keys: &[u64], values: &[u64]) -> Vec<u8> {
    dict_w(1, keys, values)
}

/// `obj_k = [obj_{k-1}, obj_{k-1}]` down to `obj_0 = []`, top = `obj_k`: a file of
/// about 3k bytes describing 2^(k+1) - 1 values.
pub fn bomb(k: u64) -> Bplist {
    let mut b = Bplist::new();
    b.push(&array(&[]));
    for i in 1..=k {
        b.push(&array(&[i - 1, i - 1]));
    }
    b.top = k;
    b
}

/// `depth` nested one-element containers with 4-byte refs, top = object 0 and
/// object `i` holding `i + 1`; the innermost is empty. `dict` nests 1-entry
/// dictionaries under the key `"k"` (the last object) instead of arrays.
pub fn chain(depth: u64, dict: bool) -> Bplist {
    let mut b = Bplist::new();
    b.ref_size = 4;
    b.offset_size = 4;
    let key = depth + 1;
    for i in 0..depth {
        if dict {
            b.push(&dict_w(4, &[key], &[i + 1]));
        } else {
            b.push(&seq(0xA0, 4, &[i + 1]));
        }
    }
    b.push(&[if dict { 0xD0 } else { 0xA0 }]);
    if dict {
        b.push(&ascii(b"k"));
    }
    b
}

/// `n` string objects (`marker` `0x5F` ASCII or `0x6F` UTF-16) of `count` bytes
/// or units each, overlapping in one region, as an offset table may place them:
/// each 6-byte header (the marker, a 4-byte count) follows the one before, so a
/// string's payload covers the headers after it, then `filler`, repeated. Object
/// 0, the root, is an array of them all. Every string is a distinct range.
pub fn overlapping_strings(marker: u8, n: u64, count: u32, filler: &[u8]) -> Bplist {
    let mut b = Bplist::new();
    b.ref_size = 3;
    b.offset_size = 4;
    let refs: Vec<u64> = (1..=n).collect();
    b.push(&seq(0xA0, 3, &refs));
    let unit = if marker >> 4 == 0x6 { 2 } else { 1 };
    let mut region = Vec::new();
    for _ in 0..n {
        region.extend_from_slice(&[marker, 0x12]);
        region.extend_from_slice(&count.to_be_bytes());
    }
    let end = region.len() + unit * count as usize;
    while region.len() < end {
        region.extend_from_slice(filler);
    }
    let root = b.offset_of(0);
    let region = b.push(&region);
    let at = b.offset_of(region);
    b.offsets = Some(
        std::iter::once(root)
            .chain((0..n).map(|i| at + 6 * i))
            .collect(),
    );
    b
}
