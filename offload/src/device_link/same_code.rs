//! Whether two definitions of one kernel name, from two TUs' device code, are one kernel:
//! the same parameters, the same kernel attributes and the same code, read through the LLVM
//! API.
//!
//! Code is compared structurally, function by function: the same blocks, each with the same
//! instructions — opcode, result type, what else tells instructions apart ([`Details`]:
//! predicates, flags, alignments, orderings, GEP and `alloca` types, call-site attributes, …)
//! and operands. Operands compare by what they are:
//! * arguments, blocks and instructions by their number in their function (parameters, then
//!   blocks, then instructions, in order), so names never matter;
//! * constants by value and type (uniqued in the one LLVM context the device link uses, so
//!   identical ones are one handle; aggregates and constant expressions element by element);
//! * functions and global variables a link makes one by name (both non-local with one name:
//!   external, `linkonce_odr`, declarations) by that name; the others — internal, private,
//!   and `linkonce`/`weak` ones named differently, such as a lambda's `operator()`, whose
//!   mangling names the function the lambda sits in — by their own definitions, recursively:
//!   functions by signature and code, variables by type, constness, alignment, address space
//!   and initializer. Pairs already decided are remembered; a pair met again while it is
//!   being compared (recursion, globals naming each other) counts as the same, which is right
//!   when everything else matches; what was found the same under such an assumption is
//!   forgotten if the kernels turn out to differ.
//!
//! Types compare structurally (a second module's `%struct.T` is `%struct.T.1` in the shared
//! context). Debug information is ignored: `#dbg_*` records are no instructions, `llvm.dbg.*`
//! calls are skipped, and no instruction's metadata attachments (`!dbg`, `!tbaa`, …) are read;
//! metadata operands compare by their string when they are one (`metadata !"round.dynamic"`).
//! Function attributes (`"sycl-module-id"`, where the kernel is defined) are not compared.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::llvm::{BasicBlock, Context, Details, Function, Instruction, Type, TypeKind, Value};
use crate::llvm::{GlobalVariable, Linkage, Md, ValueKind};

/// What differs between two definitions of one kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Difference {
    /// Parameter types, parameter attributes or calling convention.
    Parameters,
    /// The kernel's metadata: its SYCL attributes (`reqd_work_group_size`, …).
    Attributes,
    /// The code: the kernel's or that of a function it uses.
    Body,
}

type Pair<'a, 'b> = (Value<'a>, Value<'b>);

/// Compares kernels of a first module (`'a`, the device link so far) with those of a second
/// (`'b`); both in one LLVM context, so that constants and types can be compared by handle.
pub(super) struct SameCode<'a, 'b> {
    /// Pairs of functions and globals compared: `false` is final; `true` is final once the
    /// kernel comparison it was found in succeeds (see `tentative`).
    decided: FxHashMap<Pair<'a, 'b>, bool>,
    /// Pairs being compared, assumed the same while they are.
    in_progress: FxHashSet<Pair<'a, 'b>>,
    /// Pairs found the same during the current kernel comparison, perhaps through an
    /// assumption a later difference refutes.
    tentative: Vec<Pair<'a, 'b>>,
    /// The `!dbg` kind, left out of the kernels' metadata.
    debug_kind: u32,
}

impl<'a, 'b> SameCode<'a, 'b> {
    pub(super) fn new(ctx: &Context) -> Self {
        SameCode {
            decided: FxHashMap::default(),
            in_progress: FxHashSet::default(),
            tentative: Vec::new(),
            debug_kind: ctx.md_kind_id("dbg"),
        }
    }

    /// Whether `first` and `second` are one kernel; otherwise what differs, in the order a
    /// user would look: parameters, attributes, body.
    pub(super) fn kernels(
        &mut self,
        first: Function<'a>,
        second: Function<'b>,
    ) -> Result<(), Difference> {
        if !same_details(first.details(), second.details()) {
            return Err(Difference::Parameters);
        }
        if kernel_metadata(first, self.debug_kind) != kernel_metadata(second, self.debug_kind) {
            return Err(Difference::Attributes);
        }
        // Both kernels carry one name: compared by code, not by that name.
        let same = self.same_definitions(first.as_value(), second.as_value());
        let tentative = std::mem::take(&mut self.tentative);
        if same {
            return Ok(());
        }
        for pair in tentative {
            self.decided.remove(&pair);
        }
        Err(Difference::Body)
    }

