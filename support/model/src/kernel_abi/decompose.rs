//! The decomposition of a kernel object, once for both walks: the front end's over libclang's
//! host types (`plugin`) and the device compile's over its debug information (`offload`).
//! Each walk answers questions about its own types ([`ObjectWalk`]); the rule is here:
//! pointers and SYCL special classes apart, arrays and records that hold a special class
//! replaced by their elements or members (bases included) down to [`MAX_DEPTH`] levels,
//! everything else as bytes.

use super::{ArgumentKind, KernelArgument};

/// Arrays and records nest at most this deep in a decomposition (and in a walk's search for
/// special classes); deeper values are bytes.
pub const MAX_DEPTH: u32 = 16;

/// What a walk sees of one type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeClass {
    /// Nothing to pass: a value of no bytes, or a type the walk passes over.
    Nothing,
    /// A pointer (`kind_pointer`).
    Pointer,
    /// A SYCL special class: the argument it becomes, or `None` when it cannot be passed and
    /// the walk has noted that.
    Special(Option<ArgumentKind>),
    /// Any other value of `size` bytes: bytes, or its parts when it holds a special class.
    Value { size: u64 },
}

/// One part of a record, at `offset` bytes into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part<T> {
    /// A member or base-class subobject of type `ty`.
    Value { ty: T, offset: u64 },
    /// Bytes that are no value of their own (the bytes holding bit-fields).
    Bytes { offset: u64, size: u64 },
}

/// The parts of a value that holds a special class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parts<T> {
    /// `count` elements of type `element`, `stride` bytes apart.
    Array { element: T, stride: u64, count: u64 },
    /// A record's members and bases, as far as the walk can place them.
    Record(Vec<Part<T>>),
}

/// The questions a decomposition asks about a walk's types.
pub trait ObjectWalk {
    type Type: Copy;
    type Error;
    /// What `ty` is as a kernel argument.
    fn classify(&mut self, ty: Self::Type) -> Result<TypeClass, Self::Error>;
    /// Does a value of `ty` hold a special class (in members, bases or elements)?
    fn holds_special(&mut self, ty: Self::Type) -> Result<bool, Self::Error>;
    /// The parts of a value of `ty` that holds a special class.
    fn parts(&mut self, ty: Self::Type) -> Result<Parts<Self::Type>, Self::Error>;
}

/// The arguments of a kernel object whose record has `members` (its own parts).
pub fn decompose<W: ObjectWalk>(
    walk: &mut W,
    members: Vec<Part<W::Type>>,
) -> Result<Vec<KernelArgument>, W::Error> {
    let mut decomposition = Decomposition {
        walk,
        arguments: Vec::new(),
    };
    decomposition.parts(Parts::Record(members), 0, 0)?;
    Ok(decomposition.arguments)
}

struct Decomposition<'w, W> {
    walk: &'w mut W,
    arguments: Vec<KernelArgument>,
}

