//! The machinery behind the option table in [`crate::rules`]: the kinds of
//! option values ([`OptionKind`]), one option's description ([`OptionDef`],
//! the schema), and how each value type is read from and written as text.
//!
//! Nothing here names an option: the table in `rules/mod.rs` does, once.

/// What values an option takes. With the `serde` feature it serializes as
/// `{"type": "int", "min": 1, "max": 50}` and the like (see [`OptionDef`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OptionKind {
    /// `true` or `false`.
    Bool,
    /// A whole number from `min` to `max`, written in decimal digits.
    Int {
        /// Smallest value.
        min: i32,
        /// Largest value.
        max: i32,
    },
    /// A whole number from `min` to `max`, or `none` (for `target`: a single
    /// round; for `timer`: no timer).
    IntOrNone {
        /// Smallest value.
        min: i32,
        /// Largest value.
        max: i32,
    },
    /// One of these names.
    Choice {
        /// The names, in the order the rules document lists them.
        values: &'static [&'static str],
    },
    /// `MIN-MAX` with `min <= MIN` and `MAX <= max` (for `players`).
    Range {
        /// Smallest bound.
        min: u8,
        /// Largest bound.
        max: u8,
    },
    /// `len` whole numbers from `min` to `max`, separated by spaces.
    List {
        /// How many numbers.
        len: usize,
        /// Smallest number.
        min: i32,
        /// Largest number.
        max: i32,
    },
}

impl OptionKind {
    /// What a value of this kind looks like, in English (for error messages).
    pub fn expected(&self) -> String {
        match *self {
            OptionKind::Bool => "true or false".into(),
            OptionKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            OptionKind::IntOrNone { min, max } => {
                format!("a whole number from {min} to {max}, or none")
            }
            OptionKind::Choice { values } => match values {
                [] => "nothing".into(),
                [one] => (*one).into(),
                [init @ .., last] => format!("{} or {last}", init.join(", ")),
            },
            OptionKind::Range { min, max } => format!("MIN-MAX within {min}-{max}, like {min}-{}", max.min(min + 2)),
            OptionKind::List { len, min, max } => {
                format!("{len} whole numbers from {min} to {max}, separated by spaces")
            }
        }
    }
}

/// One option: its name, the values it takes, its translation key and (in
/// the schema) each preset's value.
///
/// With the `serde` feature it serializes as
/// `{"name": "max_draws", "kind": {"type": "int", "min": 1, "max": 50},
/// "help": "opt.max_draws", "defaults": {"goliath": "3", "pressman": "3",
/// "dominos-triangles": "1"}}`. Every value is the option's text as written
/// in rules files and records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "OptionDefWire"))]
pub struct OptionDef {
    /// The name in rules files, records and the API (`max_draws`).
    pub name: &'static str,
    /// The values it takes.
    pub kind: OptionKind,
    /// The translation key of its label (`opt.max_draws`); the help text is
    /// under the same key plus `.help`.
    pub help: &'static str,
}

/// The serde form of [`OptionDef`], for its TypeScript declaration.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "OptionDef")]
pub struct OptionDefWire {
    /// The name.
    pub name: String,
    /// The values it takes.
    pub kind: OptionKind,
    /// The translation key of its label.
    pub help: String,
    /// Each preset's value, as text.
    pub defaults: std::collections::BTreeMap<String, String>,
}

/// A value type of an option: read from its text (checked against the
/// option's kind) and written back as the same text.
pub(crate) trait OptionValue: Sized {
    /// The value of this text, if the kind accepts it.
    fn parse(text: &str, kind: &OptionKind) -> Option<Self>;
    /// The text, as in rules files and records.
    fn text(&self) -> String;
}

/// A plain decimal number (digits only: no sign, no space around it, at
/// most 9 digits).
fn number(value: &str) -> Option<i32> {
    let v = value;
    if v.is_empty() || v.len() > 9 || !v.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.parse().ok()
}