    /// Two global values used by the code: one by name, or the same definitions.
    fn same_global(&mut self, a: Value<'a>, b: Value<'b>) -> bool {
        let (Some(la), Some(lb)) = (a.linkage(), b.linkage()) else {
            return false;
        };
        if !la.is_local() && !lb.is_local() && a.name() == b.name() {
            // The link makes them one.
            return true;
        }
        let by_code = |v: Value<'_>, linkage: Linkage| {
            (linkage.is_local() || linkage.is_linkonce_or_weak()) && is_definition(v)
        };
        a.kind() == b.kind() && by_code(a, la) && by_code(b, lb) && self.same_definitions(a, b)
    }

    /// Two function or variable definitions, remembered, and assumed the same while being
    /// compared.
    fn same_definitions(&mut self, a: Value<'a>, b: Value<'b>) -> bool {
        let pair = (a, b);
        if let Some(&same) = self.decided.get(&pair) {
            return same;
        }
        if !self.in_progress.insert(pair) {
            return true;
        }
        let same = match (a.as_function(), b.as_function()) {
            (Some(f), Some(g)) => self.same_functions(f, g),
            _ => match (a.as_global_variable(), b.as_global_variable()) {
                (Some(x), Some(y)) => self.same_variables(x, y),
                _ => false,
            },
        };
        self.in_progress.remove(&pair);
        self.decided.insert(pair, same);
        if same {
            self.tentative.push(pair);
        }
        same
    }

    fn same_variables(&mut self, x: GlobalVariable<'a>, y: GlobalVariable<'b>) -> bool {
        if !same_details(x.details(), y.details()) {
            return false;
        }
        match (x.initializer(), y.initializer()) {
            (Some(i), Some(j)) => self.same_value(i, j, &Frame::default()),
            (None, None) => true,
            _ => false,
        }
    }

    fn same_functions(&mut self, f: Function<'a>, g: Function<'b>) -> bool {
        if !same_details(f.details(), g.details()) {
            return false;
        }
        let (f_code, g_code) = (Code::of(f), Code::of(g));
        let shapes_match = f_code.blocks.len() == g_code.blocks.len()
            && f_code
                .blocks
                .iter()
                .zip(&g_code.blocks)
                .all(|((_, x), (_, y))| x.len() == y.len());
        if !shapes_match {
            return false;
        }
        let frame = Frame {
            first: f_code.numbers(f),
            second: g_code.numbers(g),
        };
        let instructions = f_code
            .blocks
            .iter()
            .zip(&g_code.blocks)
            .flat_map(|((_, x), (_, y))| x.iter().copied().zip(y.iter().copied()));
        for (x, y) in instructions {
            if !self.same_instructions(x, y, &frame) {
                return false;
            }
        }
        true
    }

    fn same_instructions(
        &mut self,
        x: Instruction<'a>,
        y: Instruction<'b>,
        frame: &Frame<'a, 'b>,
    ) -> bool {
        if x.kind() != y.kind()
            || !same_type(x.ty(), y.ty())
            || !same_details(x.details(), y.details())
            || x.num_operands() != y.num_operands()
        {
            return false;
        }
        let (x_blocks, y_blocks) = (x.incoming_blocks(), y.incoming_blocks());
        if x_blocks.len() != y_blocks.len()
            || !x_blocks
                .iter()
                .zip(&y_blocks)
                .all(|(p, q)| frame.same_local(p.as_value(), q.as_value()))
        {
            return false;
        }
        (0..x.num_operands()).all(|i| match (x.operand(i), y.operand(i)) {
            (Some(p), Some(q)) => self.same_value(p, q, frame),
            (None, None) => true,
            _ => false,
        })
    }

    fn same_value(&mut self, a: Value<'a>, b: Value<'b>, frame: &Frame<'a, 'b>) -> bool {
        // One context: equal constants are one handle.
        if a == b {
            return true;
        }
        let kind = a.kind();
        if kind != b.kind() {
            return false;
        }
        match kind {
            ValueKind::Argument | ValueKind::Instruction(_) | ValueKind::BasicBlock => {
                frame.same_local(a, b)
            }
            ValueKind::Function | ValueKind::GlobalVariable => self.same_global(a, b),
            ValueKind::ConstantExpr(_) | ValueKind::ConstantAggregate => {
                same_type(a.ty(), b.ty())
                    && same_details(a.details(), b.details())
                    && a.num_operands() == b.num_operands()
                    && (0..a.num_operands()).all(|i| match (a.operand(i), b.operand(i)) {
                        (Some(p), Some(q)) => self.same_value(p, q, frame),
                        _ => false,
                    })
            }
            // Of a type that differs by handle only (a renamed struct), or not the same.
            ValueKind::ConstantAggregateZero | ValueKind::ConstantPointerNull => {
                same_type(a.ty(), b.ty())
            }
            ValueKind::Undef => a.is_poison() == b.is_poison() && same_type(a.ty(), b.ty()),
            ValueKind::Metadata => a.md_string() == b.md_string(),
            // Aliases: by name, as the link joins them.
            ValueKind::Other => a.linkage().is_some() && self.same_global(a, b),
            // Integers, floating-point values, data arrays: uniqued, and not one handle.
            _ => false,
        }
    }
}

