//! NSKeyedArchiver archives: any input gives `Ok` or `Err`, never a panic, hang or
//! huge allocation; every tree `unarchive` gives that `archive` does not refuse reads
//! back the same, and the lazy view agrees with it. The lazy view refuses what `unarchive`
//! refuses, except past `unarchive`'s budgets: it writes a shared object once, so it
//! may resolve a DAG that `unarchive` cannot copy.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue::archive::{self, Archive};
use plistvalue::{ArchiveErrorKind, ErrorKind};

fuzz_target!(|data: &[u8]| {
    let tree = match archive::unarchive(data) {
        Ok(tree) => tree,
        Err(e) => {
            let budget =
                matches!(e.kind(), ErrorKind::Archive(a) if a.kind == ArchiveErrorKind::Budget);
            assert!(
                budget || Archive::from_slice(data).is_err(),
                "the lazy view read what unarchive refused: {e}"
            );
            return;
        }
    };
    // `archive` refuses one kind of tree `unarchive` gives: a referenced string
    // `"$null"` (an `NSMutableString` holding it), which Foundation reads as nil.
    match archive::archive(&tree) {
        Ok(bytes) => {
            let back = archive::unarchive(&bytes).expect("an archive we wrote unarchives");
            assert_eq!(
                format!("{back:?}"),
                format!("{tree:?}"),
                "archive -> unarchive changed the tree"
            );
        }
        Err(e) => assert!(
            matches!(e.kind(), ErrorKind::Archive(a) if a.kind == ArchiveErrorKind::Refused),
            "archive failed on a resolved tree, other than by refusing it: {e}"
        ),
    }
    let view = Archive::from_slice(data).expect("the lazy view reads what unarchive read");
    let value = view.to_value().expect("the resolved tree decodes");
    assert_eq!(
        format!("{value:?}"),
        format!("{tree:?}"),
        "the lazy view differs"
    );
});
