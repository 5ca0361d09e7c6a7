//! The recipes of docs/ARCHIVE.md ("Recipes for Foundation classes"): each tree is
//! written as Foundation's `NSKeyedArchiver` writes that class (collection members as
//! references to `$objects` entries, the class dictionary as given) and reads back as
//! the page says. And the one shape Foundation never writes, an inline array holding
//! scalars, keeps its round trip through `$inlineElements`.

use plistvalue::archive::{archive, unarchive};
use plistvalue::{plist, ArchiveErrorKind, ErrorKind, PlistValue};

/// The archive's `$objects` and the object `$top.root` names.
fn raw(bytes: &[u8]) -> (Vec<PlistValue>, usize) {
    let plist: PlistValue = plistvalue::from_slice(bytes).unwrap();
    let objects = plist["$objects"].as_array().unwrap().clone();
    let root = plist["$top"]["root"].as_uid().unwrap().get() as usize;
    (objects, root)
}

/// The entry a UID names.
fn at<'a>(objects: &'a [PlistValue], uid: &PlistValue) -> &'a PlistValue {
    let uid = uid
        .as_uid()
        .unwrap_or_else(|| panic!("{uid:?} is no reference"));
    &objects[uid.get() as usize]
}

/// The class dictionary of an object entry.
fn class_of<'a>(objects: &'a [PlistValue], object: &PlistValue) -> &'a PlistValue {
    at(objects, &object["$class"])
}

/// The collection recipes: the generic form of a Foundation collection, its members
/// under `NS.objects` (and `NS.keys`) listed in `$inline`.
#[test]
fn collection_recipes_write_references_and_read_back_native() {
    let set = plist!({
        "$class": "NSMutableSet",
        "$classes": ["NSMutableSet", "NSSet", "NSObject"],
        "$inline": ["NS.objects"],
        "NS.objects": [1, 2]
    });
    let immutable_set = plist!({
        "$class": "NSSet",
        "$classes": ["NSSet", "NSObject"],
        "$inline": ["NS.objects"],
        "NS.objects": ["a", { "k": "v" }]
    });
    let array = plist!({
        "$class": "NSMutableArray",
        "$classes": ["NSMutableArray", "NSArray", "NSObject"],
        "$inline": ["NS.objects"],
        "NS.objects": ["x", 2.5, true]
    });
    let dictionary = plist!({
        "$class": "NSMutableDictionary",
        "$classes": ["NSMutableDictionary", "NSDictionary", "NSObject"],
        "$inline": ["NS.keys", "NS.objects"],
        "NS.keys": ["a", "b"],
        "NS.objects": [1, 2]
    });
    let cases = [
        (set, plist!([1, 2]), &["NS.objects"][..]),
        (
            immutable_set,
            plist!(["a", { "k": "v" }]),
            &["NS.objects"][..],
        ),
        (array, plist!(["x", 2.5, true]), &["NS.objects"][..]),
        (
            dictionary,
            plist!({ "a": 1, "b": 2 }),
            &["NS.keys", "NS.objects"][..],
        ),
    ];
    for (recipe, reads_back, members) in cases {
        let bytes = archive(&recipe).unwrap();
        let (objects, root) = raw(&bytes);
        let object = &objects[root];
        // Foundation's `_encodeArrayOfObjects`: an inline array of references, each
        // to its own `$objects` entry.
        for field in members {
            let refs = object[*field].as_array().unwrap();
            assert_eq!(refs.len(), recipe[*field].as_array().unwrap().len());
            for r in refs {
                assert!(r.as_uid().is_some(), "{field} of {recipe:?} holds {r:?}");
            }
        }
        let class = class_of(&objects, object);
        assert_eq!(class["$classname"], recipe["$class"]);
        assert_eq!(class["$classes"], recipe["$classes"]);
        assert_eq!(
            unarchive(&bytes).unwrap(),
            reads_back,
            "{recipe:?} reads back"
        );
    }
}

/// The members are shared as Foundation shares them: equal raw values once, each
/// member its own entry.
#[test]
fn the_set_recipe_numbers_its_members_as_foundation_does() {
    let set = plist!({
        "$class": "NSMutableSet",
        "$classes": ["NSMutableSet", "NSSet", "NSObject"],
        "$inline": ["NS.objects"],
        "NS.objects": [1, 2]
    });
    let (objects, root) = raw(&archive(&set).unwrap());
    let uid = |n| PlistValue::Uid(plistvalue::Uid::new(n));
    assert_eq!(root, 1);
    assert_eq!(
        PlistValue::from(objects),
        plist!([
            "$null",
            { "NS.objects": [(uid(2)), (uid(3))], "$class": (uid(4)) },
            1,
            2,
            {
                "$classname": "NSMutableSet",
                "$classes": ["NSMutableSet", "NSSet", "NSObject"]
            }
        ])
    );
}

