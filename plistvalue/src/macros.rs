//! `plist!`, a literal syntax for `PlistValue`s like `serde_json::json!`.

/// Builds a [`PlistValue`](crate::PlistValue) from a JSON-like literal. Values are
/// expressions convertible with `PlistValue::from`; `[...]` is an array,
/// `{ "key": value, ... }` a dictionary, whose keys keep their order, and `null` the
/// `0x00` object, [`PlistValue::Null`](crate::PlistValue::Null).
///
/// ```
/// use plistvalue::plist;
/// let n = 3;
/// let v = plist!({ "a": [1, "two", { "three": n }], "b": 2.5, "c": [] });
/// assert_eq!(v["a"][2]["three"].as_i64(), Some(3));
/// ```
#[macro_export]
macro_rules! plist {
    (null) => {
        $crate::PlistValue::Null
    };
    ([ $($tt:tt)* ]) => {
        $crate::PlistValue::Array($crate::Array::from($crate::__plist_array!([] $($tt)*)))
    };
    ({ $($tt:tt)* }) => {
        $crate::PlistValue::Dictionary({
            #[allow(unused_mut)]
            let mut d = $crate::Dictionary::new();
            $crate::__plist_dict!(d $($tt)*);
            d
        })
    };
    ($e:expr) => {
        $crate::PlistValue::from($e)
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __plist_array {
    ([ $($done:expr,)* ]) => { vec![$($done,)*] };
    ([ $($done:expr,)* ] null $(, $($rest:tt)*)?) => {
        $crate::__plist_array!([ $($done,)* $crate::PlistValue::Null, ] $($($rest)*)?)
    };
    ([ $($done:expr,)* ] [ $($inner:tt)* ] $(, $($rest:tt)*)?) => {
        $crate::__plist_array!([ $($done,)* $crate::plist!([ $($inner)* ]), ] $($($rest)*)?)
    };
    ([ $($done:expr,)* ] { $($inner:tt)* } $(, $($rest:tt)*)?) => {
        $crate::__plist_array!([ $($done,)* $crate::plist!({ $($inner)* }), ] $($($rest)*)?)
    };
    ([ $($done:expr,)* ] $next:expr $(, $($rest:tt)*)?) => {
        $crate::__plist_array!([ $($done,)* $crate::plist!($next), ] $($($rest)*)?)
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __plist_dict {
    ($d:ident) => {};
    ($d:ident $key:tt : null $(, $($rest:tt)*)?) => {
        $d.insert($key, $crate::PlistValue::Null);
        $crate::__plist_dict!($d $($($rest)*)?);
    };
    ($d:ident $key:tt : [ $($inner:tt)* ] $(, $($rest:tt)*)?) => {
        $d.insert($key, $crate::plist!([ $($inner)* ]));
        $crate::__plist_dict!($d $($($rest)*)?);
    };
    ($d:ident $key:tt : { $($inner:tt)* } $(, $($rest:tt)*)?) => {
        $d.insert($key, $crate::plist!({ $($inner)* }));
        $crate::__plist_dict!($d $($($rest)*)?);
    };
    ($d:ident $key:tt : $value:expr $(, $($rest:tt)*)?) => {
        $d.insert($key, $crate::plist!($value));
        $crate::__plist_dict!($d $($($rest)*)?);
    };
}
