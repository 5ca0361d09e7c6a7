//! What Xcode's `project.pbxproj` layout needs to know about a project before it is
//! written (`docs/OPENSTEP.md`, section 4): the order of the `objects` section and
//! which objects sit on one line (W12), and the `/* name */` annotation after every
//! object ID (W13), which Xcode derives from the object the ID names and from the
//! objects that refer to it, one of them the project's name (W14).
//!
//! Names are worked out when first asked for and kept, in one buffer. Only a build
//! file's name depends on another object's computed name (its file's); that chain
//! is followed in a loop, and an ID met twice on it names nothing, so no input can
//! make the walk recurse or cycle.
//!
//! Annotations repeat text: every build file's holds its phase's name, and a chain
//! of build files holds its whole length. So that a small project cannot make a
//! huge text, the names kept and the annotations written together stay within a
//! budget of eight times the table's bytes and a megabyte; real projects use a
//! fraction of it.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::HashMap;
use std::fmt::Write as _;

use super::utf8::{object, Texts};
use crate::error::OpenStepError;
use crate::writer::{Encoder, Object};

/// No slot.
const NONE: u32 = u32::MAX;

/// The keys of a project's root that make it one.
const PROJECT_KEYS: [&[u8]; 4] = [
    b"archiveVersion",
    b"objectVersion",
    b"objects",
    b"rootObject",
];

/// Keys whose values (and array items) Xcode writes without an annotation.
pub(crate) const UNANNOTATED_KEYS: [&[u8]; 2] = [b"remoteGlobalIDString", b"TestTargetID"];

/// A build phase's name when it has no `name` of its own.
const PHASE_NAMES: [(&[u8], &str); 9] = [
    (b"PBXSourcesBuildPhase", "Sources"),
    (b"PBXFrameworksBuildPhase", "Frameworks"),
    (b"PBXResourcesBuildPhase", "Resources"),
    (b"PBXHeadersBuildPhase", "Headers"),
    (b"PBXCopyFilesBuildPhase", "CopyFiles"),
    (b"PBXShellScriptBuildPhase", "ShellScript"),
    (b"PBXRezBuildPhase", "Rez"),
    (b"PBXAppleScriptBuildPhase", "AppleScript"),
    (b"PBXJavaArchiveBuildPhase", "JavaArchive"),
];

/// Objects annotated with their own isa.
const ISA_NAMED: [&[u8]; 6] = [
    b"PBXContainerItemProxy",
    b"PBXTargetDependency",
    b"PBXBuildRule",
    b"PBXBuildStyle",
    b"PBXFileSystemSynchronizedBuildFileExceptionSet",
    b"PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet",
];

/// A computed annotation.
#[derive(Clone, Copy, PartialEq)]
enum Name {
    /// Not asked for yet.
    Unknown,
    /// Being worked out: asked for again, it names nothing.
    Busy,
    /// No annotation.
    Nothing,
    /// `names[start..end]`.
    Text(usize, usize),
}

/// One entry of the `objects` dictionary, with the fields the names are made of,
/// read in one pass over its keys (object indices, `NONE` when absent).
struct Slot<'s> {
    id: &'s [u8],
    /// The object (a dictionary, unless the input is odd).
    value: u32,
    /// Its `isa` when that is a string, else empty: its section.
    isa: &'s [u8],
    /// Whether it has an `isa` that is a string: an object without one is named
    /// nothing.
    typed: bool,
    name: u32,
    path: u32,
    /// `fileRef`, else `productRef`.
    file: u32,
}

/// A project tree, analysed for writing.
pub(crate) struct Project<'s> {
    /// The `objects` dictionary's object index.
    objects: u32,
    slots: Vec<Slot<'s>>,
    /// The slot of the object whose ID is string object `i`, at `i`: the table
    /// uniques strings, so an ID and every reference to it are one object.
    by_object: Vec<u32>,
    /// An object ID's text to its slot, for text that is not a string object (a
    /// number written as text) or a table that did not unique it: made when
    /// first needed, which a table of uniqued strings never needs for them.
    ids: OnceCell<HashMap<&'s [u8], u32>>,
    /// Bit `n` set: some ID is `n` bytes long (bit 63: 63 or more), so that most
    /// strings are known not to be IDs without a lookup.
    id_lengths: u64,
    /// Per slot: the build phase listing it, the owner of a configuration list,
    /// the configuration list listing a configuration.
    phase_of: Vec<u32>,
    owner_of: Vec<u32>,
    list_of: Vec<u32>,
    names: Vec<Name>,
    text: String,
    /// A scratch chain of build files.
    chain: Vec<u32>,
    /// [`Project::order`].
    order: Option<Vec<u32>>,
    /// Bytes of annotation text written so far, and what `text` and they may
    /// total.
    spent: usize,
    budget: usize,
    object_version: i128,
    name: Option<&'s str>,
}