impl<W: ObjectWalk> Decomposition<'_, W> {
    /// One value of type `ty` at `offset`, `depth` arrays and records deep.
    fn value(&mut self, ty: W::Type, offset: u64, depth: u32) -> Result<(), W::Error> {
        match self.walk.classify(ty)? {
            TypeClass::Nothing | TypeClass::Special(None) => {}
            TypeClass::Pointer => self.push(offset, ArgumentKind::Pointer),
            TypeClass::Special(Some(kind)) => self.push(offset, kind),
            TypeClass::Value { size } => {
                if depth < MAX_DEPTH && self.walk.holds_special(ty)? {
                    let parts = self.walk.parts(ty)?;
                    self.parts(parts, offset, depth + 1)?;
                } else if size > 0 {
                    self.push(offset, ArgumentKind::Bytes { size });
                }
            }
        }
        Ok(())
    }

    /// `parts` of a value at `offset`, each `depth` deep.
    fn parts(&mut self, parts: Parts<W::Type>, offset: u64, depth: u32) -> Result<(), W::Error> {
        match parts {
            Parts::Array {
                element,
                stride,
                count,
            } => {
                for i in 0..count {
                    self.value(element, offset + i * stride, depth)?;
                }
            }
            Parts::Record(members) => {
                for part in members {
                    match part {
                        Part::Value { ty, offset: at } => self.value(ty, offset + at, depth)?,
                        Part::Bytes { offset: at, size } => {
                            self.push(offset + at, ArgumentKind::Bytes { size });
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn push(&mut self, offset: u64, kind: ArgumentKind) {
        self.arguments.push(KernelArgument { offset, kind });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small type system: types are indices into a table.
    #[derive(Clone)]
    enum Ty {
        Int,
        Pointer,
        Accessor,
        Sampler,
        Array(usize, u64),
        Record(Vec<Part<usize>>, u64),
    }

    struct Toy {
        types: Vec<Ty>,
        refused: usize,
    }

    impl Toy {
        fn size(&self, ty: usize) -> u64 {
            match &self.types[ty] {
                Ty::Int => 4,
                Ty::Pointer => 8,
                Ty::Accessor => 32,
                Ty::Sampler => 16,
                Ty::Array(element, count) => self.size(*element) * count,
                Ty::Record(_, size) => *size,
            }
        }
    }

    impl ObjectWalk for Toy {
        type Type = usize;
        type Error = ();

        fn classify(&mut self, ty: usize) -> Result<TypeClass, ()> {
            Ok(match self.types[ty] {
                Ty::Pointer => TypeClass::Pointer,
                Ty::Accessor => {
                    TypeClass::Special(Some(ArgumentKind::LocalAccessor { dimensions: 1 }))
                }
                Ty::Sampler => {
                    self.refused += 1;
                    TypeClass::Special(None)
                }
                _ => TypeClass::Value {
                    size: self.size(ty),
                },
            })
        }

        fn holds_special(&mut self, ty: usize) -> Result<bool, ()> {
            Ok(match &self.types[ty] {
                Ty::Accessor | Ty::Sampler => true,
                Ty::Int | Ty::Pointer => false,
                Ty::Array(element, _) => self.holds_special(*element)?,
                Ty::Record(parts, _) => {
                    let members: Vec<usize> = parts
                        .iter()
                        .filter_map(|p| match p {
                            Part::Value { ty, .. } => Some(*ty),
                            Part::Bytes { .. } => None,
                        })
                        .collect();
                    let mut any = false;
                    for member in members {
                        any |= self.holds_special(member)?;
                    }
                    any
                }
            })
        }

        fn parts(&mut self, ty: usize) -> Result<Parts<usize>, ()> {
            match &self.types[ty] {
                Ty::Array(element, count) => Ok(Parts::Array {
                    element: *element,
                    stride: self.size(*element),
                    count: *count,
                }),
                Ty::Record(parts, _) => Ok(Parts::Record(parts.clone())),
                _ => Err(()),
            }
        }
    }

    const INT: usize = 0;
    const POINTER: usize = 1;
    const ACCESSOR: usize = 2;
    const SAMPLER: usize = 3;

    fn toy(extra: Vec<Ty>) -> Toy {
        let mut types = vec![Ty::Int, Ty::Pointer, Ty::Accessor, Ty::Sampler];
        types.extend(extra);
        Toy { types, refused: 0 }
    }

    fn member(ty: usize, offset: u64) -> Part<usize> {
        Part::Value { ty, offset }
    }

    fn at(offset: u64, kind: ArgumentKind) -> KernelArgument {
        KernelArgument { offset, kind }
    }

    const LOCAL: ArgumentKind = ArgumentKind::LocalAccessor { dimensions: 1 };

    #[test]
    fn pointers_and_special_classes_go_apart_and_the_rest_as_bytes() {
        let mut walk = toy(vec![
            // 4: struct { int; int[2]; } (no special: bytes as a whole)
            Ty::Array(INT, 2),
            Ty::Record(vec![member(INT, 0), member(4, 4)], 12),
        ]);
        let arguments = decompose(
            &mut walk,
            vec![
                member(INT, 0),
                member(POINTER, 8),
                member(ACCESSOR, 16),
                member(5, 48),
                member(SAMPLER, 64),
            ],
        );
        assert_eq!(
            arguments,
            Ok(vec![
                at(0, ArgumentKind::Bytes { size: 4 }),
                at(8, ArgumentKind::Pointer),
                at(16, LOCAL),
                at(48, ArgumentKind::Bytes { size: 12 }),
            ])
        );
        assert_eq!(walk.refused, 1);
    }

    #[test]
    fn arrays_and_records_holding_special_classes_are_replaced_by_their_parts() {
        let mut walk = toy(vec![
            // 4: accessor[2]
            Ty::Array(ACCESSOR, 2),
            // 5: struct { int; accessor[2]; } with bit-field bytes at 4
            Ty::Record(
                vec![
                    member(INT, 0),
                    Part::Bytes { offset: 4, size: 1 },
                    member(4, 8),
                ],
                72,
            ),
        ]);
        let arguments = decompose(&mut walk, vec![member(5, 8)]);
        assert_eq!(
            arguments,
            Ok(vec![
                at(8, ArgumentKind::Bytes { size: 4 }),
                at(12, ArgumentKind::Bytes { size: 1 }),
                at(16, LOCAL),
                at(48, LOCAL),
            ])
        );
    }

    /// A record nested 16 deep around an accessor is decomposed down to the accessor; one
    /// nested 17 deep is bytes from the 17th level on.
    #[test]
    fn nesting_deeper_than_the_limit_is_bytes() {
        let nest = |levels: usize| {
            let mut types = Vec::new();
            let mut inner = ACCESSOR;
            for level in 0..levels {
                types.push(Ty::Record(vec![member(inner, 0)], 32));
                inner = 4 + level;
            }
            (toy(types), inner)
        };
        let (mut walk, outer) = nest(16);
        assert_eq!(
            decompose(&mut walk, vec![member(outer, 0)]),
            Ok(vec![at(0, LOCAL)])
        );
        let (mut walk, outer) = nest(17);
        assert_eq!(
            decompose(&mut walk, vec![member(outer, 0)]),
            Ok(vec![at(0, ArgumentKind::Bytes { size: 32 })])
        );
    }
}