impl OptionValue for bool {
    fn parse(text: &str, kind: &OptionKind) -> Option<bool> {
        match (kind, text) {
            (OptionKind::Bool, "true") => Some(true),
            (OptionKind::Bool, "false") => Some(false),
            _ => None,
        }
    }
    fn text(&self) -> String {
        self.to_string()
    }
}

impl OptionValue for i32 {
    fn parse(text: &str, kind: &OptionKind) -> Option<i32> {
        match *kind {
            OptionKind::Int { min, max } => number(text).filter(|n| (min..=max).contains(n)),
            _ => None,
        }
    }
    fn text(&self) -> String {
        self.to_string()
    }
}

impl OptionValue for u8 {
    fn parse(text: &str, kind: &OptionKind) -> Option<u8> {
        i32::parse(text, kind).and_then(|n| u8::try_from(n).ok())
    }
    fn text(&self) -> String {
        self.to_string()
    }
}

impl OptionValue for Option<i32> {
    fn parse(text: &str, kind: &OptionKind) -> Option<Option<i32>> {
        match *kind {
            OptionKind::IntOrNone { .. } if text == "none" => Some(None),
            OptionKind::IntOrNone { min, max } => number(text).filter(|n| (min..=max).contains(n)).map(Some),
            _ => None,
        }
    }
    fn text(&self) -> String {
        self.map_or_else(|| "none".to_string(), |n| n.to_string())
    }
}

/// Fixed-length lists of numbers (`hand_size`, `hexagon_bonus`).
impl<T: Copy + Default + TryFrom<i32> + Into<i64>, const N: usize> OptionValue for [T; N] {
    fn parse(text: &str, kind: &OptionKind) -> Option<[T; N]> {
        let OptionKind::List { len, min, max } = *kind else { return None };
        let items: Vec<&str> = text.split_whitespace().collect();
        if items.len() != len || len != N {
            return None;
        }
        let mut out = [T::default(); N];
        for (slot, item) in out.iter_mut().zip(items) {
            let n = number(item).filter(|n| (min..=max).contains(n))?;
            *slot = T::try_from(n).ok()?;
        }
        Some(out)
    }
    fn text(&self) -> String {
        self.iter().map(|&n| Into::<i64>::into(n).to_string()).collect::<Vec<_>>().join(" ")
    }
}

/// The fewest and most players a rule set allows (the `players` option,
/// written `MIN-MAX`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Players {
    /// Fewest players.
    pub min: u8,
    /// Most players.
    pub max: u8,
}

impl Players {
    /// From `min` to `max` players.
    pub const fn new(min: u8, max: u8) -> Players {
        Players { min, max }
    }

    /// Whether `n` players are allowed.
    pub fn contains(&self, n: usize) -> bool {
        (self.min as usize..=self.max as usize).contains(&n)
    }
}

impl OptionValue for Players {
    /// Both bounds within the kind's; `min > max` is left to the rule set's
    /// validation (it names the constraint).
    fn parse(text: &str, kind: &OptionKind) -> Option<Players> {
        let OptionKind::Range { min, max } = *kind else { return None };
        let (lo, hi) = text.split_once('-')?;
        let ok = |n: i32| (min as i32..=max as i32).contains(&n);
        let lo = number(lo).filter(|&n| ok(n))?;
        let hi = number(hi).filter(|&n| ok(n))?;
        Some(Players::new(lo as u8, hi as u8))
    }
    fn text(&self) -> String {
        format!("{}-{}", self.min, self.max)
    }
}

