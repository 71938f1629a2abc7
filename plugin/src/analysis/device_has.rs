//! `[[sycl::device_has(…)]]` on functions other than kernels (SYCL 2020 §5.8.1): a kernel that
//! calls such a function, directly or not, needs its aspects, as DPC++ propagates a function's
//! declared aspects to the kernels above it. Clang optimises device code before the tool
//! chain sees it, so a callee of the same TU may be inlined and gone: its aspects are
//! collected here, along the calls the restriction walk follows. A `SYCL_EXTERNAL` function's
//! aspects are also recorded by its mangled name, for kernels of other TUs, which only the
//! device link connects to it.

use std::rc::Rc;

use super::{Walker, kernel_attributes, restrictions, source_location};
use crate::libclang::Cursor;
use crate::model::{AspectArgument, DeviceFunction, SourceLocation};

type Aspects = Vec<(AspectArgument, SourceLocation)>;

impl<'tu> Walker<'tu> {
    /// The `device_has` aspects of every function the kernel whose body is `body` reaches
    /// (after the restriction walk from that body).
    pub(super) fn callee_aspects(&mut self, body: Cursor<'tu>) -> Aspects {
        let mut aspects = Aspects::new();
        for function in self.restrictions.reached_functions(body) {
            let declarations = [Some(function), function.definition()];
            for declaration in declarations.into_iter().flatten() {
                for aspect in self.written_aspects(declaration).unwrap_or_default() {
                    if !aspects.iter().any(|(a, _)| *a == aspect.0) {
                        aspects.push(aspect);
                    }
                }
            }
        }
        aspects
    }

    /// A function declaration outside system headers: recorded when it is a `SYCL_EXTERNAL`
    /// function with `device_has`.
    pub(super) fn consider_device_function(&mut self, function: Cursor<'tu>) {
        let Some(aspects) = self.written_aspects(function) else {
            return;
        };
        if !restrictions::is_sycl_external(function) {
            return;
        }
        let mangled_name = function.mangling();
        if mangled_name.is_empty()
            || self
                .device_functions
                .iter()
                .any(|f| f.mangled_name == mangled_name && f.device_has == aspects)
        {
            return;
        }
        self.device_functions.push(DeviceFunction {
            mangled_name,
            name: function.spelling(),
            location: source_location(function),
            device_has: aspects,
        });
    }

    /// `device_has`' aspects on the declaration `function` (cached); problems reading them
    /// become located errors with the kernel restrictions'.
    fn written_aspects(&mut self, function: Cursor<'tu>) -> Option<Aspects> {
        if let Some(known) = self.function_aspects.get(function) {
            return known;
        }
        let aspects = self.read_aspects(function);
        self.function_aspects.insert(function, aspects.clone());
        aspects
    }

    fn read_aspects(&mut self, function: Cursor<'tu>) -> Option<Aspects> {
        let span = function.declaration_span()?;
        let tokens = match self.file_tokens.get(&span.file) {
            Some(tokens) => tokens.clone()?,
            None => {
                let tokens = function.file_tokens_mentioning(b"device_has").map(Rc::new);
                self.file_tokens.insert(span.file.clone(), tokens.clone());
                tokens?
            }
        };
        let (aspects, problems) =
            kernel_attributes::function_device_has(&tokens, span.start, span.name)?;
        for problem in problems {
            if !self.restrictions.errors.contains(&problem) {
                self.restrictions.errors.push(problem);
            }
        }
        Some(aspects)
    }

    /// The `SYCL_EXTERNAL` functions with `device_has` found.
    pub(super) fn take_device_functions(&mut self) -> Vec<DeviceFunction> {
        std::mem::take(&mut self.device_functions)
    }
}