/// The leaf recipes: a mutable string, mutable data and an ordered set read back as
/// the plain value; the classes with no plain value keep their generic form.
#[test]
fn leaf_and_ordered_set_recipes_read_back_as_documented() {
    let string = plist!({
        "$class": "NSMutableString",
        "$classes": ["NSMutableString", "NSString", "NSObject"],
        "$inline": ["NS.string"],
        "NS.string": "text"
    });
    let data = plist!({
        "$class": "NSMutableData",
        "$classes": ["NSMutableData", "NSData", "NSObject"],
        "$inline": ["NS.data"],
        "NS.data": (PlistValue::Data(vec![1, 2, 3]))
    });
    let ordered = plist!({
        "$class": "NSOrderedSet",
        "$classes": ["NSOrderedSet", "NSObject"],
        "NS.object.0": "a",
        "NS.object.1": "b"
    });
    let uuid = plist!({
        "$class": "NSUUID",
        "$classes": ["NSUUID", "NSObject"],
        "$inline": ["NS.uuidbytes"],
        "NS.uuidbytes": (PlistValue::Data((0..16).collect()))
    });
    let url = plist!({
        "$class": "NSURL",
        "$classes": ["NSURL", "NSObject"],
        "NS.relative": "https://example.com/"
    });
    let cases = [
        (string, plist!("text")),
        (data, PlistValue::Data(vec![1, 2, 3])),
        (ordered, plist!(["a", "b"])),
        (uuid.clone(), uuid),
        (url.clone(), url),
    ];
    for (recipe, reads_back) in cases {
        let bytes = archive(&recipe).unwrap();
        let (objects, root) = raw(&bytes);
        let object = &objects[root];
        for (k, v) in recipe.as_dictionary().unwrap() {
            if k.starts_with('$') {
                continue;
            }
            let inline = recipe["$inline"]
                .as_array()
                .is_some_and(|l| l.contains(&PlistValue::from(k.as_str())));
            if inline {
                assert_eq!(&object[k.as_str()], v, "{k} is stored inline");
            } else {
                assert_eq!(at(&objects, &object[k.as_str()]), v, "{k} is a reference");
            }
        }
        assert_eq!(class_of(&objects, object)["$classes"], recipe["$classes"]);
        let back = unarchive(&bytes).unwrap();
        assert_eq!(back, reads_back, "{recipe:?}");
        assert_eq!(format!("{back:?}"), format!("{reads_back:?}"), "key order");
    }
}

/// An `NSArray` whose `NS.objects` mixes a reference and an inline scalar, which no
/// Foundation writes: `unarchive` names the array in `$inlineElements`, and `archive`
/// keeps its scalars inline, so it reads back the same tree, generic as it came.
/// Without `$inlineElements` the same tree is the recipe, written with references.
#[test]
fn an_inline_array_holding_scalars_round_trips_through_inline_elements() {
    let mixed = plist!({
        "$class": "NSArray",
        "$classes": ["NSArray", "NSObject"],
        "$inline": ["NS.objects"],
        "$inlineElements": ["NS.objects"],
        "NS.objects": ["x", 5]
    });
    let bytes = archive(&mixed).unwrap();
    let (objects, root) = raw(&bytes);
    assert_eq!(objects[root]["NS.objects"], plist!(["x", 5]));
    let back = unarchive(&bytes).unwrap();
    assert_eq!(format!("{back:?}"), format!("{mixed:?}"));

    let mut recipe = mixed.clone();
    recipe
        .as_dictionary_mut()
        .unwrap()
        .remove("$inlineElements");
    assert_eq!(
        unarchive(&archive(&recipe).unwrap()).unwrap(),
        plist!(["x", 5])
    );

    // A custom class's inline array keeps a `"$null"` string inline, where a reference
    // to it would read back as nil.
    let custom = plist!({
        "$class": "Thing",
        "$inline": ["list"],
        "$inlineElements": ["list"],
        "list": ["$null", { "k": 1 }]
    });
    let bytes = archive(&custom).unwrap();
    let (objects, root) = raw(&bytes);
    let list = objects[root]["list"].as_array().unwrap();
    assert_eq!(list[0], plist!("$null"));
    assert!(list[1].as_uid().is_some(), "a container stays a reference");
    let back = unarchive(&bytes).unwrap();
    assert_eq!(format!("{back:?}"), format!("{custom:?}"));
}

/// `$inlineElements` names inline arrays that hold a scalar, or nothing is written.
#[test]
fn inline_elements_must_name_inline_arrays_holding_scalars() {
    let refused = [
        // Not listed in `$inline`.
        plist!({ "$class": "T", "$inlineElements": ["f"], "f": [1] }),
        // Not an array.
        plist!({ "$class": "T", "$inline": ["f"], "$inlineElements": ["f"], "f": 1 }),
        // An array of containers only: written as references, it would read back
        // without `$inlineElements`.
        plist!({ "$class": "T", "$inline": ["f"], "$inlineElements": ["f"], "f": [[1]] }),
        // Twice.
        plist!({ "$class": "T", "$inline": ["f"], "$inlineElements": ["f", "f"], "f": [1] }),
        // Not strings.
        plist!({ "$class": "T", "$inline": ["f"], "$inlineElements": [1], "f": [1] }),
    ];
    for tree in refused {
        let e = archive(&tree).unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::Archive(a) if a.kind == ArchiveErrorKind::Refused),
            "{tree:?}: {e}"
        );
    }
}