/// A function's blocks with their instructions, `llvm.dbg.*` calls left out.
struct Code<'m> {
    blocks: Vec<(BasicBlock<'m>, Vec<Instruction<'m>>)>,
}

impl<'m> Code<'m> {
    fn of(f: Function<'m>) -> Self {
        let blocks = f
            .basic_blocks()
            .into_iter()
            .map(|block| {
                let mut instructions = block.instructions();
                instructions.retain(|i| !is_debug_intrinsic_call(*i));
                (block, instructions)
            })
            .collect();
        Code { blocks }
    }

    /// Each local value's number: parameters, then blocks, then instructions, in order.
    fn numbers(&self, f: Function<'m>) -> FxHashMap<Value<'m>, usize> {
        let params = f.params();
        let blocks = self.blocks.iter().map(|(block, _)| block.as_value());
        let instructions = self
            .blocks
            .iter()
            .flat_map(|(_, code)| code.iter().map(|i| i.as_value()));
        params
            .into_iter()
            .chain(blocks)
            .chain(instructions)
            .enumerate()
            .map(|(n, v)| (v, n))
            .collect()
    }
}

/// The numbered local values of the two functions being compared (none for initializers).
#[derive(Default)]
struct Frame<'a, 'b> {
    first: FxHashMap<Value<'a>, usize>,
    second: FxHashMap<Value<'b>, usize>,
}

impl<'a, 'b> Frame<'a, 'b> {
    fn same_local(&self, a: Value<'a>, b: Value<'b>) -> bool {
        matches!((self.first.get(&a), self.second.get(&b)), (Some(x), Some(y)) if x == y)
    }
}

/// A kernel's metadata but its debug information.
fn kernel_metadata<'m>(kernel: Function<'m>, debug_kind: u32) -> Vec<(u32, Md<'m>)> {
    let mut attached = kernel.metadata_attachments();
    attached.retain(|(kind, _)| *kind != debug_kind);
    attached
}

fn is_definition(v: Value<'_>) -> bool {
    if let Some(f) = v.as_function() {
        return !f.is_declaration();
    }
    v.as_global_variable()
        .is_some_and(|g| g.initializer().is_some())
}

fn is_debug_intrinsic_call(i: Instruction<'_>) -> bool {
    i.as_call()
        .and_then(|call| call.callee().as_function())
        .is_some_and(|f| f.is_intrinsic() && f.name().starts_with("llvm.dbg."))
}

/// Details both readable and equal, types compared as types.
fn same_details(a: Option<Details<'_>>, b: Option<Details<'_>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => {
            a.numbers == b.numbers
                && a.strings == b.strings
                && a.types.len() == b.types.len()
                && a.types.iter().zip(&b.types).all(|(x, y)| same_type(*x, *y))
        }
        _ => false,
    }
}

/// Types of one context, structurally: struct names do not matter (the context renames a
/// second module's `%struct.T`), except for opaque structs, which have nothing else.
fn same_type(a: Type<'_>, b: Type<'_>) -> bool {
    if a == b {
        return true;
    }
    let kind = a.kind();
    if kind != b.kind() {
        return false;
    }
    let all_same = |x: Vec<Type<'_>>, y: Vec<Type<'_>>| {
        x.len() == y.len() && x.iter().zip(&y).all(|(p, q)| same_type(*p, *q))
    };
    match kind {
        TypeKind::Struct => {
            a.is_packed_struct() == b.is_packed_struct()
                && a.is_opaque_struct() == b.is_opaque_struct()
                && (!a.is_opaque_struct()
                    || a.struct_name().as_deref().map(base_name)
                        == b.struct_name().as_deref().map(base_name))
                && all_same(a.struct_elements(), b.struct_elements())
        }
        TypeKind::Array | TypeKind::FixedVector => {
            a.sequence_len() == b.sequence_len()
                && match (a.element_type(), b.element_type()) {
                    (Some(x), Some(y)) => same_type(x, y),
                    _ => false,
                }
        }
        TypeKind::Function => {
            a.is_var_arg() == b.is_var_arg()
                && match (a.return_type(), b.return_type()) {
                    (Some(x), Some(y)) => same_type(x, y),
                    _ => false,
                }
                && all_same(a.param_types(), b.param_types())
        }
        // Integers, floating-point types and pointers are uniqued: not one handle, not the
        // same.
        _ => false,
    }
}

/// A struct's name without the `.<n>` suffixes the context adds to keep names unique.
fn base_name(name: &str) -> &str {
    let mut name = name;
    while let Some((stem, suffix)) = name.rsplit_once('.') {
        if suffix.is_empty() || !suffix.bytes().all(|b| b.is_ascii_digit()) {
            break;
        }
        name = stem;
    }
    name
}