/// The value of `key` in dictionary `dict`, if `dict` is one and has it.
fn field(texts: &Texts<'_, '_>, dict: u32, key: &[u8]) -> Option<u32> {
    let Some(Object::Dict { keys, values }) = texts.object(dict) else {
        return None;
    };
    let at = keys.iter().position(|&k| texts.string(k) == Some(key))?;
    Some(values[at])
}

/// The string value of `key` in dictionary `dict`.
fn string<'s>(texts: &'s Texts<'_, '_>, dict: u32, key: &[u8]) -> Option<&'s [u8]> {
    field(texts, dict, key).and_then(|v| texts.string(v))
}

/// The items of an array, or nothing.
fn items<'s>(texts: &'s Texts<'_, '_>, v: Option<u32>) -> &'s [u32] {
    match v.and_then(|v| texts.object(v)) {
        Some(Object::Array(items)) => items,
        _ => &[],
    }
}

/// `objectVersion`'s number, as Python's `int()` reads the text (surrounding
/// whitespace and a sign allowed), or 0.
fn version(texts: &Texts<'_, '_>, v: Option<u32>) -> i128 {
    let Some(v) = v else { return 0 };
    if let Some(Object::Integer(i)) = texts.object(v) {
        return i.as_i128();
    }
    texts
        .string(v)
        .and_then(|t| std::str::from_utf8(t).ok())
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(0)
}

/// Whether `root` is an Xcode project: a dictionary with `archiveVersion`,
/// `objectVersion`, `objects` (a dictionary) and `rootObject`. Those keys are
/// ASCII, which the table keeps as it is: no text needs converting to tell.
pub(crate) fn is_project(enc: &Encoder<'_>, root: u32) -> bool {
    let Some(Object::Dict { keys, values }) = object(enc, root) else {
        return false;
    };
    let get = |name: &[u8]| {
        let at = keys
            .iter()
            .position(|&k| object(enc, k) == Some(Object::Ascii(name)))?;
        Some(values[at])
    };
    PROJECT_KEYS.iter().all(|k| get(k).is_some())
        && matches!(
            get(b"objects").and_then(|o| object(enc, o)),
            Some(Object::Dict { .. })
        )
}

