//! The plist crate's `plist!` and `plist_dict!` literals, which build a
//! `plist::Value` and a `plist::Dictionary`. They are exported under hidden names
//! and re-exported from `plistvalue::plist`, since this crate's root already has a
//! `plist!` (for `PlistValue`).

/// Constructs a `plist::Value` from a JSON-like literal: `[…]` is an array,
/// `{ key: value, … }` a dictionary in that order (keys are anything
/// `Into<String>`), and any other expression goes through `Value::from`.
///
/// ```
/// use plistvalue::plist;
/// let code = 200;
/// let value = plist::plist!({
///     "code": code,
///     "success": code == 200,
///     "payload": { "features": ["serde", "plist",] },
/// });
/// assert_eq!(value.as_dictionary().unwrap()["code"].as_signed_integer(), Some(200));
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __plist_compat_value {
    ($($plist:tt)+) => {
        $crate::__plist_compat_internal!($($plist)+)
    };
}

/// Constructs a `plist::Dictionary` from a JSON-like literal, with or without its
/// outer braces.
///
/// ```
/// use plistvalue::plist;
/// let dict = plist::plist_dict! { "name": "Ada", "langs": ["en", "fr"] };
/// assert_eq!(dict["name"].as_string(), Some("Ada"));
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __plist_compat_dict {
    () => {
        $crate::plist::Dictionary::new()
    };
    ({ $($tt:tt)+ }) => {{
        let mut object = $crate::plist::Dictionary::new();
        $crate::__plist_compat_internal!(@object object () ($($tt)+) ($($tt)+));
        object
    }};
    ($($tt:tt)+) => {{
        let mut object = $crate::plist::Dictionary::new();
        $crate::__plist_compat_internal!(@object object () ($($tt)+) ($($tt)+));
        object
    }};
}

