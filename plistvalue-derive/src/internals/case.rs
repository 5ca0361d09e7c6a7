//! `rename_all` rules. Field names are taken to be `snake_case` and variant names
//! Pascal, as rustc's lints expect; Info.plist keys are Pascal.

use self::RenameRule::{Camel, Kebab, Lower, Pascal, ScreamingKebab, ScreamingSnake, Snake, Upper};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

const RULES: &[(&str, RenameRule)] = &[
    ("lowercase", Lower),
    ("UPPERCASE", Upper),
    ("PascalCase", Pascal),
    ("camelCase", Camel),
    ("snake_case", Snake),
    ("SCREAMING_SNAKE_CASE", ScreamingSnake),
    ("kebab-case", Kebab),
    ("SCREAMING-KEBAB-CASE", ScreamingKebab),
];

impl RenameRule {
    /// The rule named `name`, or an error message listing the names.
    pub(crate) fn from_name(name: &str) -> Result<RenameRule, String> {
        RULES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, rule)| rule)
            .ok_or_else(|| {
                let names: Vec<String> = RULES.iter().map(|(n, _)| format!("\"{n}\"")).collect();
                format!(
                    "unknown rename_all rule \"{name}\"; expected one of {}",
                    names.join(", ")
                )
            })
    }

    /// Renames a Pascal variant.
    pub(crate) fn apply_to_variant(self, variant: &str) -> String {
        match self {
            Pascal => variant.to_owned(),
            Lower => variant.to_ascii_lowercase(),
            Upper => variant.to_ascii_uppercase(),
            Camel => {
                let mut chars = variant.chars();
                match chars.next() {
                    Some(first) => first.to_lowercase().chain(chars).collect(),
                    None => String::new(),
                }
            }
            Snake => {
                let mut out = String::new();
                for (i, ch) in variant.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        out.push('_');
                    }
                    out.extend(ch.to_lowercase());
                }
                out
            }
            ScreamingSnake => Snake.apply_to_variant(variant).to_ascii_uppercase(),
            Kebab => Snake.apply_to_variant(variant).replace('_', "-"),
            ScreamingKebab => ScreamingSnake.apply_to_variant(variant).replace('_', "-"),
        }
    }

    /// Renames a `snake_case` field.
    pub(crate) fn apply_to_field(self, field: &str) -> String {
        match self {
            Lower | Snake => field.to_owned(),
            Upper | ScreamingSnake => field.to_ascii_uppercase(),
            Pascal => {
                let mut out = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        out.extend(ch.to_uppercase());
                        capitalize = false;
                    } else {
                        out.push(ch);
                    }
                }
                out
            }
            Camel => {
                let pascal = Pascal.apply_to_field(field);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_lowercase().chain(chars).collect(),
                    None => String::new(),
                }
            }
            Kebab => field.replace('_', "-"),
            ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants() {
        let cases = [
            (Pascal, "VeryTasty"),
            (Lower, "verytasty"),
            (Upper, "VERYTASTY"),
            (Camel, "veryTasty"),
            (Snake, "very_tasty"),
            (ScreamingSnake, "VERY_TASTY"),
            (Kebab, "very-tasty"),
            (ScreamingKebab, "VERY-TASTY"),
        ];
        for (rule, want) in cases {
            assert_eq!(rule.apply_to_variant("VeryTasty"), want, "{rule:?}");
        }
    }

    #[test]
    fn fields() {
        let cases = [
            (Pascal, "CfBundleName"),
            (Lower, "cf_bundle_name"),
            (Upper, "CF_BUNDLE_NAME"),
            (Camel, "cfBundleName"),
            (Snake, "cf_bundle_name"),
            (ScreamingSnake, "CF_BUNDLE_NAME"),
            (Kebab, "cf-bundle-name"),
            (ScreamingKebab, "CF-BUNDLE-NAME"),
        ];
        for (rule, want) in cases {
            assert_eq!(rule.apply_to_field("cf_bundle_name"), want, "{rule:?}");
        }
    }

    #[test]
    fn unknown_rule_lists_the_names() {
        let err = RenameRule::from_name("Pascal").unwrap_err();
        assert!(err.contains("\"Pascal\""), "{err}");
    }
}