impl<'s> Project<'s> {
    /// Analyses the project whose root is `root` ([`is_project`] said it is one).
    pub(crate) fn new(
        texts: &'s Texts<'_, '_>,
        root: u32,
        project_name: Option<&'s str>,
        table_bytes: u64,
    ) -> Project<'s> {
        let objects = field(texts, root, b"objects").unwrap_or(NONE);
        let (keys, values) = match texts.object(objects) {
            Some(Object::Dict { keys, values }) => (keys, values),
            _ => (&[][..], &[][..]),
        };
        let mut slots = Vec::with_capacity(keys.len());
        let mut by_object = vec![NONE; texts.object_count()];
        let mut id_lengths = 0u64;
        for (&k, &v) in keys.iter().zip(values) {
            // A key that is not a string is the writer's error, at its place.
            let id = texts.string(k).unwrap_or_default();
            if let Some(at) = by_object.get_mut(k as usize) {
                set_once(at, slots.len());
            }
            id_lengths |= 1 << id.len().min(63);
            slots.push(Slot {
                id,
                value: v,
                isa: &[],
                typed: false,
                name: NONE,
                path: NONE,
                file: NONE,
            });
        }
        let n = slots.len();
        let mut p = Project {
            objects,
            slots,
            by_object,
            ids: OnceCell::new(),
            id_lengths,
            phase_of: vec![NONE; n],
            owner_of: vec![NONE; n],
            list_of: vec![NONE; n],
            names: vec![Name::Unknown; n],
            text: String::new(),
            chain: Vec::new(),
            order: None,
            spent: 0,
            budget: usize::try_from(table_bytes.saturating_mul(8))
                .unwrap_or(usize::MAX)
                .saturating_add(1 << 20),
            object_version: version(texts, field(texts, root, b"objectVersion")),
            name: project_name,
        };
        p.link(texts);
        p
    }

    /// Reads each object's fields, then who refers to whom, the first referrer in
    /// the order the objects are written winning (in every file Xcode wrote, the
    /// file's order; in a tree built in another order, the result does not depend
    /// on it, so the text read back is written again unchanged): build phases list
    /// build files, targets and projects own configuration lists, lists list
    /// configurations.
    fn link(&mut self, texts: &'s Texts<'_, '_>) {
        let mut refs = Vec::with_capacity(self.slots.len());
        for slot in &mut self.slots {
            let mut found = [NONE; 4];
            if let Some(Object::Dict { keys, values }) = texts.object(slot.value) {
                for (&k, &v) in keys.iter().zip(values) {
                    match texts.string(k).unwrap_or_default() {
                        b"isa" => {
                            if let Some(isa) = texts.string(v) {
                                (slot.isa, slot.typed) = (isa, true);
                            }
                        }
                        b"name" => slot.name = v,
                        b"path" => slot.path = v,
                        b"fileRef" => slot.file = v,
                        b"productRef" => found[0] = v,
                        b"files" => found[1] = v,
                        b"buildConfigurationList" => found[2] = v,
                        b"buildConfigurations" => found[3] = v,
                        _ => {}
                    }
                }
            }
            if slot.file == NONE {
                slot.file = found[0];
            }
            refs.push([found[1], found[2], found[3]]);
        }
        self.order = self.section_order();
        for i in 0..self.slots.len() {
            let s = self.order.as_ref().map_or(i, |o| o[i] as usize);
            let [files, list, configs] = refs[s];
            let isa = self.slots[s].isa;
            if isa.ends_with(b"BuildPhase") {
                for &f in items(texts, Some(files)) {
                    if let Some(f) = self.slot_of(texts, f) {
                        set_once(&mut self.phase_of[f], s);
                    }
                }
            }
            if let Some(list) = self.slot_of(texts, list) {
                set_once(&mut self.owner_of[list], s);
            }
            if isa == b"XCConfigurationList" {
                for &c in items(texts, Some(configs)) {
                    if let Some(c) = self.slot_of(texts, c) {
                        set_once(&mut self.list_of[c], s);
                    }
                }
            }
        }
    }

    /// The slot of the object whose ID is string object `i`.
    fn slot_of(&self, texts: &Texts<'_, '_>, i: u32) -> Option<usize> {
        match self.by_object.get(i as usize) {
            Some(&s) if s != NONE => Some(s as usize),
            _ => self.lookup(texts.string(i)?),
        }
    }

    /// The slot of the object whose ID is `id`.
    fn lookup(&self, id: &[u8]) -> Option<usize> {
        if self.id_lengths & 1 << id.len().min(63) == 0 {
            return None;
        }
        let ids = self.ids.get_or_init(|| {
            let mut ids = HashMap::with_capacity(self.slots.len());
            for (i, s) in self.slots.iter().enumerate() {
                ids.entry(s.id).or_insert(i as u32);
            }
            ids
        });
        ids.get(id).map(|&s| s as usize)
    }

    /// The `objects` dictionary's object index.
    pub(crate) fn objects(&self) -> u32 {
        self.objects
    }

    /// The `objects` section's order: entry positions grouped by isa, the groups
    /// and the IDs in each in code-point order; `None` when the entries are in that
    /// order already, as in every file Xcode wrote.
    pub(crate) fn order(&self) -> Option<&[u32]> {
        self.order.as_deref()
    }

    /// Works out [`Project::order`].
    fn section_order(&self) -> Option<Vec<u32>> {
        let key = |s: &Slot<'s>| (s.isa, s.id);
        if self.slots.windows(2).all(|w| key(&w[0]) <= key(&w[1])) {
            return None;
        }
        // The isas are few: sort those, then compare the objects by their isa's
        // rank and their ID.
        let mut isas: Vec<&[u8]> = self.slots.iter().map(|s| s.isa).collect();
        isas.sort_unstable();
        isas.dedup();
        let rank = |isa| isas.binary_search(&isa).unwrap_or(0) as u32;
        let mut order: Vec<(u32, &[u8], u32)> = self
            .slots
            .iter()
            .enumerate()
            .map(|(i, s)| (rank(s.isa), s.id, i as u32))
            .collect();
        order.sort_unstable();
        Some(order.into_iter().map(|o| o.2).collect())
    }

    /// The isa of entry `entry` of `objects`: its section's name.
    pub(crate) fn isa(&self, entry: u32) -> &'s [u8] {
        self.slots[entry as usize].isa
    }

    /// Whether entry `entry` of `objects` is written on one line: build files,
    /// file references, and the synchronized groups of the Xcode 16 betas, which
    /// carry `explicitFileTypes` or `explicitFolders`.
    pub(crate) fn one_line(&self, texts: &Texts<'_, '_>, entry: u32) -> bool {
        let slot = &self.slots[entry as usize];
        match slot.isa {
            b"PBXBuildFile" | b"PBXFileReference" => true,
            b"PBXFileSystemSynchronizedRootGroup" => {
                field(texts, slot.value, b"explicitFileTypes").is_some()
                    || field(texts, slot.value, b"explicitFolders").is_some()
            }
            _ => false,
        }
    }

    /// The annotation after `text`, the text of object `obj` (`None` for a
    /// number's text), where it stands for an object ID: the name of the object,
    /// or `None` when `text` is no object's ID or the object has no name.
    ///
    /// # Errors
    /// When the annotations outgrow their budget.
    pub(crate) fn annotation(
        &mut self,
        texts: &Texts<'_, '_>,
        obj: Option<u32>,
        text: &[u8],
    ) -> Result<Option<&str>, OpenStepError> {
        let slot = match obj.and_then(|i| self.by_object.get(i as usize)) {
            Some(&s) if s != NONE => Some(s as usize),
            _ => self.lookup(text),
        };
        let Some(slot) = slot else {
            return Ok(None);
        };
        let name = self.name(texts, slot);
        if let Name::Text(start, end) = name {
            self.spent += end - start;
        }
        if self.over_budget() {
            return Err(OpenStepError::AnnotationBudget);
        }
        Ok(match name {
            Name::Text(start, end) => Some(&self.text[start..end]),
            _ => None,
        })
    }

    fn over_budget(&self) -> bool {
        self.text.len().saturating_add(self.spent) > self.budget
    }

    /// The name of the object in `slot`, worked out once.
    fn name(&mut self, texts: &Texts<'_, '_>, slot: usize) -> Name {
        match self.names[slot] {
            Name::Unknown => {}
            Name::Busy => return Name::Nothing,
            known => return known,
        }
        if self.slots[slot].isa != b"PBXBuildFile" {
            let name = self.plain_name(texts, slot);
            self.names[slot] = name;
            return name;
        }
        // "<file's name> in <phase's name>", where the file may be a build file
        // again: follow the chain to its end, then name it from there back.
        let mut chain = std::mem::take(&mut self.chain);
        let mut file = Name::Nothing;
        let mut at = slot;
        loop {
            self.names[at] = Name::Busy;
            chain.push(at as u32);
            let target = self.slot_of(texts, self.slots[at].file);
            let Some(target) = target else { break };
            match self.names[target] {
                Name::Unknown if self.slots[target].isa == b"PBXBuildFile" => at = target,
                Name::Unknown => {
                    file = self.plain_name(texts, target);
                    self.names[target] = file;
                    break;
                }
                Name::Busy => break,
                known => {
                    file = known;
                    break;
                }
            }
        }
        while let Some(at) = chain.pop() {
            let at = at as usize;
            if self.over_budget() {
                // The caller reports it; what is left of the chain stays unnamed.
                self.names[at] = Name::Nothing;
                continue;
            }
            let phase = match self.phase_of[at] {
                NONE => Name::Nothing,
                p => self.name(texts, p as usize),
            };
            let start = self.text.len();
            self.push_or_null(file);
            self.text.push_str(" in ");
            self.push_or_null(phase);
            file = Name::Text(start, self.text.len());
            self.names[at] = file;
        }
        self.chain = chain;
        file
    }

    /// A name's text, or `(null)` when there is none or it is empty, as Xcode
    /// writes a build file whose file or phase is missing.
    fn push_or_null(&mut self, name: Name) {
        match name {
            Name::Text(start, end) if start < end => self.text.extend_from_within(start..end),
            _ => self.text.push_str("(null)"),
        }
    }

    /// The name of any object but a build file: it depends only on the object's
    /// own fields and on the fields of the object that owns it.
    fn plain_name(&mut self, texts: &Texts<'_, '_>, slot: usize) -> Name {
        let start = self.text.len();
        if self.push_plain_name(texts, slot).is_some() {
            Name::Text(start, self.text.len())
        } else {
            self.text.truncate(start);
            Name::Nothing
        }
    }

    /// Appends [`Project::plain_name`]'s text; `None` when there is none.
    fn push_plain_name(&mut self, texts: &Texts<'_, '_>, slot: usize) -> Option<()> {
        let Slot {
            value,
            isa,
            typed,
            name,
            path,
            ..
        } = self.slots[slot];
        if !typed {
            return None;
        }
        let own = |key: &[u8]| string(texts, value, key).map(lossy);
        let text = |v: u32| texts.string(v).map(lossy);
        match isa {
            b"PBXProject" => self.text.push_str("Project object"),
            b"XCConfigurationList" => {
                self.text.push_str("Build configuration list for ");
                match self.owner_of[slot] {
                    NONE => self.text.push_str("(null)"),
                    owner => self.push_owner(texts, owner as usize),
                }
            }
            b"XCBuildConfiguration" => {
                self.text.push_str(&text(name)?);
                // Xcode 26 (objectVersion 90) names the configuration's owner too.
                let list = self.list_of[slot];
                if self.object_version >= 90 && list != NONE {
                    let owner = self.owner_of[list as usize];
                    if owner != NONE {
                        self.text.push_str(" configuration for ");
                        self.push_owner(texts, owner as usize);
                    }
                }
            }
            b"XCRemoteSwiftPackageReference" => {
                let url = own(b"repositoryURL").unwrap_or_default();
                let last = url.trim_end_matches('/').rsplit('/').next().unwrap_or("");
                let last = last.strip_suffix(".git").unwrap_or(last);
                let _ = write!(self.text, "XCRemoteSwiftPackageReference \"{last}\"");
            }
            b"XCLocalSwiftPackageReference" => {
                let path = own(b"relativePath").unwrap_or_default();
                let _ = write!(self.text, "XCLocalSwiftPackageReference \"{path}\"");
            }
            b"XCSwiftPackageProductDependency" => self.text.push_str(&own(b"productName")?),
            _ if ISA_NAMED.contains(&isa) => self.text.push_str(&lossy(isa)),
            _ if isa.ends_with(b"BuildPhase") => match text(name) {
                Some(name) => self.text.push_str(&name),
                None => match PHASE_NAMES.iter().find(|p| p.0 == isa) {
                    Some(p) => self.text.push_str(p.1),
                    None => self.text.push_str(&lossy(isa)),
                },
            },
            _ => self.text.push_str(&text(name).or_else(|| text(path))?),
        }
        Some(())
    }

    /// `<isa> "<name>"` of the object that owns a configuration list: a project's
    /// name is its `.xcodeproj` folder's, which the file does not hold.
    fn push_owner(&mut self, texts: &Texts<'_, '_>, owner: usize) {
        let Slot {
            isa, typed, name, ..
        } = self.slots[owner];
        let name = if isa == b"PBXProject" {
            self.name.map(Cow::Borrowed)
        } else {
            texts.string(name).map(lossy)
        };
        // Python's text for a missing isa, as the model writes it.
        let isa = if typed {
            lossy(isa)
        } else {
            Cow::Borrowed("None")
        };
        let _ = write!(
            self.text,
            "{isa} \"{}\"",
            name.as_deref().unwrap_or("(null)")
        );
    }
}