/// The token muncher behind both, in the style of `serde_json::json!`.
#[doc(hidden)]
#[macro_export]
macro_rules! __plist_compat_internal {
    // An array's elements, gathered into `[...]`.
    (@array [$($elems:expr,)*]) => {
        vec![$($elems,)*]
    };
    (@array [$($elems:expr),*]) => {
        vec![$($elems),*]
    };
    (@array [$($elems:expr,)*] true $($rest:tt)*) => {
        $crate::__plist_compat_internal!(@array [$($elems,)* $crate::__plist_compat_internal!(true)] $($rest)*)
    };
    (@array [$($elems:expr,)*] false $($rest:tt)*) => {
        $crate::__plist_compat_internal!(@array [$($elems,)* $crate::__plist_compat_internal!(false)] $($rest)*)
    };
    (@array [$($elems:expr,)*] [$($array:tt)*] $($rest:tt)*) => {
        $crate::__plist_compat_internal!(@array [$($elems,)* $crate::__plist_compat_internal!([$($array)*])] $($rest)*)
    };
    (@array [$($elems:expr,)*] {$($map:tt)*} $($rest:tt)*) => {
        $crate::__plist_compat_internal!(@array [$($elems,)* $crate::__plist_compat_internal!({$($map)*})] $($rest)*)
    };
    (@array [$($elems:expr,)*] $next:expr, $($rest:tt)*) => {
        $crate::__plist_compat_internal!(@array [$($elems,)* $crate::__plist_compat_internal!($next),] $($rest)*)
    };
    (@array [$($elems:expr,)*] $last:expr) => {
        $crate::__plist_compat_internal!(@array [$($elems,)* $crate::__plist_compat_internal!($last)])
    };
    (@array [$($elems:expr),*] , $($rest:tt)*) => {
        $crate::__plist_compat_internal!(@array [$($elems,)*] $($rest)*)
    };
    (@array [$($elems:expr),*] $unexpected:tt $($rest:tt)*) => {
        $crate::__plist_compat_internal!(@unexpected $unexpected)
    };

    // A dictionary's entries, each inserted into `$object` as it is finished:
    // (key tokens so far) (tokens left) (a copy, for error positions).
    (@object $object:ident () () ()) => {};
    (@object $object:ident [$($key:tt)+] ($value:expr) , $($rest:tt)*) => {
        let _ = $object.insert(($($key)+).into(), $value);
        $crate::__plist_compat_internal!(@object $object () ($($rest)*) ($($rest)*));
    };
    (@object $object:ident [$($key:tt)+] ($value:expr) $unexpected:tt $($rest:tt)*) => {
        $crate::__plist_compat_internal!(@unexpected $unexpected);
    };
    (@object $object:ident [$($key:tt)+] ($value:expr)) => {
        let _ = $object.insert(($($key)+).into(), $value);
    };
    (@object $object:ident ($($key:tt)+) (: true $($rest:tt)*) $copy:tt) => {
        $crate::__plist_compat_internal!(@object $object [$($key)+] ($crate::__plist_compat_internal!(true)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: false $($rest:tt)*) $copy:tt) => {
        $crate::__plist_compat_internal!(@object $object [$($key)+] ($crate::__plist_compat_internal!(false)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: [$($array:tt)*] $($rest:tt)*) $copy:tt) => {
        $crate::__plist_compat_internal!(@object $object [$($key)+] ($crate::__plist_compat_internal!([$($array)*])) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: {$($map:tt)*} $($rest:tt)*) $copy:tt) => {
        $crate::__plist_compat_internal!(@object $object [$($key)+] ($crate::__plist_compat_internal!({$($map)*})) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: $value:expr , $($rest:tt)*) $copy:tt) => {
        $crate::__plist_compat_internal!(@object $object [$($key)+] ($crate::__plist_compat_internal!($value)) , $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: $value:expr) $copy:tt) => {
        $crate::__plist_compat_internal!(@object $object [$($key)+] ($crate::__plist_compat_internal!($value)));
    };
    // A key without a value, or without its colon: "unexpected end of macro
    // invocation".
    (@object $object:ident ($($key:tt)+) (:) $copy:tt) => {
        $crate::__plist_compat_internal!();
    };
    (@object $object:ident ($($key:tt)+) () $copy:tt) => {
        $crate::__plist_compat_internal!();
    };
    // A colon or a comma where a key should be: "no rules expected the token".
    (@object $object:ident () (: $($rest:tt)*) ($colon:tt $($copy:tt)*)) => {
        $crate::__plist_compat_internal!(@unexpected $colon);
    };
    (@object $object:ident ($($key:tt)*) (, $($rest:tt)*) ($comma:tt $($copy:tt)*)) => {
        $crate::__plist_compat_internal!(@unexpected $comma);
    };
    (@object $object:ident () (($key:expr) : $($rest:tt)*) $copy:tt) => {
        $crate::__plist_compat_internal!(@object $object ($key) (: $($rest)*) (: $($rest)*));
    };
    (@object $object:ident ($($key:tt)*) ($tt:tt $($rest:tt)*) $copy:tt) => {
        $crate::__plist_compat_internal!(@object $object ($($key)* $tt) ($($rest)*) ($($rest)*));
    };

    (@unexpected) => {};

    // A value.
    (true) => {
        $crate::plist::Value::Boolean(true)
    };
    (false) => {
        $crate::plist::Value::Boolean(false)
    };
    ([]) => {
        $crate::plist::Value::Array(vec![])
    };
    ([ $($tt:tt)+ ]) => {
        $crate::plist::Value::Array($crate::__plist_compat_internal!(@array [] $($tt)+))
    };
    ({}) => {
        $crate::plist::Value::Dictionary($crate::plist::Dictionary::new())
    };
    ({ $($tt:tt)+ }) => {
        $crate::plist::Value::Dictionary({
            let mut object = $crate::plist::Dictionary::new();
            $crate::__plist_compat_internal!(@object object () ($($tt)+) ($($tt)+));
            object
        })
    };
    // Anything `Into<plist::Value>`; must come last.
    ($other:expr) => {
        $crate::plist::Value::from($other)
    };
}