/// Defines an enum whose values are an option's choices: each variant with
/// its name in rules files, `NAMES`, `name()`, `from_name()`, serde by name,
/// and its [`OptionValue`] reading.
macro_rules! choice_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub enum $name {
            $(
                $(#[$vmeta])*
                #[cfg_attr(feature = "serde", serde(rename = $text))]
                $variant,
            )*
        }

        impl $name {
            /// Every value's name, as in rules files and records, in order.
            pub const NAMES: &'static [&'static str] = &[$($text),*];

            /// The value's name, as in rules files and records.
            pub const fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )*
                }
            }

            /// The value with this name.
            pub fn from_name(name: &str) -> Option<$name> {
                match name {
                    $( $text => Some($name::$variant), )*
                    _ => None,
                }
            }
        }

        impl $crate::rules::options::OptionValue for $name {
            fn parse(text: &str, kind: &$crate::rules::options::OptionKind) -> Option<$name> {
                match kind {
                    $crate::rules::options::OptionKind::Choice { values } if values == &$name::NAMES => {
                        $name::from_name(text)
                    }
                    _ => None,
                }
            }
            fn text(&self) -> String {
                self.name().to_string()
            }
        }
    };
}

/// Defines [`RuleSet`] from the option table: its private fields, a getter
/// per option, the presets, [`OPTIONS`](crate::rules::OPTIONS), and the
/// text reader, writer and range check of every option.
macro_rules! option_table {
    (
        $(
            $(#[$meta:meta])*
            $name:ident : $ty:ty = $kind:expr => [$goliath:expr, $pressman:expr, $dominos:expr];
        )*
    ) => {
        /// A complete, valid rule set: a preset plus option values. Every
        /// option of the table in [`crate::rules`] has a getter of the same
        /// name. A rule set is built only through [`RuleSet::of`],
        /// [`RuleSet::preset`], [`RuleSet::with_overrides`],
        /// [`RuleSet::set_option`] / [`RuleSet::set_options`] or serde, and
        /// each of them checks the whole set ([`RulesError`]), so a
        /// `RuleSet` value always deals and plays.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct RuleSet {
            preset: Preset,
            $( $name: $ty, )*
        }

        impl RuleSet {
            $(
                $(#[$meta])*
                pub const fn $name(&self) -> $ty {
                    self.$name
                }
            )*

            /// The rules of a preset, exactly as the rules document gives them.
            pub const fn of(preset: Preset) -> RuleSet {
                match preset {
                    Preset::Goliath => RuleSet { preset, $( $name: $goliath, )* },
                    Preset::Pressman => RuleSet { preset, $( $name: $pressman, )* },
                    Preset::DominosTriangles => RuleSet { preset, $( $name: $dominos, )* },
                }
            }

            /// Sets one option from its text, without checking the whole set.
            fn apply(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
                match name {
                    $(
                        stringify!($name) => {
                            self.$name = <$ty as $crate::rules::options::OptionValue>::parse(value, &$kind)
                                .ok_or_else(|| RulesError::BadValue {
                                    option: stringify!($name),
                                    value: value.to_string(),
                                })?;
                            Ok(())
                        }
                    )*
                    _ => Err(RulesError::UnknownOption { option: name.to_string() }),
                }
            }

            /// The value of one option, written as in rules files and records.
            pub fn option_value(&self, name: &str) -> Option<String> {
                match name {
                    $( stringify!($name) => Some($crate::rules::options::OptionValue::text(&self.$name)), )*
                    _ => None,
                }
            }

            /// Checks every value against its option's kind.
            fn check_kinds(&self) -> Result<(), RulesError> {
                $(
                    let text = $crate::rules::options::OptionValue::text(&self.$name);
                    if <$ty as $crate::rules::options::OptionValue>::parse(&text, &$kind).as_ref() != Some(&self.$name) {
                        return Err(RulesError::BadValue { option: stringify!($name), value: text });
                    }
                )*
                Ok(())
            }
        }

        /// Every option, in the order of the rules document: the schema.
        pub const OPTIONS: &[OptionDef] = &[
            $( OptionDef { name: stringify!($name), kind: $kind, help: concat!("opt.", stringify!($name)) }, )*
        ];
    };
}

pub(crate) use {choice_enum, option_table};