/// Sets a link the first time only.
fn set_once(link: &mut u32, to: usize) {
    if *link == NONE {
        *link = to as u32;
    }
}

/// Text the table holds as UTF-8.
fn lossy(b: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(b)
}

/// The project name an Xcode-written file states in the annotation of the
/// project's configuration list: `Build configuration list for PBXProject "NAME"`.
/// Searched from the end: the list's own entry is in one of the last sections.
pub(crate) fn project_name_in(text: &[u8]) -> Option<String> {
    const MARK: &[u8] = b"Build configuration list for PBXProject \"";
    let start = rfind(text, MARK)? + MARK.len();
    let rest = &text[start..];
    let len = rest.windows(4).position(|w| w == b"\" */")?;
    String::from_utf8(rest[..len].to_vec()).ok()
}

/// The name of the project whose file is at `path`: `NAME` of its folder
/// `NAME.xcodeproj`, which is where Xcode keeps `project.pbxproj`.
pub(crate) fn project_name_of_path(path: &std::path::Path) -> Option<&str> {
    let folder = path.parent()?.file_name()?.to_str()?;
    folder.strip_suffix(".xcodeproj").filter(|n| !n.is_empty())
}

/// Where `needle` last occurs in `hay`.
fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let mut end = hay.len();
    while let Some(at) = hay[..end].iter().rposition(|&c| c == first) {
        if hay[at + 1..].starts_with(rest) {
            return Some(at);
        }
        end = at;
    }
    None
}
