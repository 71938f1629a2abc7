//! The workspace's one owner of LLVM's FFI: a small, purpose-built handle layer over the
//! LLVM-C API (llvm-sys 221, LLVM 22, dynamically linked), whose safe API cannot cause
//! undefined behaviour (for IR that verifies: see the limits below).
//!
//! Soundness rules, so that safe callers cannot cause undefined behaviour:
//! * `Type` and `Md` handles carry the lifetime of their `Context`; `Value` handles that of
//!   the module borrow they came from (constants: the context's), so no handle outlives what
//!   owns it. Whatever rewrites a module wholesale (linking, pass pipelines, code generation,
//!   retargeting) takes `&mut Module`, so no handle is alive across it.
//! * Kinds are checked: `Function`, `GlobalVariable`, `Instruction`, `Call` and `BasicBlock`
//!   come from the module or from checked conversions (`Value::as_*`), and queries that LLVM
//!   allows on some kinds only either live on those types or check and return `Option`
//!   ([`Value::details`] asks each opcode only what LLVM defines for it).
//! * Nothing a safe handle can still name is freed while the handle may live: an erased
//!   instruction ([`Module::erase`]) is detached, its operands dropped, and freed with its
//!   module; functions and globals are deleted through `&mut Module`
//!   ([`Module::delete_unused`]), which no handle can coexist with, and are named there by
//!   [`GlobalId`]s that are looked up in the module, never dereferenced.
//! * Builders check their operands (pointer operands, call arguments against the callee's
//!   parameters, integer widths) and return `None` instead of building invalid IR.
//! * Handles cannot cross modules, functions or contexts: every operation that puts a value,
//!   type or metadata into IR checks that it belongs to the target's context and, for values
//!   that live in a module (functions, globals, constants naming them), to the target module,
//!   and for arguments and instructions, which LLVM owns per function, to the function built
//!   in (a global's uses may be anywhere in its module, so no local replaces them); it refuses
//!   (`None`, `Err`) otherwise. Where an operation has no way to say so (metadata nodes) a
//!   foreign handle is a panic, a bug in the caller. A value of a module dropped later, or of a
//!   function deleted later, can therefore never be used by another one.
//! * Constants are uniqued per context, so their use lists span modules: [`Value::users`]
//!   lists only users that live where the value does (its module, or the context).
//! * Metadata is the context's: it names no global value ([`Value::as_md`] refuses them), and
//!   metadata read from a module ([`Function::metadata_attachments`]) is for comparing only.
//! * Limits: this layer does not verify IR before LLVM's passes or code generator run
//!   ([`Module::run_passes`], [`Module::emit_object`]); it refuses the invalid IR named above
//!   (cross-module and cross-function operands, erased terminators, valueless integer or type
//!   attributes), but not, for example, operands that do not dominate their uses. Its promise
//!   holds for IR that verifies.
//!
//! Everything that can fail returns `Result<_, String>` with LLVM's own message.

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char, c_uint, c_void};
use std::marker::PhantomData;
use std::ptr;

use llvm_sys::analysis::{LLVMVerifierFailureAction, LLVMVerifyModule};
use llvm_sys::bit_writer::LLVMWriteBitcodeToMemoryBuffer;
use llvm_sys::core as c;
use llvm_sys::debuginfo as di;
use llvm_sys::ir_reader::LLVMParseIRInContext2;
use llvm_sys::linker::LLVMLinkModules2;
use llvm_sys::prelude::*;
use llvm_sys::target as t;
use llvm_sys::target_machine as tm;
use llvm_sys::{LLVMCallConv, LLVMDiagnosticSeverity, LLVMOpcode, LLVMTypeKind};

pub use llvm_sys::LLVMOpcode as Opcode;

/// Owns an `LLVMContextRef` plus the diagnostics LLVM reported through it.
pub struct Context {
    raw: LLVMContextRef,
    // Boxed so its address stays fixed while LLVM holds it as the handler's context pointer.
    diags: Box<RefCell<Vec<String>>>,
}

extern "C" fn diag_handler(info: LLVMDiagnosticInfoRef, ctx: *mut c_void) {
    // SAFETY: `ctx` is the `RefCell` boxed in `Context`, alive as long as the LLVM context.
    unsafe {
        let sev = c::LLVMGetDiagInfoSeverity(info);
        if matches!(sev, LLVMDiagnosticSeverity::LLVMDSError) {
            let msg = take_message(c::LLVMGetDiagInfoDescription(info));
            let cell = &*(ctx as *const RefCell<Vec<String>>);
            if let Ok(mut v) = cell.try_borrow_mut() {
                v.push(msg);
            }
        }
    }
}

/// Copies and frees a message LLVM allocated.
unsafe fn take_message(p: *mut c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: LLVM returns a NUL-terminated string that the caller must free.
    unsafe {
        let s = CStr::from_ptr(p).to_string_lossy().into_owned();
        c::LLVMDisposeMessage(p);
        s
    }
}

fn cstr(s: &str) -> CString {
    // Interior NULs cannot occur in LLVM names we create; replace defensively instead of panicking.
    CString::new(s.replace('\0', "")).unwrap_or_default()
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    pub fn new() -> Self {
        init_llvm();
        // SAFETY: creating a context has no preconditions; the handler context pointer is the
        // boxed cell, which lives as long as `self`.
        unsafe {
            let raw = c::LLVMContextCreate();
            let diags = Box::new(RefCell::new(Vec::new()));
            let p = &*diags as *const RefCell<Vec<String>> as *mut c_void;
            c::LLVMContextSetDiagnosticHandler(raw, Some(diag_handler), p);
            Context { raw, diags }
        }
    }

    fn take_diags(&self) -> Vec<String> {
        std::mem::take(&mut *self.diags.borrow_mut())
    }

    /// Parses `.ll` text or `.bc` bitcode (LLVM sniffs the magic). `bytes` gets a NUL
    /// appended (the text parser wants one past the end), so callers that read a file can
    /// reserve one spare byte to avoid a reallocation.
    pub fn parse_ir(&self, mut bytes: Vec<u8>, name: &str) -> Result<Module<'_>, String> {
        let name = cstr(name);
        let len = bytes.len();
        bytes.push(0);
        // SAFETY: the buffer borrows `bytes` (no copy of a module-sized input) and is disposed
        // right after parsing, while `bytes` is still alive; the parsed module keeps no
        // reference to it. `bytes[len]` is the NUL the terminator flag promises.
        unsafe {
            let buf = c::LLVMCreateMemoryBufferWithMemoryRange(
                bytes.as_ptr() as *const c_char,
                len,
                name.as_ptr(),
                1,
            );
            let mut m: LLVMModuleRef = ptr::null_mut();
            let mut msg: *mut c_char = ptr::null_mut();
            let failed = LLVMParseIRInContext2(self.raw, buf, &mut m, &mut msg) != 0;
            c::LLVMDisposeMemoryBuffer(buf);
            if failed || m.is_null() {
                let mut text = take_message(msg);
                for d in self.take_diags() {
                    text.push_str(&d);
                }
                return Err(text);
            }
            Ok(Module::own(m, self))
        }
    }

    pub fn int_type(&self, bits: u32) -> Type<'_> {
        // SAFETY: plain type constructor on a live context.
        Type::wrap(unsafe { c::LLVMIntTypeInContext(self.raw, bits) })
    }

    /// The opaque pointer type of `address_space`.
    pub fn pointer_type(&self, address_space: u32) -> Type<'_> {
        // SAFETY: plain type constructor on a live context.
        Type::wrap(unsafe { c::LLVMPointerTypeInContext(self.raw, address_space) })
    }

    #[cfg(test)]
    pub(crate) fn void_type(&self) -> Type<'_> {
        // SAFETY: plain type constructor on a live context.
        Type::wrap(unsafe { c::LLVMVoidTypeInContext(self.raw) })
    }

    pub fn md_string(&self, s: &str) -> Md<'_> {
        // SAFETY: LLVM copies the bytes.
        Md::wrap(
            unsafe { c::LLVMMDStringInContext2(self.raw, s.as_ptr() as *const c_char, s.len()) },
            self.raw,
        )
    }

    /// The number LLVM gives the metadata kind `name` (`dbg`, `reqd_work_group_size`) in this
    /// context, as [`Function::metadata_attachments`] reports kinds.
    pub fn md_kind_id(&self, name: &str) -> u32 {
        let len = c_uint::try_from(name.len()).unwrap_or(0);
        // SAFETY: the name is read for `len` bytes; unknown names get a new kind.
        unsafe { c::LLVMGetMDKindIDInContext(self.raw, name.as_ptr() as *const c_char, len) }
    }

    /// A node of `ops`, which must be of this context (a panic otherwise: see [`Md`]).
    pub fn md_node(&self, ops: &[Md<'_>]) -> Md<'_> {
        let mut raws: Vec<LLVMMetadataRef> = Vec::with_capacity(ops.len());
        for op in ops {
            op.assert_of(self.raw);
            raws.push(op.raw);
        }
        // SAFETY: metadata of this context (checked); LLVM only reads the array.
        Md::wrap(
            unsafe { c::LLVMMDNodeInContext2(self.raw, raws.as_mut_ptr(), raws.len()) },
            self.raw,
        )
    }

    /// The constant `i<bits> value` (truncated to `bits`).
    pub fn const_int(&self, bits: u32, value: u64) -> Value<'_> {
        // SAFETY: an integer type of this context.
        Value::wrap(unsafe { c::LLVMConstInt(self.int_type(bits).raw, value, 0) })
    }

    /// The constant `i<bits> value` as metadata.
    pub fn const_int_md(&self, bits: u32, value: u64) -> Md<'_> {
        // SAFETY: a constant, which LLVM wraps as ValueAsMetadata.
        Md::wrap(
            unsafe { c::LLVMValueAsMetadata(self.const_int(bits, value).raw) },
            self.raw,
        )
    }

    /// `[len x i8] zeroinitializer`.
    pub fn zero_bytes(&self, len: u64) -> Value<'_> {
        // SAFETY: an array of a valid element type, and its null constant.
        Value::wrap(unsafe { c::LLVMConstNull(c::LLVMArrayType2(self.int_type(8).raw, len)) })
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: modules borrow the context, so none outlive this point.
        unsafe { c::LLVMContextDispose(self.raw) }
    }
}

pub struct Module<'c> {
    raw: LLVMModuleRef,
    ctx: &'c Context,
    /// Instructions erased through `&self`: detached and without operands, freed with the
    /// module, when no handle to them can be alive any more.
    erased: RefCell<Vec<LLVMValueRef>>,
}

impl Drop for Module<'_> {
    fn drop(&mut self) {
        self.free_erased();
        if !self.raw.is_null() {
            // SAFETY: we own the module.
            unsafe { c::LLVMDisposeModule(self.raw) }
        }
    }
}

/// Where a value lives, which bounds how long a handle to it may be used and where it may
/// become part of IR. LLVM owns global values per module, arguments and instructions per
/// function, and uniques constants per context: a constant naming a global value belongs to
/// that global's module, other constants to the context.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Home {
    /// A constant naming no global value (plain data, aggregates of it): freed with the
    /// context.
    Context,
    /// A global value, or a constant naming one (or a block of one), of this module.
    Module(LLVMModuleRef),
    /// An argument, instruction or basic block of this function (null: an erased
    /// instruction, which has no block).
    Function(LLVMValueRef),
    /// Metadata as a value (it may name any module's values), a constant naming globals of
    /// two modules or too deep to walk: admitted nowhere, and its users are not listed.
    Unknown,
}

impl Home {
    /// The module of a home that has one; null for an erased instruction.
    fn module(self) -> Option<LLVMModuleRef> {
        match self {
            Home::Module(m) => Some(m),
            // SAFETY: a live function, which this layer only ever finds in a module.
            Home::Function(f) if !f.is_null() => Some(unsafe { c::LLVMGetGlobalParent(f) }),
            Home::Function(_) => Some(ptr::null_mut()),
            Home::Context | Home::Unknown => None,
        }
    }
}

/// Where `v` lives ([`Home`]). Constant expressions, aggregates and block addresses are
/// walked through their operands, as they can name globals; absurdly deep ones are `Unknown`
/// rather than walked.
///
/// # Safety
/// `v` is a live value.
unsafe fn home_of(v: LLVMValueRef) -> Home {
    fn walk(v: LLVMValueRef, depth: u32) -> Home {
        // SAFETY: `v` is live (a handle, or an operand of a live constant); each query is
        // guarded by the kind check LLVM requires, and nulls are handled.
        unsafe {
            if !c::LLVMIsAInstruction(v).is_null() {
                let bb = c::LLVMGetInstructionParent(v);
                let f = if bb.is_null() {
                    ptr::null_mut()
                } else {
                    c::LLVMGetBasicBlockParent(bb)
                };
                return Home::Function(f);
            }
            if !c::LLVMIsAArgument(v).is_null() {
                return Home::Function(c::LLVMGetParamParent(v));
            }
            if c::LLVMValueIsBasicBlock(v) != 0 {
                return Home::Function(c::LLVMGetBasicBlockParent(c::LLVMValueAsBasicBlock(v)));
            }
            if !c::LLVMIsAGlobalValue(v).is_null() {
                return Home::Module(c::LLVMGetGlobalParent(v));
            }
            // Other constants name others only through operands (plain data has none).
            if c::LLVMIsAConstant(v).is_null() || depth > 64 {
                return Home::Unknown;
            }
            let n = u32::try_from(c::LLVMGetNumOperands(v)).unwrap_or(0);
            let mut home = Home::Context;
            for i in 0..n {
                let op = c::LLVMGetOperand(v, i);
                if op.is_null() {
                    continue;
                }
                // A block address names a function's block: the constant is the module's.
                let op_home = match walk(op, depth + 1) {
                    Home::Function(f) if !f.is_null() => Home::Module(c::LLVMGetGlobalParent(f)),
                    Home::Function(_) => Home::Unknown,
                    other => other,
                };
                home = match (home, op_home) {
                    (h, Home::Context) => h,
                    (Home::Context, h) => h,
                    (a, b) if a == b => a,
                    _ => Home::Unknown,
                };
                if home == Home::Unknown {
                    break;
                }
            }
            home
        }
    }
    walk(v, 0)
}

/// Whether `v` may become part of IR in `module` (of `ctx`): of the context and, if it lives
/// in a module, of `module`; if it lives in a function (an argument or instruction), of
/// `function` when that is given, else of a function of `module`. Erased instructions and
/// values of unknown home are refused.
fn admits(
    module: LLVMModuleRef,
    ctx: LLVMContextRef,
    function: Option<LLVMValueRef>,
    v: LLVMValueRef,
) -> bool {
    // SAFETY: a live value's type, and that type's context.
    let of_ctx = unsafe { c::LLVMGetTypeContext(c::LLVMTypeOf(v)) } == ctx;
    // SAFETY: a live value.
    of_ctx
        && match unsafe { home_of(v) } {
            Home::Context => true,
            Home::Module(m) => m == module,
            Home::Function(f) if f.is_null() => false,
            Home::Function(f) => match function {
                Some(function) => f == function,
                None => Home::Function(f).module() == Some(module),
            },
            Home::Unknown => false,
        }
}

/// The users of `v` (in use-list order) whose home is the context or, when `module` is
/// given, that module: the users a handle of `module`'s borrow may name.
fn users_in<'m>(v: LLVMValueRef, module: Option<LLVMModuleRef>) -> Vec<Value<'m>> {
    let mut out = Vec::new();
    // SAFETY: walking a live value's use list; each user is live.
    unsafe {
        let mut u = c::LLVMGetFirstUse(v);
        while !u.is_null() {
            let user = c::LLVMGetUser(u);
            let keep = match home_of(user) {
                Home::Context => true,
                Home::Unknown => false,
                home => module.is_some() && home.module() == module,
            };
            if keep {
                out.push(Value::wrap(user));
            }
            u = c::LLVMGetNextUse(u);
        }
    }
    out
}

/// A function or global variable named for deletion ([`Module::delete_unused`]): its address
/// only, compared with the module's live globals and never dereferenced, so an id that
/// outlived its global is harmless.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GlobalId(usize);

/// Any LLVM value: function, global, instruction, constant, argument. `'m` is the borrow of
/// the module the value was found in (or, for constants, of the context that owns them), so
/// no handle outlives its module; a module is changed as a whole (linked, run through passes,
/// emitted) only through `&mut Module`, which no handle can coexist with.
// Transparent, so a `&[Value]` can be handed to LLVM as an array of `LLVMValueRef`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(transparent)]
pub struct Value<'m> {
    raw: LLVMValueRef,
    _m: PhantomData<&'m ()>,
}

/// A function (definition or declaration), obtained from the module or by checked
/// conversion ([`Value::as_function`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Function<'m>(Value<'m>);

/// A global variable, obtained from the module or by checked conversion
/// ([`Value::as_global_variable`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GlobalVariable<'m>(Value<'m>);

/// An instruction ([`Value::as_instruction`]): in a basic block when handed out (the builder
/// inserts what it creates); after [`Module::erase`] it has none, and every operation that
/// would put it back into IR refuses it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Instruction<'m>(Value<'m>);

/// A `call` instruction ([`Value::as_call`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Call<'m>(Instruction<'m>);

/// A basic block of a function ([`Function::basic_blocks`], [`Value::as_basic_block`]), as the
/// value branches name it by.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BasicBlock<'m>(Value<'m>);

// The typed handles are values with a checked kind: every `Value` query applies to them.
impl<'m> std::ops::Deref for Function<'m> {
    type Target = Value<'m>;
    fn deref(&self) -> &Value<'m> {
        &self.0
    }
}

impl<'m> std::ops::Deref for GlobalVariable<'m> {
    type Target = Value<'m>;
    fn deref(&self) -> &Value<'m> {
        &self.0
    }
}

impl<'m> std::ops::Deref for Instruction<'m> {
    type Target = Value<'m>;
    fn deref(&self) -> &Value<'m> {
        &self.0
    }
}

impl<'m> std::ops::Deref for Call<'m> {
    type Target = Instruction<'m>;
    fn deref(&self) -> &Instruction<'m> {
        &self.0
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(transparent)]
pub struct Type<'c> {
    raw: LLVMTypeRef,
    _c: PhantomData<&'c Context>,
}

/// A metadata node or string, with the context it belongs to (LLVM-C cannot tell). Equal
/// handles are the same metadata (nodes that are not `distinct` are uniqued in their context).
///
/// Metadata built here ([`Context::md_node`], [`Context::md_string`], [`Value::as_md`] of
/// constants naming no global) names nothing a module owns. Metadata read from a module
/// ([`Function::metadata_attachments`]) may name its globals, which LLVM rewrites (and may
/// free uniqued nodes over) when they change: it can be compared, not put into IR again.
#[derive(Clone, Copy, Debug)]
pub struct Md<'c> {
    raw: LLVMMetadataRef,
    ctx: LLVMContextRef,
    /// Read from a module's IR (it may name the module's values).
    from_module: bool,
    _c: PhantomData<&'c Context>,
}

impl PartialEq for Md<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw && self.ctx == other.ctx
    }
}

impl Eq for Md<'_> {}

impl<'c> Md<'c> {
    fn wrap(raw: LLVMMetadataRef, ctx: LLVMContextRef) -> Self {
        Md {
            raw,
            ctx,
            from_module: false,
            _c: PhantomData,
        }
    }

    /// Metadata of another context in this one's IR would be a dangling reference, and
    /// metadata read from a module may name its values (another module's, or freed ones): a
    /// bug in the caller, never a property of the input.
    fn assert_of(self, ctx: LLVMContextRef) {
        assert!(
            self.ctx == ctx,
            "internal: metadata of another LLVM context used in this one"
        );
        assert!(
            !self.from_module,
            "internal: metadata read from a module put into IR again"
        );
    }
}

/// Data-layout facts the pass needs, queried from the module's own datalayout. Sizes exist
/// for sized types of the module's context only, offsets for the elements of such sized
/// structs: other queries give `None`. (The layout caches struct layouts by the struct's
/// address: a struct of another context, freed later, would leave an entry that a new struct
/// at the same address would read.)
#[derive(Clone, Copy)]
pub struct Layout<'m> {
    raw: t::LLVMTargetDataRef,
    ctx: LLVMContextRef,
    _m: PhantomData<&'m ()>,
}

impl Layout<'_> {
    /// A sized type of the module's context, which LLVM's size queries require.
    fn measures(&self, ty: Type<'_>) -> bool {
        ty.is_of(self.ctx) && ty.is_sized()
    }
    pub fn store_size(&self, ty: Type<'_>) -> Option<u64> {
        // SAFETY: a sized type of the layout's context.
        self.measures(ty)
            .then(|| unsafe { t::LLVMStoreSizeOfType(self.raw, ty.raw) })
    }
    pub fn alloc_size(&self, ty: Type<'_>) -> Option<u64> {
        // SAFETY: as above.
        self.measures(ty)
            .then(|| unsafe { t::LLVMABISizeOfType(self.raw, ty.raw) })
    }
    pub fn abi_align(&self, ty: Type<'_>) -> Option<u64> {
        // SAFETY: as above.
        self.measures(ty)
            .then(|| u64::from(unsafe { t::LLVMABIAlignmentOfType(self.raw, ty.raw) }))
    }
    pub fn element_offset(&self, struct_ty: Type<'_>, idx: u32) -> Option<u64> {
        let sized_struct = struct_ty.kind() == TypeKind::Struct && self.measures(struct_ty);
        // SAFETY: a sized (so non-opaque) struct of the layout's context, and an index below
        // its element count.
        (sized_struct && idx < unsafe { c::LLVMCountStructElementTypes(struct_ty.raw) })
            .then(|| unsafe { t::LLVMOffsetOfElement(self.raw, struct_ty.raw, idx) })
    }
}

impl<'c> Module<'c> {
    fn own(raw: LLVMModuleRef, ctx: &'c Context) -> Self {
        Module {
            raw,
            ctx,
            erased: RefCell::new(Vec::new()),
        }
    }

    pub fn context(&self) -> &'c Context {
        self.ctx
    }

    fn free_erased(&mut self) {
        for inst in self.erased.get_mut().drain(..) {
            // SAFETY: detached by `erase`, without operands or users, and no handle to it can
            // be alive: this runs under `&mut self` or in drop.
            unsafe { c::LLVMDeleteInstruction(inst) }
        }
    }

    /// Whether `v` may be used in this module's IR: of its context and, if it lives in a
    /// module (or is a constant naming something that does), of this module.
    pub(crate) fn admits(&self, v: Value<'_>) -> bool {
        admits(self.raw, self.ctx.raw, None, v.raw)
    }

    /// An instruction builder for this module, unpositioned (it builds nothing until
    /// [`Builder::position_before`]); it borrows the module, so it cannot outlive it.
    pub fn builder(&self) -> Builder<'_> {
        // SAFETY: a builder of the module's live context, disposed on drop.
        Builder {
            raw: unsafe { c::LLVMCreateBuilderInContext(self.ctx.raw) },
            ctx: self.ctx.raw,
            module: self.raw,
            at: std::cell::Cell::new(ptr::null_mut()),
            _m: PhantomData,
        }
    }

    /// Erases an instruction of this module that nothing uses: it leaves its block at once
    /// and gives up its operands (so what it used may become unused), and is freed when the
    /// module is next changed as a whole or dropped, so handles to it stay harmless (it has no
    /// block: builders and other modules refuse it). `false` if `inst` is not in this module
    /// (erased already included), is still used, or is a block's terminator (a block without
    /// one is IR that LLVM's passes and code generator cannot walk).
    pub fn erase(&self, inst: Instruction<'_>) -> bool {
        // SAFETY: a kind test on a live instruction.
        let terminator = !unsafe { c::LLVMIsATerminatorInst(inst.raw) }.is_null();
        if terminator || !self.admits(inst.0) || inst.has_users() {
            return false;
        }
        // SAFETY: an instruction in a block of this module with no users; each operand is
        // replaced by a poison constant of its own type before the instruction leaves its block.
        unsafe {
            let n = c::LLVMGetNumOperands(inst.raw);
            for i in 0..u32::try_from(n).unwrap_or(0) {
                let op = c::LLVMGetOperand(inst.raw, i);
                if !op.is_null() {
                    c::LLVMSetOperand(inst.raw, i, c::LLVMGetPoison(c::LLVMTypeOf(op)));
                }
            }
            c::LLVMInstructionRemoveFromParent(inst.raw);
        }
        self.erased.borrow_mut().push(inst.raw);
        true
    }

    /// Deletes the functions and global variables of `ids` that are in this module and unused;
    /// returns how many went. A function stays while another function uses one of its
    /// arguments, blocks or instructions (LLVM frees them with it).
    pub fn delete_unused(&mut self, ids: &[GlobalId]) -> usize {
        self.free_erased();
        let wanted: std::collections::HashSet<GlobalId> = ids.iter().copied().collect();
        let mut deleted = 0;
        for f in self.functions() {
            if wanted.contains(&f.id()) && !f.has_users() && !f.locals_used_elsewhere() {
                // SAFETY: a function of this module (found by walking it) with no users, and
                // none of whose arguments, blocks or instructions is used outside it; no handle
                // can be alive under `&mut self`, and `functions()` lists it once.
                unsafe { c::LLVMDeleteFunction(f.raw) };
                deleted += 1;
            }
        }
        for g in self.globals() {
            if wanted.contains(&g.id()) && !g.has_users() {
                // SAFETY: as above, for a global variable.
                unsafe { c::LLVMDeleteGlobal(g.raw) };
                deleted += 1;
            }
        }
        deleted
    }

    /// Links `other` into `self` (LLVM's linker; `other` is consumed). Both must come from
    /// the same context.
    pub fn link(&mut self, mut other: Module<'c>) -> Result<(), String> {
        if !std::ptr::eq(self.ctx, other.ctx) {
            return Err("internal: linking modules of two LLVM contexts".into());
        }
        self.free_erased();
        other.free_erased();
        let src = std::mem::replace(&mut other.raw, ptr::null_mut());
        // SAFETY: modules of one context; LLVMLinkModules2 destroys `src`, and `other` was
        // cleared so its drop is a no-op.
        let failed = unsafe { LLVMLinkModules2(self.raw, src) } != 0;
        let diags = self.ctx.take_diags();
        if failed {
            return Err(if diags.is_empty() {
                "linking failed".to_string()
            } else {
                diags.join("; ")
            });
        }
        Ok(())
    }

    pub fn clone_module(&self) -> Module<'c> {
        // SAFETY: the clone lives in the same context.
        Module::own(unsafe { c::LLVMCloneModule(self.raw) }, self.ctx)
    }

    pub fn layout(&self) -> Layout<'_> {
        // SAFETY: the data layout is owned by the module; it stays unchanged while the borrow
        // lasts (`set_data_layout` takes `&mut self`).
        Layout {
            raw: unsafe { t::LLVMGetModuleDataLayout(self.raw) },
            ctx: self.ctx.raw,
            _m: PhantomData,
        }
    }

    pub fn triple(&self) -> String {
        // SAFETY: returns a pointer into the module's own string.
        unsafe { CStr::from_ptr(c::LLVMGetTarget(self.raw)) }
            .to_string_lossy()
            .into_owned()
    }

    pub fn set_triple(&mut self, triple: &str) {
        let s = cstr(triple);
        // SAFETY: LLVM copies the string.
        unsafe { c::LLVMSetTarget(self.raw, s.as_ptr()) }
    }

    pub fn set_data_layout(&mut self, dl: &str) {
        let s = cstr(dl);
        // SAFETY: LLVM copies the string; no `Layout` borrow is alive (`&mut self`).
        unsafe { c::LLVMSetDataLayout(self.raw, s.as_ptr()) }
    }

    pub fn functions(&self) -> Vec<Function<'_>> {
        let mut out = Vec::new();
        // SAFETY: walking the module's function list.
        unsafe {
            let mut f = c::LLVMGetFirstFunction(self.raw);
            while !f.is_null() {
                out.push(Function(Value::wrap(f)));
                f = c::LLVMGetNextFunction(f);
            }
        }
        out
    }

    pub fn globals(&self) -> Vec<GlobalVariable<'_>> {
        let mut out = Vec::new();
        // SAFETY: walking the module's global list.
        unsafe {
            let mut g = c::LLVMGetFirstGlobal(self.raw);
            while !g.is_null() {
                out.push(GlobalVariable(Value::wrap(g)));
                g = c::LLVMGetNextGlobal(g);
            }
        }
        out
    }

    pub fn get_function(&self, name: &str) -> Option<Function<'_>> {
        let s = cstr(name);
        // SAFETY: lookup by name.
        let f = unsafe { c::LLVMGetNamedFunction(self.raw, s.as_ptr()) };
        (!f.is_null()).then(|| Function(Value::wrap(f)))
    }

    /// The module's datalayout string.
    pub fn data_layout(&self) -> String {
        // SAFETY: the string is owned by the module and copied at once.
        unsafe {
            let p = c::LLVMGetDataLayoutStr(self.raw);
            if p.is_null() {
                return String::new();
            }
            CStr::from_ptr(p).to_string_lossy().into_owned()
        }
    }

    /// Adds `private unnamed_addr addrspace(address_space) constant [n x i8] c"<bytes>"`.
    pub fn add_private_bytes(
        &self,
        name: &str,
        bytes: &[u8],
        address_space: u32,
    ) -> GlobalVariable<'_> {
        let s = cstr(name);
        // SAFETY: the initializer is a constant of exactly the global's type.
        unsafe {
            let init = c::LLVMConstStringInContext2(
                self.ctx.raw,
                bytes.as_ptr() as *const c_char,
                bytes.len(),
                1,
            );
            let g = c::LLVMAddGlobalInAddressSpace(
                self.raw,
                c::LLVMTypeOf(init),
                s.as_ptr(),
                address_space,
            );
            c::LLVMSetInitializer(g, init);
            c::LLVMSetGlobalConstant(g, 1);
            c::LLVMSetLinkage(g, llvm_sys::LLVMLinkage::LLVMPrivateLinkage);
            c::LLVMSetUnnamedAddress(g, llvm_sys::LLVMUnnamedAddr::LLVMGlobalUnnamedAddr);
            c::LLVMSetAlignment(g, 1);
            GlobalVariable(Value::wrap(g))
        }
    }

    /// Declares a new function (LLVM appends a suffix if the name is taken); `None` unless
    /// `fn_ty` is a function type of this module's context.
    pub fn add_function(&self, name: &str, fn_ty: Type<'c>) -> Option<Function<'_>> {
        if fn_ty.kind() != TypeKind::Function || !fn_ty.is_of(self.ctx.raw) {
            return None;
        }
        let s = cstr(name);
        // SAFETY: `fn_ty` is a function type.
        let f = unsafe { c::LLVMAddFunction(self.raw, s.as_ptr(), fn_ty.raw) };
        Some(Function(Value::wrap(f)))
    }

    /// Appends `node` to the named metadata `name` (created when missing); `node` must be of
    /// this module's context (a panic otherwise: see [`Md`]).
    pub fn add_named_md(&self, name: &CStr, node: Md<'c>) {
        node.assert_of(self.ctx.raw);
        // SAFETY: the metadata belongs to this module's context (checked).
        unsafe {
            let v = c::LLVMMetadataAsValue(self.ctx.raw, node.raw);
            c::LLVMAddNamedMetadataOperand(self.raw, name.as_ptr(), v);
        }
    }

    /// Creates the named metadata `name` if missing (DPC++ always creates both spec-constant
    /// lists, even empty).
    pub fn ensure_named_md(&self, name: &str) {
        // SAFETY: get-or-insert by name, read for `name.len()` bytes.
        unsafe {
            c::LLVMGetOrInsertNamedMetadata(self.raw, name.as_ptr() as *const c_char, name.len());
        }
    }

    pub fn has_named_md(&self, name: &str) -> bool {
        // SAFETY: lookup by name, read for `name.len()` bytes.
        !unsafe { c::LLVMGetNamedMetadata(self.raw, name.as_ptr() as *const c_char, name.len()) }
            .is_null()
    }

    /// Operands of named metadata `name`, each an MDNode as a value.
    pub fn named_md_operands(&self, name: &str) -> Vec<Value<'_>> {
        let s = cstr(name);
        // SAFETY: the destination has exactly the reported number of slots.
        unsafe {
            let n = c::LLVMGetNamedMetadataNumOperands(self.raw, s.as_ptr()) as usize;
            let mut v: Vec<LLVMValueRef> = vec![ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetNamedMetadataOperands(self.raw, s.as_ptr(), v.as_mut_ptr());
            }
            v.into_iter().map(Value::wrap).collect()
        }
    }

    pub fn verify(&self) -> Result<(), String> {
        let mut msg: *mut c_char = ptr::null_mut();
        // SAFETY: ReturnStatus action never aborts; message freed by take_message.
        unsafe {
            let bad = LLVMVerifyModule(
                self.raw,
                LLVMVerifierFailureAction::LLVMReturnStatusAction,
                &mut msg,
            ) != 0;
            let text = take_message(msg);
            if bad { Err(text) } else { Ok(()) }
        }
    }

    /// Removes all debug information (`&mut`: it deletes metadata and debug records that
    /// `DiNode` handles may point at). Returns whether there was any.
    pub fn strip_debug_info(&mut self) -> bool {
        // SAFETY: the module is ours and no handle into it is alive (`&mut self`).
        unsafe { di::LLVMStripModuleDebugInfo(self.raw) != 0 }
    }

    /// Runs a new-pass-manager pipeline (`globaldce`, …) over the module. `&mut`: passes
    /// delete functions and instructions, so no handle may be alive across them.
    pub fn run_passes(&mut self, pipeline: &str) -> Result<(), String> {
        self.run_passes_for(pipeline, None)
    }

    /// Runs a pipeline with `machine`'s target (its cost model and address-space facts:
    /// `infer-address-spaces` needs the target's flat address space).
    pub fn run_target_passes(
        &mut self,
        pipeline: &str,
        machine: &TargetMachine,
    ) -> Result<(), String> {
        self.run_passes_for(pipeline, Some(machine))
    }

    fn run_passes_for(
        &mut self,
        pipeline: &str,
        machine: Option<&TargetMachine>,
    ) -> Result<(), String> {
        use llvm_sys::error::{LLVMDisposeErrorMessage, LLVMGetErrorMessage};
        use llvm_sys::transforms::pass_builder as pb;
        let pipeline = CString::new(pipeline).map_err(|e| e.to_string())?;
        let machine = machine.map_or(ptr::null_mut(), |m| m.raw);
        // SAFETY: the options are created and disposed here; a null target machine is allowed
        // (target-independent passes), a given one outlives the call; an error message is read
        // and freed once.
        unsafe {
            let options = pb::LLVMCreatePassBuilderOptions();
            let error = pb::LLVMRunPasses(self.raw, pipeline.as_ptr(), machine, options);
            pb::LLVMDisposePassBuilderOptions(options);
            if error.is_null() {
                return Ok(());
            }
            let message = LLVMGetErrorMessage(error);
            let text = CStr::from_ptr(message).to_string_lossy().into_owned();
            LLVMDisposeErrorMessage(message);
            Err(text)
        }
    }

    pub fn to_text(&self) -> String {
        // SAFETY: the returned string is freed by take_message.
        unsafe { take_message(c::LLVMPrintModuleToString(self.raw)) }
    }

    /// The module as bitcode, in LLVM's own buffer (not copied: it is module-sized).
    pub fn to_bitcode(&self) -> Buffer {
        // SAFETY: the new buffer is owned by the returned `Buffer`.
        Buffer {
            raw: unsafe { LLVMWriteBitcodeToMemoryBuffer(self.raw) },
        }
    }

    /// Position-independent object code for `triple` (what a host object linked into a PIE
    /// needs).
    pub fn emit_pic_object(&mut self, triple: &str) -> Result<Vec<u8>, String> {
        let machine = TargetMachine::with_reloc(triple, tm::LLVMRelocMode::LLVMRelocPIC)?;
        self.emit_object(&machine)
    }

    /// Emits an object file (for SPIR-V targets: a SPIR-V binary) through `machine`'s code
    /// generator. The module must already carry a triple and datalayout fit for the target.
    /// `&mut`: code generation rewrites the module's IR.
    pub fn emit_object(&mut self, machine: &TargetMachine) -> Result<Vec<u8>, String> {
        // SAFETY: the machine and module are alive; out-params are checked.
        unsafe {
            let mut msg: *mut c_char = ptr::null_mut();
            let mut buf: LLVMMemoryBufferRef = ptr::null_mut();
            let failed = tm::LLVMTargetMachineEmitToMemoryBuffer(
                machine.raw,
                self.raw,
                tm::LLVMCodeGenFileType::LLVMObjectFile,
                &mut msg,
                &mut buf,
            ) != 0;
            let diags = self.ctx.take_diags();
            if failed || buf.is_null() {
                let mut text = take_message(msg);
                for d in diags {
                    text.push_str("; ");
                    text.push_str(&d);
                }
                return Err(text);
            }
            let out = buffer_bytes(buf);
            c::LLVMDisposeMemoryBuffer(buf);
            if !diags.is_empty() {
                return Err(diags.join("; "));
            }
            Ok(out)
        }
    }
}

/// An LLVM memory buffer, disposed on drop; derefs to its bytes.
pub struct Buffer {
    raw: LLVMMemoryBufferRef,
}

impl std::ops::Deref for Buffer {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        if self.raw.is_null() {
            return &[];
        }
        // SAFETY: start/size describe the buffer's contents, alive and unchanged while `self`
        // is.
        unsafe {
            let start = c::LLVMGetBufferStart(self.raw) as *const u8;
            let size = c::LLVMGetBufferSize(self.raw);
            if start.is_null() || size == 0 {
                return &[];
            }
            std::slice::from_raw_parts(start, size)
        }
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        if !self.raw.is_null() {
            // SAFETY: we own the buffer.
            unsafe { c::LLVMDisposeMemoryBuffer(self.raw) }
        }
    }
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Buffer({} bytes)", self.len())
    }
}

/// Owner of an LLVM target machine (default CPU, features and options) for a triple; one
/// serves a module's datalayout, target passes and emission alike.
pub struct TargetMachine {
    raw: tm::LLVMTargetMachineRef,
}

impl TargetMachine {
    pub fn new(triple: &str) -> Result<TargetMachine, String> {
        Self::with_reloc(triple, tm::LLVMRelocMode::LLVMRelocDefault)
    }

    fn with_reloc(triple: &str, reloc: tm::LLVMRelocMode) -> Result<TargetMachine, String> {
        init_targets();
        let tr = cstr(triple);
        let empty = cstr("");
        // SAFETY: standard target lookup and creation; out-params checked.
        unsafe {
            let mut target: tm::LLVMTargetRef = ptr::null_mut();
            let mut msg: *mut c_char = ptr::null_mut();
            if tm::LLVMGetTargetFromTriple(tr.as_ptr(), &mut target, &mut msg) != 0 {
                return Err(take_message(msg));
            }
            let raw = tm::LLVMCreateTargetMachine(
                target,
                tr.as_ptr(),
                empty.as_ptr(),
                empty.as_ptr(),
                tm::LLVMCodeGenOptLevel::LLVMCodeGenLevelDefault,
                reloc,
                tm::LLVMCodeModel::LLVMCodeModelDefault,
            );
            if raw.is_null() {
                return Err(format!("cannot create a target machine for {triple}"));
            }
            Ok(TargetMachine { raw })
        }
    }

    /// The datalayout string the target wants.
    pub fn data_layout(&self) -> String {
        // SAFETY: the machine is alive; the target data is disposed after copying its string.
        unsafe {
            let td = tm::LLVMCreateTargetDataLayout(self.raw);
            let s = take_message(t::LLVMCopyStringRepOfTargetData(td));
            t::LLVMDisposeTargetData(td);
            s
        }
    }
}

impl Drop for TargetMachine {
    fn drop(&mut self) {
        // SAFETY: created by LLVMCreateTargetMachine, disposed once.
        unsafe { tm::LLVMDisposeTargetMachine(self.raw) }
    }
}

unsafe fn buffer_bytes(buf: LLVMMemoryBufferRef) -> Vec<u8> {
    // SAFETY: start/size describe the buffer's live contents.
    unsafe {
        let start = c::LLVMGetBufferStart(buf) as *const u8;
        let size = c::LLVMGetBufferSize(buf);
        if start.is_null() || size == 0 {
            return Vec::new();
        }
        std::slice::from_raw_parts(start, size).to_vec()
    }
}

fn init_targets() {
    init_llvm();
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: LLVM's target registration is idempotent; guarded to run once per process.
    ONCE.call_once(|| unsafe {
        t::LLVM_InitializeAllTargetInfos();
        t::LLVM_InitializeAllTargets();
        t::LLVM_InitializeAllTargetMCs();
        t::LLVM_InitializeAllAsmPrinters();
    });
}

/// Process-wide LLVM settings, once, before any LLVM object exists.
fn init_llvm() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: option parsing and handler installation happen once, before LLVM is used; the
    // handlers are plain functions that live for the whole process.
    ONCE.call_once(|| unsafe {
        let _ = PROGRAM.set(program_name());
        // sycl_ext_oneapi_private_alloca lowers to a variable-length private array, which the
        // SPIR-V backend emits only with Intel's extension allowed (DPC++ allows it too).
        // Floating-point atomics (atomic_ref<float>, reductions' atomic strategies) need the
        // float-atomic extensions, which the CPU device has (cl_ext_float_atomics). Products and
        // bitwise operations over a work-group (sycl::multiplies, bit_and/or/xor in group
        // algorithms) are OpGroup*KHR of SPV_KHR_uniform_group_instructions, which the CPU
        // device's compiler implements (its builtin library has them; it does not announce
        // cl_khr_work_group_uniform_arithmetic), as DPC++ emits them. An extension is only
        // declared by modules that use it.
        let args = [
            c"sycl-specconst".as_ptr(),
            c"--spirv-ext=+SPV_INTEL_variable_length_array,+SPV_EXT_shader_atomic_float_add,\
+SPV_EXT_shader_atomic_float_min_max,+SPV_EXT_shader_atomic_float16_add,\
+SPV_KHR_uniform_group_instructions"
                .as_ptr(),
        ];
        llvm_sys::support::LLVMParseCommandLineOptions(2, args.as_ptr(), ptr::null());
        llvm_sys::error_handling::LLVMInstallFatalErrorHandler(Some(fatal_error));
        install_bad_alloc_error_handler(out_of_memory, ptr::null_mut());
        // LLVM's `new` failing would throw std::bad_alloc through Rust frames (an abort:
        // "Rust cannot catch foreign exceptions"); C++'s new-handler runs first.
        set_new_handler(Some(new_failed));
    });
}

unsafe extern "C" {
    /// `std::set_new_handler(void (*)())`, from the C++ runtime LLVM links.
    #[link_name = "_ZSt15set_new_handlerPFvvE"]
    fn set_new_handler(handler: Option<extern "C" fn()>) -> Option<extern "C" fn()>;
}

extern "C" fn new_failed() {
    out_of_memory(ptr::null_mut(), ptr::null(), false);
}

unsafe extern "C" {
    /// `llvm::install_bad_alloc_error_handler(fatal_error_handler_t, void *)`: not in LLVM's C
    /// API; a free function taking a function pointer and a pointer, called with the C calling
    /// convention, which the Itanium C++ ABI shares for these types.
    #[link_name = "_ZN4llvm31install_bad_alloc_error_handlerEPFvPvPKcbES0_"]
    fn install_bad_alloc_error_handler(
        handler: extern "C" fn(*mut c_void, *const c_char, bool),
        data: *mut c_void,
    );
}

/// LLVM ran out of memory: one line instead of "LLVM ERROR: out of memory" and an abort. LLVM
/// requires the handler not to return; nothing may allocate any more, so the message is
/// written with one `write` and the process leaves through `_exit`-like `abort`-free exit.
extern "C" fn out_of_memory(_data: *mut c_void, _reason: *const c_char, _crash_diag: bool) {
    use std::io::Write as _;
    let mut stderr = std::io::stderr().lock();
    if let Some(program) = PROGRAM.get() {
        let _ = stderr.write_all(program.as_bytes());
        let _ = stderr.write_all(b": ");
    }
    let _ = stderr
        .write_all(b"error: out of memory in LLVM (raise the memory limit or split the input)\n");
    std::process::exit(1);
}

fn program_name() -> String {
    std::env::args_os()
        .next()
        .and_then(|p| {
            std::path::Path::new(&p)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "sycl-specconst".into())
}

/// The program's name, for messages written where nothing may allocate.
static PROGRAM: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// LLVM's fatal errors (a backend that cannot emit something) end the process; said as one
/// line in the tool's own words, and the process exits with status 1 (LLVM exits after this
/// returns) instead of aborting.
extern "C" fn fatal_error(reason: *const c_char) {
    let program = PROGRAM.get().cloned().unwrap_or_else(program_name);
    // SAFETY: LLVM passes a NUL-terminated message.
    let reason = unsafe { CStr::from_ptr(reason) }.to_string_lossy();
    eprintln!("{program}: error: LLVM: {reason}");
}

/// The kind of an LLVM value, as far as the pass needs to tell them apart.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum ValueKind {
    Function,
    GlobalVariable,
    Argument,
    Instruction(Opcode),
    ConstantExpr(Opcode),
    ConstantInt,
    ConstantFp,
    ConstantAggregateZero,
    /// `ConstantStruct`, `ConstantArray`, `ConstantVector`.
    ConstantAggregate,
    ConstantDataSequential,
    ConstantPointerNull,
    Undef,
    /// A basic block as an operand (a branch's target).
    BasicBlock,
    /// Metadata as an operand (`MetadataAsValue`: an intrinsic's `metadata !"…"`).
    Metadata,
    Other,
}

impl<'m> Value<'m> {
    fn wrap(raw: LLVMValueRef) -> Self {
        Value {
            raw,
            _m: PhantomData,
        }
    }

    pub fn kind(self) -> ValueKind {
        use llvm_sys::LLVMValueKind as K;
        // One call instead of a chain of `LLVMIsA*` checks: this runs several times per getter
        // call and showed up in profiles of large modules.
        // SAFETY: every value has a kind; the opcode queries match the kind checked.
        unsafe {
            let v = self.raw;
            match c::LLVMGetValueKind(v) {
                K::LLVMFunctionValueKind => ValueKind::Function,
                K::LLVMGlobalVariableValueKind => ValueKind::GlobalVariable,
                K::LLVMArgumentValueKind => ValueKind::Argument,
                K::LLVMInstructionValueKind => {
                    ValueKind::Instruction(c::LLVMGetInstructionOpcode(v))
                }
                K::LLVMConstantExprValueKind => ValueKind::ConstantExpr(c::LLVMGetConstOpcode(v)),
                K::LLVMConstantIntValueKind => ValueKind::ConstantInt,
                K::LLVMConstantFPValueKind => ValueKind::ConstantFp,
                K::LLVMConstantAggregateZeroValueKind => ValueKind::ConstantAggregateZero,
                K::LLVMConstantStructValueKind
                | K::LLVMConstantArrayValueKind
                | K::LLVMConstantVectorValueKind => ValueKind::ConstantAggregate,
                K::LLVMConstantDataArrayValueKind | K::LLVMConstantDataVectorValueKind => {
                    ValueKind::ConstantDataSequential
                }
                K::LLVMConstantPointerNullValueKind => ValueKind::ConstantPointerNull,
                // Poison is an UndefValue too (what `LLVMIsUndef` tests).
                K::LLVMUndefValueValueKind | K::LLVMPoisonValueKind => ValueKind::Undef,
                K::LLVMBasicBlockValueKind => ValueKind::BasicBlock,
                K::LLVMMetadataAsValueValueKind => ValueKind::Metadata,
                _ => ValueKind::Other,
            }
        }
    }

    pub fn as_function(self) -> Option<Function<'m>> {
        (self.kind() == ValueKind::Function).then_some(Function(self))
    }

    pub fn as_global_variable(self) -> Option<GlobalVariable<'m>> {
        (self.kind() == ValueKind::GlobalVariable).then_some(GlobalVariable(self))
    }

    pub fn as_instruction(self) -> Option<Instruction<'m>> {
        matches!(self.kind(), ValueKind::Instruction(_)).then_some(Instruction(self))
    }

    pub fn as_call(self) -> Option<Call<'m>> {
        matches!(self.kind(), ValueKind::Instruction(Opcode::LLVMCall))
            .then_some(Call(Instruction(self)))
    }

    pub fn as_basic_block(self) -> Option<BasicBlock<'m>> {
        (self.kind() == ValueKind::BasicBlock).then_some(BasicBlock(self))
    }

    /// Whether this is `poison` (which [`ValueKind::Undef`] includes).
    pub fn is_poison(self) -> bool {
        // SAFETY: a kind test on any value.
        unsafe { c::LLVMIsPoison(self.raw) != 0 }
    }

    /// A global value's linkage (functions, variables, aliases); `None` for other values.
    pub fn linkage(self) -> Option<Linkage> {
        use llvm_sys::LLVMLinkage as L;
        // SAFETY: checked to be a global value, which the linkage query casts to.
        let linkage = unsafe {
            if c::LLVMIsAGlobalValue(self.raw).is_null() {
                return None;
            }
            c::LLVMGetLinkage(self.raw)
        };
        Some(match linkage {
            L::LLVMExternalLinkage => Linkage::External,
            L::LLVMAvailableExternallyLinkage => Linkage::AvailableExternally,
            L::LLVMLinkOnceAnyLinkage => Linkage::LinkOnceAny,
            L::LLVMLinkOnceODRLinkage => Linkage::LinkOnceOdr,
            L::LLVMWeakAnyLinkage => Linkage::WeakAny,
            L::LLVMWeakODRLinkage => Linkage::WeakOdr,
            L::LLVMAppendingLinkage => Linkage::Appending,
            L::LLVMInternalLinkage => Linkage::Internal,
            L::LLVMPrivateLinkage => Linkage::Private,
            L::LLVMExternalWeakLinkage => Linkage::ExternalWeak,
            L::LLVMCommonLinkage => Linkage::Common,
            _ => Linkage::Other,
        })
    }

    /// What tells this value apart from others of its kind, opcode, type and operands
    /// ([`Details`]); `None` for instructions and constant expressions with facts this layer
    /// cannot read (exception handling, `callbr`, constant expressions with flags or masks),
    /// which are then the same as nothing but themselves.
    pub fn details(self) -> Option<Details<'m>> {
        let mut d = Details::default();
        // SAFETY: each query is asked of the kind it is defined on (checked by `kind()`).
        unsafe {
            match self.kind() {
                ValueKind::Instruction(op) => instruction_details(self.raw, op, &mut d)?,
                ValueKind::ConstantExpr(Opcode::LLVMGetElementPtr) => {
                    d.numbers
                        .push(u64::from(c::LLVMGEPGetNoWrapFlags(self.raw)));
                    d.types
                        .push(Type::wrap(c::LLVMGetGEPSourceElementType(self.raw)));
                }
                ValueKind::ConstantExpr(
                    Opcode::LLVMPtrToInt
                    | Opcode::LLVMPtrToAddr
                    | Opcode::LLVMIntToPtr
                    | Opcode::LLVMBitCast
                    | Opcode::LLVMAddrSpaceCast
                    | Opcode::LLVMXor
                    | Opcode::LLVMExtractElement
                    | Opcode::LLVMInsertElement,
                ) => {}
                ValueKind::ConstantExpr(_) => return None,
                ValueKind::Function => {
                    d.numbers
                        .push(u64::from(c::LLVMGetFunctionCallConv(self.raw)));
                    d.types
                        .push(Type::wrap(c::LLVMGlobalGetValueType(self.raw)));
                    let n = c::LLVMCountParams(self.raw);
                    for index in 0..=n {
                        let count = c::LLVMGetAttributeCountAtIndex(self.raw, index);
                        let mut attributes = vec![ptr::null_mut(); count as usize];
                        if count > 0 {
                            c::LLVMGetAttributesAtIndex(self.raw, index, attributes.as_mut_ptr());
                        }
                        push_attributes(&mut d, index, &attributes);
                    }
                }
                ValueKind::GlobalVariable => {
                    d.numbers.extend([
                        u64::from(c::LLVMIsGlobalConstant(self.raw) != 0),
                        u64::from(c::LLVMIsThreadLocal(self.raw) != 0),
                        u64::from(c::LLVMGetAlignment(self.raw)),
                        u64::from(c::LLVMGetPointerAddressSpace(c::LLVMTypeOf(self.raw))),
                        c::LLVMGetUnnamedAddress(self.raw) as u64,
                    ]);
                    d.types
                        .push(Type::wrap(c::LLVMGlobalGetValueType(self.raw)));
                }
                _ => {}
            }
        }
        Some(d)
    }

    pub fn name(self) -> String {
        let mut len = 0usize;
        // SAFETY: returns a pointer to `len` bytes owned by the value.
        unsafe {
            let p = c::LLVMGetValueName2(self.raw, &mut len);
            if p.is_null() {
                return String::new();
            }
            String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
        }
    }

    pub fn set_name(self, name: &str) {
        // SAFETY: LLVM copies the name.
        unsafe { c::LLVMSetValueName2(self.raw, name.as_ptr() as *const c_char, name.len()) }
    }

    pub fn ty(self) -> Type<'m> {
        // SAFETY: every value has a type.
        Type::wrap(unsafe { c::LLVMTypeOf(self.raw) })
    }

    /// Operand count of users (instructions, constants); 0 for other values.
    pub fn num_operands(self) -> u32 {
        // SAFETY: checked to be a user, which the count query casts to.
        let n = unsafe {
            if c::LLVMIsAUser(self.raw).is_null() {
                return 0;
            }
            c::LLVMGetNumOperands(self.raw)
        };
        u32::try_from(n).unwrap_or(0)
    }

    pub fn operand(self, i: u32) -> Option<Value<'m>> {
        if i >= self.num_operands() {
            return None;
        }
        // SAFETY: a user (it has operands), and the index is in range.
        let v = unsafe { c::LLVMGetOperand(self.raw, i) };
        (!v.is_null()).then(|| Value::wrap(v))
    }

    /// Users in use-list order (what LLVM's `users()` yields: a user once per use) that live
    /// where this value does: in its module, or in the context (constants naming no global).
    /// A constant naming no global (`{i32 1, i32 2}`) is shared by every module of the
    /// context, and so is its use list: the users it lists are constants naming no global.
    pub fn users(self) -> Vec<Value<'m>> {
        // SAFETY: a live handle.
        let module = match unsafe { home_of(self.raw) } {
            Home::Context => None,
            Home::Unknown => return Vec::new(),
            home => match home.module() {
                Some(m) if !m.is_null() => Some(m),
                _ => return Vec::new(),
            },
        };
        users_in(self.raw, module)
    }

    pub fn has_users(self) -> bool {
        // SAFETY: reading the head of the use list.
        !unsafe { c::LLVMGetFirstUse(self.raw) }.is_null()
    }

    /// For `ptr addrspace(N)` values: N.
    pub fn pointer_address_space(self) -> Option<u32> {
        self.ty().pointer_address_space()
    }

    /// Whether this is an `i8` `ConstantDataSequential` (what `const_bytes` reads), without
    /// copying the bytes.
    pub fn is_constant_string(self) -> bool {
        // SAFETY: LLVMIsConstantString is only called on data sequentials.
        unsafe {
            !c::LLVMIsAConstantDataSequential(self.raw).is_null()
                && c::LLVMIsConstantString(self.raw) != 0
        }
    }

    /// For `ConstantDataSequential` of `i8`: the raw bytes.
    pub fn const_bytes(self) -> Option<Vec<u8>> {
        // SAFETY: LLVMIsConstantString guards LLVMGetAsString.
        unsafe {
            if c::LLVMIsAConstantDataSequential(self.raw).is_null()
                || c::LLVMIsConstantString(self.raw) == 0
            {
                return None;
            }
            let mut len = 0usize;
            let p = c::LLVMGetAsString(self.raw, &mut len);
            if p.is_null() {
                return Some(Vec::new());
            }
            Some(std::slice::from_raw_parts(p as *const u8, len).to_vec())
        }
    }

    /// `Constant::getAggregateElement`: works for aggregates, data sequentials, zero and undef;
    /// `None` for anything else, non-constants included.
    pub fn aggregate_element(self, idx: u32) -> Option<Value<'m>> {
        // SAFETY: checked to be a constant, which the C API's cast requires; it returns null
        // for constants without such an element.
        let v = unsafe {
            if c::LLVMIsAConstant(self.raw).is_null() {
                return None;
            }
            c::LLVMGetAggregateElement(self.raw, idx)
        };
        (!v.is_null()).then(|| Value::wrap(v))
    }

    /// For `ConstantInt` up to 64 bits: the zero-extended value.
    pub fn const_int_zext(self) -> Option<u64> {
        if self.kind() != ValueKind::ConstantInt {
            return None;
        }
        if self.ty().int_width().is_none_or(|w| w > 64) {
            return None;
        }
        // SAFETY: checked to be a ConstantInt of at most 64 bits.
        Some(unsafe { c::LLVMConstIntGetZExtValue(self.raw) })
    }

    /// For `ConstantInt` up to 64 bits: the sign-extended value.
    pub fn const_int_sext(self) -> Option<i64> {
        if self.kind() != ValueKind::ConstantInt {
            return None;
        }
        if self.ty().int_width().is_none_or(|w| w > 64) {
            return None;
        }
        // SAFETY: checked to be a ConstantInt of at most 64 bits.
        Some(unsafe { c::LLVMConstIntGetSExtValue(self.raw) })
    }

    /// For GEP instructions and constant expressions: the source element type.
    pub fn gep_source_type(self) -> Option<Type<'m>> {
        if !opcode_is(self, Opcode::LLVMGetElementPtr) {
            return None;
        }
        // SAFETY: checked to be a GEP.
        let t = unsafe { c::LLVMGetGEPSourceElementType(self.raw) };
        (!t.is_null()).then(|| Type::wrap(t))
    }

    /// For `ConstantFP`: the IEEE bit pattern (bitcast folded by LLVM's constant folder).
    pub fn const_fp_bits(self) -> Option<u64> {
        if self.kind() != ValueKind::ConstantFp {
            return None;
        }
        let ty = self.ty();
        let bits = ty.fp_bits()?;
        // Float and double values other than NaN round-trip exactly through a `double`, which
        // is much cheaper than folding a bitcast (that also leaves a new `ConstantInt` in the
        // context for every default). NaN payloads and 16-bit types take the bitcast.
        if matches!(ty.kind(), TypeKind::Float | TypeKind::Double) {
            let mut loses: LLVMBool = 0;
            // SAFETY: checked to be a ConstantFP of float or double type.
            let d = unsafe { c::LLVMConstRealGetDouble(self.raw, &mut loses) };
            if loses == 0 && !d.is_nan() {
                return Some(if bits == 32 {
                    u64::from((d as f32).to_bits())
                } else {
                    d.to_bits()
                });
            }
        }
        // SAFETY: an integer type of the value's own context, and a bitcast between
        // same-sized scalar types, which folds to a ConstantInt.
        let folded = unsafe {
            let ity = c::LLVMIntTypeInContext(c::LLVMGetTypeContext(ty.raw), bits);
            Value::wrap(c::LLVMConstBitCast(self.raw, ity))
        };
        folded.const_int_zext()
    }

    /// Replaces every use of `self` with `new`, which must have the same type (LLVM's own
    /// requirement; the type check also keeps values of two contexts apart) and be admitted
    /// by `self`'s module ([`Module::admits`]). `self` is an instruction, argument or global
    /// (constants are uniqued: LLVM does not replace their uses).
    pub fn replace_all_uses_with(self, new: Value<'_>) -> Result<(), String> {
        if self.raw == new.raw {
            return Err("internal: replacing a value with itself".into());
        }
        // The uses of a global value may be in any of its module's functions, so only values
        // of no function may replace it; those of a local are in its own function.
        // SAFETY: a live handle.
        let admitted = match unsafe { home_of(self.raw) } {
            Home::Module(module) => {
                admits(module, self.ty().context_raw(), None, new.raw)
                    // SAFETY: a live handle.
                    && !matches!(unsafe { home_of(new.raw) }, Home::Function(_))
            }
            Home::Function(f) if !f.is_null() => Home::Function(f)
                .module()
                .is_some_and(|m| admits(m, self.ty().context_raw(), Some(f), new.raw)),
            _ => false,
        };
        if !admitted {
            return Err(
                "internal: replacing a value with one of another module or function, \
                 or an erased one"
                    .into(),
            );
        }
        let (old_ty, new_ty) = (self.ty(), new.ty());
        if old_ty.raw != new_ty.raw {
            return Err(format!(
                "internal: replacing a value of type {} with one of type {}",
                old_ty.print(),
                new_ty.print()
            ));
        }
        // SAFETY: two values of the same type, so of the same context.
        unsafe { c::LLVMReplaceAllUsesWith(self.raw, new.raw) }
        Ok(())
    }

    /// For instructions: the function containing it.
    pub fn parent_function(self) -> Option<Function<'m>> {
        // SAFETY: instruction → block → function, each checked for null.
        unsafe {
            if c::LLVMIsAInstruction(self.raw).is_null() {
                return None;
            }
            let bb = c::LLVMGetInstructionParent(self.raw);
            if bb.is_null() {
                return None;
            }
            let f = c::LLVMGetBasicBlockParent(bb);
            (!f.is_null()).then(|| Function(Value::wrap(f)))
        }
    }

    /// For `ret` instructions: the returned value.
    pub fn return_value(self) -> Option<Value<'m>> {
        if !matches!(self.kind(), ValueKind::Instruction(Opcode::LLVMRet)) {
            return None;
        }
        self.operand(0)
    }

    /// Operands of an MDNode-as-value: MDStrings come back as metadata values, constants as
    /// themselves.
    pub fn md_node_operands(self) -> Vec<Value<'m>> {
        // SAFETY: checked to be an MDNode; the destination has exactly the reported number
        // of slots.
        unsafe {
            if c::LLVMIsAMDNode(self.raw).is_null() {
                return Vec::new();
            }
            let n = c::LLVMGetMDNodeNumOperands(self.raw) as usize;
            let mut v: Vec<LLVMValueRef> = vec![ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetMDNodeOperands(self.raw, v.as_mut_ptr());
            }
            v.into_iter()
                .filter(|p| !p.is_null())
                .map(Value::wrap)
                .collect()
        }
    }

    pub fn md_string(self) -> Option<String> {
        // SAFETY: LLVMIsAMDString guards LLVMGetMDString.
        unsafe {
            if c::LLVMIsAMDString(self.raw).is_null() {
                return None;
            }
            let mut len: c_uint = 0;
            let p = c::LLVMGetMDString(self.raw, &mut len);
            if p.is_null() {
                return Some(String::new());
            }
            Some(
                String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize))
                    .into_owned(),
            )
        }
    }

    /// A constant as metadata (`ConstantAsMetadata`); `None` for non-constants and for
    /// constants naming a global value: metadata is the context's, and would name the global
    /// from any module (LLVM frees the wrapper when the global is replaced or deleted).
    pub fn as_md(self) -> Option<Md<'m>> {
        // SAFETY: a live handle.
        if unsafe { home_of(self.raw) } != Home::Context {
            return None;
        }
        // SAFETY: checked to be a constant naming no global, which LLVM wraps as
        // ValueAsMetadata owned by the context.
        unsafe {
            if c::LLVMIsAConstant(self.raw).is_null() {
                return None;
            }
            let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(self.raw));
            Some(Md::wrap(c::LLVMValueAsMetadata(self.raw), ctx))
        }
    }
}

impl<'m> Function<'m> {
    pub fn as_value(self) -> Value<'m> {
        self.0
    }

    /// The function type.
    pub fn function_type(self) -> Type<'m> {
        // SAFETY: a function is a global value.
        Type::wrap(unsafe { c::LLVMGlobalGetValueType(self.raw) })
    }

    /// The call instructions that call this function directly, each once (a call passing the
    /// function as an argument as well is one user with several uses), in use-list order.
    pub fn direct_calls(self) -> Vec<Call<'m>> {
        let mut seen = std::collections::HashSet::new();
        self.0
            .users()
            .into_iter()
            .filter(|user| seen.insert(*user))
            .filter_map(Value::as_call)
            .filter(|call| call.callee() == self.0)
            .collect()
    }

    pub fn is_declaration(self) -> bool {
        // SAFETY: a function is a global value.
        unsafe { c::LLVMIsDeclaration(self.raw) != 0 }
    }

    /// The type of the `sret` attribute on parameter `param`, if any.
    pub fn sret_type(self, param: u32) -> Option<Type<'m>> {
        self.param_type_attribute(param, "sret")
    }

    /// The type carried by the type attribute `kind` (`byval`, `sret`, …) on parameter
    /// `param`, if any.
    pub fn param_type_attribute(self, param: u32, kind: &str) -> Option<Type<'m>> {
        // SAFETY: attribute lookup on a function (a missing index finds no attribute); index
        // 1 is the first parameter.
        unsafe {
            let id = c::LLVMGetEnumAttributeKindForName(kind.as_ptr() as *const c_char, kind.len());
            let a = c::LLVMGetEnumAttributeAtIndex(self.raw, param.checked_add(1)?, id);
            if a.is_null() {
                return None;
            }
            let ty = c::LLVMGetTypeAttributeValue(a);
            (!ty.is_null()).then(|| Type::wrap(ty))
        }
    }

    /// The value of the integer attribute `kind` (`dereferenceable`, `align`) on parameter
    /// `param`, if present.
    pub fn param_int_attribute(self, param: u32, kind: &str) -> Option<u64> {
        // SAFETY: attribute lookup on a function; index 1 is the first parameter.
        unsafe {
            let id = c::LLVMGetEnumAttributeKindForName(kind.as_ptr() as *const c_char, kind.len());
            let a = c::LLVMGetEnumAttributeAtIndex(self.raw, param.checked_add(1)?, id);
            (!a.is_null()).then(|| c::LLVMGetEnumAttributeValue(a))
        }
    }

    pub fn params(self) -> Vec<Value<'m>> {
        // SAFETY: a function; the array has exactly `n` slots.
        unsafe {
            let n = c::LLVMCountParams(self.raw) as usize;
            let mut v: Vec<LLVMValueRef> = vec![ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetParams(self.raw, v.as_mut_ptr());
            }
            v.into_iter().map(Value::wrap).collect()
        }
    }

    /// Gives the function internal linkage (no longer visible outside the module).
    pub fn set_internal_linkage(self) {
        // SAFETY: a function is a global value.
        unsafe { c::LLVMSetLinkage(self.raw, llvm_sys::LLVMLinkage::LLVMInternalLinkage) }
    }

    /// Whether the function has plain external linkage (`dso_local` definitions and
    /// declarations included; not `linkonce_odr`, `weak`, …).
    pub fn linkage_is_external(self) -> bool {
        // SAFETY: a function is a global value.
        let l = unsafe { c::LLVMGetLinkage(self.raw) };
        l == llvm_sys::LLVMLinkage::LLVMExternalLinkage
    }

    /// Gives the function plain external linkage (`weak_odr` kernels once the device link
    /// has chosen one definition per name).
    pub fn set_external_linkage(self) {
        // SAFETY: a function is a global value.
        unsafe { c::LLVMSetLinkage(self.raw, llvm_sys::LLVMLinkage::LLVMExternalLinkage) }
    }

    /// Whether the function is an LLVM intrinsic (`llvm.*`), which no module defines.
    pub fn is_intrinsic(self) -> bool {
        // SAFETY: a function.
        unsafe { c::LLVMGetIntrinsicID(self.raw) != 0 }
    }

    /// Makes the function `linkonce_odr`: on a device link, another module's definition of
    /// the same name may stand in for it.
    pub fn set_linkonce_odr_linkage(self) {
        // SAFETY: a function is a global value.
        unsafe { c::LLVMSetLinkage(self.raw, llvm_sys::LLVMLinkage::LLVMLinkOnceODRLinkage) }
    }

    pub(crate) fn calling_conv(self) -> u32 {
        // SAFETY: a function.
        unsafe { c::LLVMGetFunctionCallConv(self.raw) }
    }

    pub fn set_calling_conv(self, cc: u32) {
        // SAFETY: a function.
        unsafe { c::LLVMSetFunctionCallConv(self.raw, cc) }
    }

    pub fn is_spir_kernel(self) -> bool {
        self.calling_conv() == LLVMCallConv::LLVMSPIRKERNELCallConv as u32
    }

    /// The value of string attribute `key` (`"sycl-module-id"="a.cpp"`), or an empty string
    /// for a present attribute without value.
    pub fn string_attribute(self, key: &str) -> Option<String> {
        let n = c_uint::try_from(key.len()).ok()?;
        // SAFETY: a function; the key is read for `n` bytes; the value is copied out before
        // the attribute can go away.
        unsafe {
            let a = c::LLVMGetStringAttributeAtIndex(
                self.raw,
                llvm_sys::LLVMAttributeFunctionIndex,
                key.as_ptr() as *const c_char,
                n,
            );
            if a.is_null() {
                return None;
            }
            let mut len: c_uint = 0;
            let v = c::LLVMGetStringAttributeValue(a, &mut len);
            if v.is_null() {
                return Some(String::new());
            }
            let bytes = std::slice::from_raw_parts(v as *const u8, len as usize);
            Some(String::from_utf8_lossy(bytes).into_owned())
        }
    }

    /// Attaches `node` as the function's `!kind` metadata (`!reqd_work_group_size !{…}`),
    /// replacing any earlier one.
    /// `node` must be of the function's context (a panic otherwise: see [`Md`]).
    pub fn set_metadata(self, kind: &str, node: Md<'m>) {
        let Ok(len) = c_uint::try_from(kind.len()) else {
            return;
        };
        // SAFETY: a function is a global object; the kind name is read for `len` bytes and
        // the node belongs to the function's context (checked).
        unsafe {
            let ctx = c::LLVMGetModuleContext(c::LLVMGetGlobalParent(self.raw));
            node.assert_of(ctx);
            let id = c::LLVMGetMDKindIDInContext(ctx, kind.as_ptr() as *const c_char, len);
            c::LLVMGlobalSetMetadata(self.raw, id, node.raw);
        }
    }

    /// The operands of the function's `!kind` metadata node (constants as themselves), or
    /// `None` when it has none.
    pub fn metadata_operands(self, kind: &str) -> Option<Vec<Value<'m>>> {
        let len = c_uint::try_from(kind.len()).ok()?;
        // SAFETY: a function is a global object; the entries array has `n` slots and is
        // disposed after use; the node is wrapped as a value of the function's context.
        unsafe {
            let ctx = c::LLVMGetModuleContext(c::LLVMGetGlobalParent(self.raw));
            let id = c::LLVMGetMDKindIDInContext(ctx, kind.as_ptr() as *const c_char, len);
            let mut n: usize = 0;
            let entries = c::LLVMGlobalCopyAllMetadata(self.raw, &mut n);
            if entries.is_null() {
                return None;
            }
            let node = (0..n)
                .filter_map(|i| c_uint::try_from(i).ok())
                .find(|&i| c::LLVMValueMetadataEntriesGetKind(entries, i) == id)
                .map(|i| c::LLVMValueMetadataEntriesGetMetadata(entries, i));
            c::LLVMDisposeValueMetadataEntries(entries);
            node.map(|md| Value::wrap(c::LLVMMetadataAsValue(ctx, md)).md_node_operands())
        }
    }

    /// Adds the function attribute named `name` (`alwaysinline`); false unless it is one of
    /// [`VALUELESS_FUNCTION_ATTRIBUTES`] (an integer or type attribute such as `align` or
    /// `byval` made without its value would be read as one by LLVM).
    pub fn add_enum_attribute(self, name: &str) -> bool {
        if !VALUELESS_FUNCTION_ATTRIBUTES.contains(&name) {
            return false;
        }
        let Some(kind) = enum_attribute_kind(name) else {
            return false;
        };
        // SAFETY: a function; the attribute is created in the function's context.
        unsafe {
            let ctx = c::LLVMGetModuleContext(c::LLVMGetGlobalParent(self.raw));
            let attribute = c::LLVMCreateEnumAttribute(ctx, kind, 0);
            c::LLVMAddAttributeAtIndex(self.raw, llvm_sys::LLVMAttributeFunctionIndex, attribute);
        }
        true
    }

    /// Removes the function attribute named `name` (`noinline`), if present.
    pub fn remove_enum_attribute(self, name: &str) {
        if let Some(kind) = enum_attribute_kind(name) {
            // SAFETY: a function; removing an absent attribute is a no-op.
            unsafe {
                c::LLVMRemoveEnumAttributeAtIndex(
                    self.raw,
                    llvm_sys::LLVMAttributeFunctionIndex,
                    kind,
                )
            }
        }
    }

    /// Sets string attribute `key` to `value` on the function (replacing an earlier value).
    pub fn set_string_attribute(self, key: &str, value: &str) {
        let (Ok(key_len), Ok(value_len)) =
            (c_uint::try_from(key.len()), c_uint::try_from(value.len()))
        else {
            return;
        };
        // SAFETY: a function; LLVM copies both strings, read for their lengths, into the
        // attribute it creates in the function's context.
        unsafe {
            let ctx = c::LLVMGetModuleContext(c::LLVMGetGlobalParent(self.raw));
            let attribute = c::LLVMCreateStringAttribute(
                ctx,
                key.as_ptr() as *const c_char,
                key_len,
                value.as_ptr() as *const c_char,
                value_len,
            );
            c::LLVMAddAttributeAtIndex(self.raw, llvm_sys::LLVMAttributeFunctionIndex, attribute);
        }
    }

    /// The function's `DISubprogram`, if it has debug information.
    pub fn subprogram(self) -> Option<DiNode<'m>> {
        // SAFETY: a function value; the result is null or the function's subprogram.
        unsafe { DiNode::wrap(di::LLVMGetSubprogram(self.raw), self.context_raw()) }
    }

    /// The variables the function's debug records (`#dbg_declare`, `#dbg_value`) describe,
    /// in instruction order, repeats included.
    pub fn debug_variables(self) -> Vec<DiNode<'m>> {
        let ctx = self.context_raw();
        let mut out = Vec::new();
        for inst in self.instructions() {
            // SAFETY: walking the debug records attached to an instruction of the function;
            // the variable is asked of variable records only (labels have none).
            unsafe {
                let mut record = c::LLVMGetFirstDbgRecord(inst.raw);
                while !record.is_null() {
                    if !matches!(
                        c::LLVMDbgRecordGetKind(record),
                        llvm_sys::LLVMDbgRecordKind::LLVMDbgRecordLabel
                    ) {
                        out.extend(DiNode::wrap(
                            c::LLVMDbgVariableRecordGetVariable(record),
                            ctx,
                        ));
                    }
                    record = c::LLVMGetNextDbgRecord(record);
                }
            }
        }
        out
    }

    fn context_raw(self) -> LLVMContextRef {
        // SAFETY: every function this layer hands out belongs to a module.
        unsafe { c::LLVMGetModuleContext(c::LLVMGetGlobalParent(self.raw)) }
    }

    /// All instructions in block order.
    pub fn instructions(self) -> Vec<Instruction<'m>> {
        let mut out = Vec::new();
        // SAFETY: walking the blocks and instructions of a function.
        unsafe {
            let mut bb = c::LLVMGetFirstBasicBlock(self.raw);
            while !bb.is_null() {
                let mut i = c::LLVMGetFirstInstruction(bb);
                while !i.is_null() {
                    out.push(Instruction(Value::wrap(i)));
                    i = c::LLVMGetNextInstruction(i);
                }
                bb = c::LLVMGetNextBasicBlock(bb);
            }
        }
        out
    }

    /// The function's basic blocks, in order (none for a declaration).
    pub fn basic_blocks(self) -> Vec<BasicBlock<'m>> {
        let mut out = Vec::new();
        // SAFETY: walking the blocks of a function.
        unsafe {
            let mut bb = c::LLVMGetFirstBasicBlock(self.raw);
            while !bb.is_null() {
                out.push(BasicBlock(Value::wrap(c::LLVMBasicBlockAsValue(bb))));
                bb = c::LLVMGetNextBasicBlock(bb);
            }
        }
        out
    }

    /// The metadata attached to the function (`!dbg`, `!reqd_work_group_size`, …), as kind
    /// ([`Context::md_kind_id`]) and node, in LLVM's order (by kind).
    pub fn metadata_attachments(self) -> Vec<(u32, Md<'m>)> {
        let ctx = self.context_raw();
        // SAFETY: a function is a global object; the entries array has `n` slots and is
        // disposed after use; each node is metadata of the function's context.
        unsafe {
            let mut n: usize = 0;
            let entries = c::LLVMGlobalCopyAllMetadata(self.raw, &mut n);
            if entries.is_null() {
                return Vec::new();
            }
            let out = (0..n)
                .filter_map(|i| c_uint::try_from(i).ok())
                .map(|i| {
                    (
                        c::LLVMValueMetadataEntriesGetKind(entries, i),
                        Md {
                            from_module: true,
                            ..Md::wrap(c::LLVMValueMetadataEntriesGetMetadata(entries, i), ctx)
                        },
                    )
                })
                .collect();
            c::LLVMDisposeValueMetadataEntries(entries);
            out
        }
    }

    /// Names the function for [`Module::delete_unused`].
    pub fn id(self) -> GlobalId {
        GlobalId(self.raw as usize)
    }

    /// Whether an argument, block or instruction of the function has a user outside it
    /// (which deleting the function would leave naming freed memory).
    fn locals_used_elsewhere(self) -> bool {
        let home = Home::Function(self.raw);
        let used_elsewhere = |v: LLVMValueRef| {
            // SAFETY: walking a live value's use list; each user is live.
            unsafe {
                let mut u = c::LLVMGetFirstUse(v);
                while !u.is_null() {
                    if home_of(c::LLVMGetUser(u)) != home {
                        return true;
                    }
                    u = c::LLVMGetNextUse(u);
                }
            }
            false
        };
        self.params().iter().any(|p| used_elsewhere(p.raw))
            || self.basic_blocks().iter().any(|b| used_elsewhere(b.0.raw))
            || self.instructions().iter().any(|i| used_elsewhere(i.raw))
    }
}

impl<'m> GlobalVariable<'m> {
    pub fn as_value(self) -> Value<'m> {
        self.0
    }

    pub fn initializer(self) -> Option<Value<'m>> {
        // SAFETY: a global variable; declarations have a null initializer.
        let v = unsafe { c::LLVMGetInitializer(self.raw) };
        (!v.is_null()).then(|| Value::wrap(v))
    }

    /// Gives the global internal linkage (no longer visible outside the module).
    pub fn set_internal_linkage(self) {
        // SAFETY: a global variable is a global value.
        unsafe { c::LLVMSetLinkage(self.raw, llvm_sys::LLVMLinkage::LLVMInternalLinkage) }
    }

    pub fn linkage_is_private_or_internal(self) -> bool {
        // SAFETY: a global variable is a global value.
        let l = unsafe { c::LLVMGetLinkage(self.raw) };
        matches!(
            l,
            llvm_sys::LLVMLinkage::LLVMPrivateLinkage | llvm_sys::LLVMLinkage::LLVMInternalLinkage
        )
    }

    /// The global's address cast (a folded `addrspacecast` constant) to `ty`, a pointer type
    /// of another address space; `None` for any other type (one of another context included).
    pub fn address_cast_to(self, ty: Type<'_>) -> Option<Value<'m>> {
        if !ty.is_of(self.ty().context_raw()) {
            return None;
        }
        let from = self.pointer_address_space()?;
        let to = ty.pointer_address_space()?;
        // SAFETY: a pointer constant cast to a pointer type of another address space, which
        // is what the constant folder accepts.
        (from != to).then(|| Value::wrap(unsafe { c::LLVMConstAddrSpaceCast(self.raw, ty.raw) }))
    }

    /// Names the global for [`Module::delete_unused`].
    pub fn id(self) -> GlobalId {
        GlobalId(self.raw as usize)
    }
}

impl<'m> Instruction<'m> {
    pub fn as_value(self) -> Value<'m> {
        self.0
    }

    /// A `phi`'s incoming blocks, one per incoming value (operand), in order; none for other
    /// instructions.
    pub fn incoming_blocks(self) -> Vec<BasicBlock<'m>> {
        if self.kind() != ValueKind::Instruction(Opcode::LLVMPHI) {
            return Vec::new();
        }
        // SAFETY: a phi, asked for blocks below its incoming count.
        unsafe {
            (0..c::LLVMCountIncoming(self.raw))
                .map(|i| {
                    BasicBlock(Value::wrap(c::LLVMBasicBlockAsValue(
                        c::LLVMGetIncomingBlock(self.raw, i),
                    )))
                })
                .collect()
        }
    }
}

impl<'m> BasicBlock<'m> {
    pub fn as_value(self) -> Value<'m> {
        self.0
    }

    /// The block's instructions, in order.
    pub fn instructions(self) -> Vec<Instruction<'m>> {
        let mut out = Vec::new();
        // SAFETY: a basic block's value (checked on construction), and its instruction list.
        unsafe {
            let bb = c::LLVMValueAsBasicBlock(self.0.raw);
            let mut i = c::LLVMGetFirstInstruction(bb);
            while !i.is_null() {
                out.push(Instruction(Value::wrap(i)));
                i = c::LLVMGetNextInstruction(i);
            }
        }
        out
    }
}

impl<'m> Call<'m> {
    /// The callee operand (a function for direct calls).
    pub fn callee(self) -> Value<'m> {
        // SAFETY: a call instruction.
        Value::wrap(unsafe { c::LLVMGetCalledValue(self.raw) })
    }

    pub fn num_args(self) -> u32 {
        // SAFETY: a call instruction.
        unsafe { c::LLVMGetNumArgOperands(self.raw) }
    }

    /// Argument `i` (the call's operand `i`; the callee comes after the arguments).
    pub fn arg(self, i: u32) -> Option<Value<'m>> {
        if i >= self.num_args() {
            return None;
        }
        self.operand(i)
    }
}

/// A global value's linkage ([`Value::linkage`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Linkage {
    External,
    AvailableExternally,
    LinkOnceAny,
    LinkOnceOdr,
    WeakAny,
    WeakOdr,
    Appending,
    Internal,
    Private,
    ExternalWeak,
    Common,
    Other,
}

impl Linkage {
    /// Internal or private: the module's own, whatever its name.
    pub fn is_local(self) -> bool {
        matches!(self, Linkage::Internal | Linkage::Private)
    }

    /// `linkonce` or `weak` (ODR or not): a definition that one of another module of the same
    /// name may stand in for.
    pub fn is_linkonce_or_weak(self) -> bool {
        matches!(
            self,
            Linkage::LinkOnceAny | Linkage::LinkOnceOdr | Linkage::WeakAny | Linkage::WeakOdr
        )
    }
}

/// What tells a value apart from others of the same kind, opcode, type and operands
/// ([`Value::details`]), in an order fixed per kind and opcode:
/// * instructions: wrap, `exact`, `disjoint` and `nneg` flags; comparison predicates (and
///   `samesign`); alignment, `volatile`, atomic orderings, sync scope and the `atomicrmw`
///   operation; GEP no-wrap flags and source element type; an `alloca`'s allocated type;
///   a call's calling convention, tail-call kind, function type, call-site attributes and
///   operand-bundle tags; `extractvalue`/`insertvalue` indices; shuffle masks; fast-math
///   flags;
/// * functions: calling convention, function type, return and parameter attributes (not
///   function attributes, which say how the code was compiled, not what it is);
/// * global variables: constness, thread-locality, alignment, address space, `unnamed_addr`
///   and value type.
///
/// Attributes are numbers (place, kind, value; `range`-like attributes by kind only), types
/// (of `byval(T)`, `sret(T)`, …) and strings (key and value).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Details<'m> {
    pub numbers: Vec<u64>,
    pub types: Vec<Type<'m>>,
    pub strings: Vec<String>,
}

/// An instruction's details ([`Details`]); `None` for opcodes whose facts this layer cannot
/// read.
///
/// # Safety
/// `v` is a live instruction of opcode `op`.
unsafe fn instruction_details(v: LLVMValueRef, op: Opcode, d: &mut Details<'_>) -> Option<()> {
    use Opcode as O;
    // SAFETY: every query is made on the opcodes LLVM defines it for (Core.cpp's casts).
    unsafe {
        let flag = |b: LLVMBool| u64::from(b != 0);
        let memory = |d: &mut Details<'_>| {
            d.numbers.push(u64::from(c::LLVMGetAlignment(v)));
            d.numbers.push(flag(c::LLVMGetVolatile(v)));
        };
        let sync_scope = |d: &mut Details<'_>| {
            d.numbers.push(if c::LLVMIsAtomic(v) != 0 {
                u64::from(c::LLVMGetAtomicSyncScopeID(v))
            } else {
                u64::MAX
            })
        };
        match op {
            O::LLVMAdd | O::LLVMSub | O::LLVMMul | O::LLVMShl | O::LLVMTrunc => {
                d.numbers.push(flag(c::LLVMGetNUW(v)));
                d.numbers.push(flag(c::LLVMGetNSW(v)));
            }
            O::LLVMUDiv | O::LLVMSDiv | O::LLVMLShr | O::LLVMAShr => {
                d.numbers.push(flag(c::LLVMGetExact(v)));
            }
            O::LLVMOr => d.numbers.push(flag(c::LLVMGetIsDisjoint(v))),
            O::LLVMZExt | O::LLVMUIToFP => d.numbers.push(flag(c::LLVMGetNNeg(v))),
            O::LLVMICmp => {
                d.numbers.push(c::LLVMGetICmpPredicate(v) as u64);
                d.numbers.push(flag(c::LLVMGetICmpSameSign(v)));
            }
            O::LLVMFCmp => d.numbers.push(c::LLVMGetFCmpPredicate(v) as u64),
            O::LLVMAlloca => {
                d.numbers.push(u64::from(c::LLVMGetAlignment(v)));
                d.types.push(Type::wrap(c::LLVMGetAllocatedType(v)));
            }
            O::LLVMLoad | O::LLVMStore => {
                memory(d);
                d.numbers.push(c::LLVMGetOrdering(v) as u64);
                sync_scope(d);
            }
            O::LLVMAtomicRMW => {
                memory(d);
                d.numbers.push(c::LLVMGetAtomicRMWBinOp(v) as u64);
                d.numbers.push(c::LLVMGetOrdering(v) as u64);
                sync_scope(d);
            }
            O::LLVMAtomicCmpXchg => {
                memory(d);
                d.numbers.push(c::LLVMGetCmpXchgSuccessOrdering(v) as u64);
                d.numbers.push(c::LLVMGetCmpXchgFailureOrdering(v) as u64);
                d.numbers.push(flag(c::LLVMGetWeak(v)));
                sync_scope(d);
            }
            O::LLVMFence => {
                d.numbers.push(c::LLVMGetOrdering(v) as u64);
                sync_scope(d);
            }
            O::LLVMGetElementPtr => {
                d.numbers.push(u64::from(c::LLVMGEPGetNoWrapFlags(v)));
                d.types.push(Type::wrap(c::LLVMGetGEPSourceElementType(v)));
            }
            O::LLVMCall => call_details(v, d),
            O::LLVMExtractValue | O::LLVMInsertValue => {
                let n = c::LLVMGetNumIndices(v) as usize;
                let indices = c::LLVMGetIndices(v);
                if n > 0 && !indices.is_null() {
                    let indices = std::slice::from_raw_parts(indices, n);
                    d.numbers.extend(indices.iter().map(|&i| u64::from(i)));
                }
            }
            O::LLVMShuffleVector => {
                let n = c::LLVMGetNumMaskElements(v);
                // The mask's elements, poison (-1) included, as their bits.
                d.numbers
                    .extend((0..n).map(|i| c::LLVMGetMaskValue(v, i) as u32 as u64));
            }
            O::LLVMRet
            | O::LLVMBr
            | O::LLVMSwitch
            | O::LLVMIndirectBr
            | O::LLVMUnreachable
            | O::LLVMFNeg
            | O::LLVMFAdd
            | O::LLVMFSub
            | O::LLVMFMul
            | O::LLVMFDiv
            | O::LLVMURem
            | O::LLVMSRem
            | O::LLVMFRem
            | O::LLVMAnd
            | O::LLVMXor
            | O::LLVMSExt
            | O::LLVMFPToUI
            | O::LLVMFPToSI
            | O::LLVMSIToFP
            | O::LLVMFPTrunc
            | O::LLVMFPExt
            | O::LLVMPtrToInt
            | O::LLVMPtrToAddr
            | O::LLVMIntToPtr
            | O::LLVMBitCast
            | O::LLVMAddrSpaceCast
            | O::LLVMPHI
            | O::LLVMSelect
            | O::LLVMVAArg
            | O::LLVMExtractElement
            | O::LLVMInsertElement
            | O::LLVMFreeze => {}
            _ => return None,
        }
        if c::LLVMCanValueUseFastMathFlags(v) != 0 {
            d.numbers.push(u64::from(c::LLVMGetFastMathFlags(v)));
        }
    }
    Some(())
}

/// A call's calling convention, tail-call kind, function type, attributes (function, return,
/// arguments) and operand-bundle tags.
///
/// # Safety
/// `v` is a live `call` instruction.
unsafe fn call_details(v: LLVMValueRef, d: &mut Details<'_>) {
    // SAFETY: call-site queries on a call; the attribute array has exactly the reported
    // number of slots; each bundle is copied from and disposed once.
    unsafe {
        d.numbers.push(u64::from(c::LLVMGetInstructionCallConv(v)));
        d.numbers.push(c::LLVMGetTailCallKind(v) as u64);
        d.types.push(Type::wrap(c::LLVMGetCalledFunctionType(v)));
        let places = std::iter::once(llvm_sys::LLVMAttributeFunctionIndex)
            .chain(0..=c::LLVMGetNumArgOperands(v));
        for index in places {
            let count = c::LLVMGetCallSiteAttributeCount(v, index);
            let mut attributes = vec![ptr::null_mut(); count as usize];
            if count > 0 {
                c::LLVMGetCallSiteAttributes(v, index, attributes.as_mut_ptr());
            }
            push_attributes(d, index, &attributes);
        }
        let bundles = c::LLVMGetNumOperandBundles(v);
        d.numbers.push(u64::from(bundles));
        for i in 0..bundles {
            let bundle = c::LLVMGetOperandBundleAtIndex(v, i);
            let mut len = 0usize;
            let tag = c::LLVMGetOperandBundleTag(bundle, &mut len);
            d.strings.push(if tag.is_null() {
                String::new()
            } else {
                String::from_utf8_lossy(std::slice::from_raw_parts(tag.cast::<u8>(), len))
                    .into_owned()
            });
            c::LLVMDisposeOperandBundle(bundle);
        }
    }
}

/// Appends the attributes at `place` (an attribute index) to `d`: the place and count, then
/// per attribute its form and kind, an integer attribute's value, a type attribute's type, a
/// string attribute's key and value.
///
/// # Safety
/// `attributes` are live attributes of one context.
unsafe fn push_attributes(d: &mut Details<'_>, place: c_uint, attributes: &[LLVMAttributeRef]) {
    d.numbers.push(u64::from(place));
    d.numbers.push(attributes.len() as u64);
    for &a in attributes {
        // SAFETY: each query on the attribute form it is asked of; strings are copied.
        unsafe {
            if c::LLVMIsStringAttribute(a) != 0 {
                d.numbers.push(2);
                let text = |p: *const c_char, len: c_uint| {
                    if p.is_null() {
                        String::new()
                    } else {
                        String::from_utf8_lossy(std::slice::from_raw_parts(
                            p.cast::<u8>(),
                            len as usize,
                        ))
                        .into_owned()
                    }
                };
                let mut len: c_uint = 0;
                let key = c::LLVMGetStringAttributeKind(a, &mut len);
                d.strings.push(text(key, len));
                let value = c::LLVMGetStringAttributeValue(a, &mut len);
                d.strings.push(text(value, len));
            } else if c::LLVMIsTypeAttribute(a) != 0 {
                d.numbers.push(1);
                d.numbers.push(u64::from(c::LLVMGetEnumAttributeKind(a)));
                d.types.push(Type::wrap(c::LLVMGetTypeAttributeValue(a)));
            } else if c::LLVMIsEnumAttribute(a) != 0 {
                d.numbers.push(0);
                d.numbers.push(u64::from(c::LLVMGetEnumAttributeKind(a)));
                d.numbers.push(c::LLVMGetEnumAttributeValue(a));
            } else {
                // A constant-range (list) attribute (`range`, `initializes`): its kind only,
                // the C API reads no value.
                d.numbers.push(3);
                d.numbers.push(u64::from(c::LLVMGetEnumAttributeKind(a)));
            }
        }
    }
}

/// Type kinds the pass handles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TypeKind {
    Void,
    Int(u32),
    Half,
    BFloat,
    Float,
    Double,
    Pointer,
    Struct,
    Array,
    FixedVector,
    Function,
    Other,
}

impl<'c> Type<'c> {
    fn context_raw(self) -> LLVMContextRef {
        // SAFETY: a live type.
        unsafe { c::LLVMGetTypeContext(self.raw) }
    }

    fn is_of(self, ctx: LLVMContextRef) -> bool {
        self.context_raw() == ctx
    }

    fn wrap(raw: LLVMTypeRef) -> Self {
        Type {
            raw,
            _c: PhantomData,
        }
    }

    /// The type as LLVM prints it (`i32`, `%struct.Pt`, `{ i32, float }`).
    pub fn print(self) -> String {
        // SAFETY: LLVM returns an owned C string, copied and then disposed.
        unsafe {
            let p = c::LLVMPrintTypeToString(self.raw);
            let text = CStr::from_ptr(p).to_string_lossy().into_owned();
            c::LLVMDisposeMessage(p);
            text
        }
    }

    pub fn kind(self) -> TypeKind {
        // SAFETY: kind queries accept any type; the width query is for integer types only.
        unsafe {
            match c::LLVMGetTypeKind(self.raw) {
                LLVMTypeKind::LLVMVoidTypeKind => TypeKind::Void,
                LLVMTypeKind::LLVMIntegerTypeKind => {
                    TypeKind::Int(c::LLVMGetIntTypeWidth(self.raw))
                }
                LLVMTypeKind::LLVMHalfTypeKind => TypeKind::Half,
                LLVMTypeKind::LLVMBFloatTypeKind => TypeKind::BFloat,
                LLVMTypeKind::LLVMFloatTypeKind => TypeKind::Float,
                LLVMTypeKind::LLVMDoubleTypeKind => TypeKind::Double,
                LLVMTypeKind::LLVMPointerTypeKind => TypeKind::Pointer,
                LLVMTypeKind::LLVMStructTypeKind => TypeKind::Struct,
                LLVMTypeKind::LLVMArrayTypeKind => TypeKind::Array,
                LLVMTypeKind::LLVMVectorTypeKind => TypeKind::FixedVector,
                LLVMTypeKind::LLVMFunctionTypeKind => TypeKind::Function,
                _ => TypeKind::Other,
            }
        }
    }

    pub fn int_width(self) -> Option<u32> {
        match self.kind() {
            TypeKind::Int(w) => Some(w),
            _ => None,
        }
    }

    pub(crate) fn fp_bits(self) -> Option<u32> {
        match self.kind() {
            TypeKind::Half | TypeKind::BFloat => Some(16),
            TypeKind::Float => Some(32),
            TypeKind::Double => Some(64),
            _ => None,
        }
    }

    /// For pointer types: the address space.
    pub fn pointer_address_space(self) -> Option<u32> {
        // SAFETY: kind check before the address-space query.
        unsafe {
            (c::LLVMGetTypeKind(self.raw) == LLVMTypeKind::LLVMPointerTypeKind)
                .then(|| c::LLVMGetPointerAddressSpace(self.raw))
        }
    }

    pub(crate) fn is_sized(self) -> bool {
        // SAFETY: query on any type.
        unsafe { c::LLVMTypeIsSized(self.raw) != 0 }
    }

    /// A value of this type can be an operand (a call argument, a stored value): not void,
    /// label, metadata or a function type.
    fn is_first_class(self) -> bool {
        // SAFETY: kind query on any type.
        let kind = unsafe { c::LLVMGetTypeKind(self.raw) };
        !matches!(
            kind,
            LLVMTypeKind::LLVMVoidTypeKind
                | LLVMTypeKind::LLVMLabelTypeKind
                | LLVMTypeKind::LLVMMetadataTypeKind
                | LLVMTypeKind::LLVMFunctionTypeKind
        )
    }

    /// Struct name; `None` for literal structs and for other types.
    pub fn struct_name(self) -> Option<String> {
        if self.kind() != TypeKind::Struct {
            return None;
        }
        // SAFETY: a struct type; literal structs return null.
        unsafe {
            let p = c::LLVMGetStructName(self.raw);
            if p.is_null() || c::LLVMIsLiteralStruct(self.raw) != 0 {
                return None;
            }
            Some(CStr::from_ptr(p).to_string_lossy().into_owned())
        }
    }

    pub fn is_packed_struct(self) -> bool {
        // SAFETY: struct query, on a struct.
        self.kind() == TypeKind::Struct && unsafe { c::LLVMIsPackedStruct(self.raw) != 0 }
    }

    pub fn is_opaque_struct(self) -> bool {
        // SAFETY: struct query, on a struct.
        self.kind() == TypeKind::Struct && unsafe { c::LLVMIsOpaqueStruct(self.raw) != 0 }
    }

    /// A struct's element types (none for other types).
    pub fn struct_elements(self) -> Vec<Type<'c>> {
        if self.kind() != TypeKind::Struct {
            return Vec::new();
        }
        // SAFETY: struct queries on a struct, with indices below the element count.
        unsafe {
            let n = c::LLVMCountStructElementTypes(self.raw);
            (0..n)
                .map(|i| Type::wrap(c::LLVMStructGetTypeAtIndex(self.raw, i)))
                .collect()
        }
    }

    /// Array length or fixed-vector size.
    pub fn sequence_len(self) -> u64 {
        // SAFETY: each length query on its own kind.
        unsafe {
            match self.kind() {
                TypeKind::Array => c::LLVMGetArrayLength2(self.raw),
                TypeKind::FixedVector => u64::from(c::LLVMGetVectorSize(self.raw)),
                _ => 0,
            }
        }
    }

    /// Element type of arrays and vectors.
    pub fn element_type(self) -> Option<Type<'c>> {
        // SAFETY: kind checked: the C API casts to an array or vector type.
        unsafe {
            matches!(
                c::LLVMGetTypeKind(self.raw),
                LLVMTypeKind::LLVMArrayTypeKind
                    | LLVMTypeKind::LLVMVectorTypeKind
                    | LLVMTypeKind::LLVMScalableVectorTypeKind
            )
            .then(|| Type::wrap(c::LLVMGetElementType(self.raw)))
        }
    }

    /// A function type's return type.
    pub fn return_type(self) -> Option<Type<'c>> {
        // SAFETY: asked of function types only.
        (self.kind() == TypeKind::Function)
            .then(|| Type::wrap(unsafe { c::LLVMGetReturnType(self.raw) }))
    }

    /// A function type's parameter types (none for other types).
    pub fn param_types(self) -> Vec<Type<'c>> {
        if self.kind() != TypeKind::Function {
            return Vec::new();
        }
        // SAFETY: a function type; the array has exactly `n` slots.
        unsafe {
            let n = c::LLVMCountParamTypes(self.raw) as usize;
            let mut params = vec![ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetParamTypes(self.raw, params.as_mut_ptr());
            }
            params.into_iter().map(Type::wrap).collect()
        }
    }

    /// Whether a function type takes variable arguments (`...`).
    pub fn is_var_arg(self) -> bool {
        // SAFETY: asked of function types only.
        self.kind() == TypeKind::Function && unsafe { c::LLVMIsFunctionVarArg(self.raw) != 0 }
    }

    /// The type of functions returning `ret` and taking `params`; `None` if a parameter
    /// cannot be one (void, label, metadata, function types) or `ret` cannot be returned.
    pub fn function(ret: Type<'c>, params: &[Type<'c>]) -> Option<Type<'c>> {
        let valid_return = ret.kind() == TypeKind::Void || ret.is_first_class();
        // LLVM builds the type in the return type's context whatever the parameters' are.
        let ctx = ret.context_raw();
        if !valid_return || !params.iter().all(|p| p.is_first_class() && p.is_of(ctx)) {
            return None;
        }
        let mut raw: Vec<LLVMTypeRef> = params.iter().map(|t| t.raw).collect();
        let n = c_uint::try_from(raw.len()).ok()?;
        // SAFETY: valid return and parameter types, all of one context; the array is read
        // during the call only.
        Some(Type::wrap(unsafe {
            c::LLVMFunctionType(ret.raw, raw.as_mut_ptr(), n, 0)
        }))
    }

    pub fn undef(self) -> Value<'c> {
        // SAFETY: `UndefValue::get` accepts any type.
        Value::wrap(unsafe { c::LLVMGetUndef(self.raw) })
    }

    /// The zero (null) constant, for the types that have one.
    pub fn zero(self) -> Option<Value<'c>> {
        let has_zero = matches!(
            self.kind(),
            TypeKind::Int(_)
                | TypeKind::Half
                | TypeKind::BFloat
                | TypeKind::Float
                | TypeKind::Double
                | TypeKind::Pointer
                | TypeKind::Struct
                | TypeKind::Array
                | TypeKind::FixedVector
        );
        // SAFETY: one of the kinds `Constant::getNullValue` handles.
        has_zero.then(|| Value::wrap(unsafe { c::LLVMConstNull(self.raw) }))
    }
}

/// A function with its type, calling convention and parameter types looked up once, for
/// building many calls of it.
pub struct Callee<'m> {
    function: Function<'m>,
    fn_ty: Type<'m>,
    params: Vec<LLVMTypeRef>,
    cc: u32,
}

impl<'m> Callee<'m> {
    pub fn new(function: Function<'m>) -> Self {
        let fn_ty = function.function_type();
        // SAFETY: a function type (a function's value type); the array has exactly `n` slots.
        let params = unsafe {
            let n = c::LLVMCountParamTypes(fn_ty.raw) as usize;
            let mut params = vec![ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetParamTypes(fn_ty.raw, params.as_mut_ptr());
            }
            params
        };
        Callee {
            function,
            fn_ty,
            params,
            cc: function.calling_conv(),
        }
    }

    pub fn function(&self) -> Function<'m> {
        self.function
    }

    /// The arguments have the parameters' types, one for one.
    fn accepts(&self, args: &[Value<'_>]) -> bool {
        args.len() == self.params.len()
            && args.iter().zip(&self.params).all(|(a, &p)| a.ty().raw == p)
    }
}

/// An instruction builder positioned before a given instruction. Each build checks what LLVM
/// requires of its operands (pointer operands, matching call arguments, integer casts) and
/// gives `None` otherwise.
pub struct Builder<'m> {
    raw: LLVMBuilderRef,
    ctx: LLVMContextRef,
    /// The module it builds in, borrowed for `'m`.
    module: LLVMModuleRef,
    /// The instruction it is positioned before (null: not positioned, and nothing is built).
    /// It stays allocated while the module is borrowed (erased instructions are freed only
    /// under `&mut Module`), so whether it is still in a block can always be asked.
    at: std::cell::Cell<LLVMValueRef>,
    _m: PhantomData<&'m ()>,
}

impl Drop for Builder<'_> {
    fn drop(&mut self) {
        // SAFETY: we own the builder.
        unsafe { c::LLVMDisposeBuilder(self.raw) }
    }
}

impl<'m> Builder<'m> {
    fn is_pointer(v: Value<'_>) -> bool {
        v.ty().kind() == TypeKind::Pointer
    }

    /// Whether the builder is positioned before an instruction still in the module (not
    /// erased since), and every value may be used there: of the module, and arguments and
    /// instructions of the function it builds in.
    fn admits(&self, values: &[Value<'_>]) -> bool {
        let at = self.at.get();
        if at.is_null() {
            return false;
        }
        // SAFETY: `at` is an instruction of the borrowed module, allocated until the module is
        // next changed as a whole, which the borrow excludes.
        let Home::Function(function) = (unsafe { home_of(at) }) else {
            return false;
        };
        !function.is_null()
            && Home::Function(function).module() == Some(self.module)
            && values
                .iter()
                .all(|v| admits(self.module, self.ctx, Some(function), v.raw))
    }

    fn admits_type(&self, ty: Type<'_>) -> bool {
        ty.is_of(self.ctx)
    }

    /// Positions the builder before `inst`; `false` (and unpositioned) if `inst` is not in
    /// the builder's module (another module's, or erased).
    pub fn position_before(&self, inst: Instruction<'m>) -> bool {
        // SAFETY: a live handle.
        let home = unsafe { home_of(inst.raw) };
        if !matches!(home, Home::Function(f) if !f.is_null()) || home.module() != Some(self.module)
        {
            self.at.set(ptr::null_mut());
            return false;
        }
        // SAFETY: an instruction in a basic block of the builder's module.
        unsafe { c::LLVMPositionBuilderBefore(self.raw, inst.raw) };
        self.at.set(inst.raw);
        true
    }

    /// An unnamed call with the callee's calling convention.
    pub fn call(&self, callee: &Callee<'m>, args: &[Value<'m>]) -> Option<Value<'m>> {
        if !callee.accepts(args) || !self.admits(args) || !self.admits(&[callee.function.0]) {
            return None;
        }
        let n = c_uint::try_from(args.len()).ok()?;
        // SAFETY: the arguments match the function type's parameters; `Value` is a
        // transparent `LLVMValueRef` and LLVM only reads the array.
        unsafe {
            let v = c::LLVMBuildCall2(
                self.raw,
                callee.fn_ty.raw,
                callee.function.raw,
                args.as_ptr() as *mut LLVMValueRef,
                n,
                c"".as_ptr(),
            );
            c::LLVMSetInstructionCallConv(v, callee.cc);
            Some(Value::wrap(v))
        }
    }

    /// `alloca <ty>, <count type> <count>, align <align>`.
    pub fn array_alloca(&self, ty: Type<'m>, count: Value<'m>, align: u32) -> Option<Value<'m>> {
        if !ty.is_sized()
            || count.ty().int_width().is_none()
            || !self.admits_type(ty)
            || !self.admits(&[count])
        {
            return None;
        }
        // SAFETY: a sized element type and an integer count; the alignment is set on the new
        // alloca.
        unsafe {
            let v = c::LLVMBuildArrayAlloca(self.raw, ty.raw, count.raw, c"".as_ptr());
            c::LLVMSetAlignment(v, align);
            Some(Value::wrap(v))
        }
    }

    pub fn store(&self, val: Value<'m>, ptr: Value<'m>) -> Option<Value<'m>> {
        if !Self::is_pointer(ptr) || !val.ty().is_sized() || !self.admits(&[val, ptr]) {
            return None;
        }
        // SAFETY: a sized value stored through a pointer.
        Some(Value::wrap(unsafe {
            c::LLVMBuildStore(self.raw, val.raw, ptr.raw)
        }))
    }

    /// `load <ty>, ptr <ptr>, align <align>`.
    pub fn load(&self, ty: Type<'m>, ptr: Value<'m>, align: u32, name: &CStr) -> Option<Value<'m>> {
        if !Self::is_pointer(ptr) || !ty.is_sized() || !self.admits_type(ty) || !self.admits(&[ptr])
        {
            return None;
        }
        // SAFETY: a sized type loaded through a pointer; the alignment is set on the new load.
        unsafe {
            let v = c::LLVMBuildLoad2(self.raw, ty.raw, ptr.raw, name.as_ptr());
            c::LLVMSetAlignment(v, align);
            Some(Value::wrap(v))
        }
    }

    /// `getelementptr i8, ptr <base>, i<index_bits> <offset>` (not inbounds, like DPC++).
    pub fn byte_gep(
        &self,
        base: Value<'m>,
        offset: u64,
        index_bits: u32,
        name: &CStr,
    ) -> Option<Value<'m>> {
        if !Self::is_pointer(base) || !self.admits(&[base]) {
            return None;
        }
        // SAFETY: types and a constant of the builder's context; a pointer base and one
        // integer index.
        unsafe {
            let i8t = c::LLVMInt8TypeInContext(self.ctx);
            let index_ty = c::LLVMIntTypeInContext(self.ctx, index_bits);
            let mut idx = [c::LLVMConstInt(index_ty, offset, 0)];
            Some(Value::wrap(c::LLVMBuildGEP2(
                self.raw,
                i8t,
                base.raw,
                idx.as_mut_ptr(),
                1,
                name.as_ptr(),
            )))
        }
    }

    /// `addrspacecast` of a pointer to the pointer type `ty` (of another address space).
    pub fn address_space_cast(
        &self,
        val: Value<'m>,
        ty: Type<'m>,
        name: &CStr,
    ) -> Option<Value<'m>> {
        let (from, to) = (
            val.ty().pointer_address_space()?,
            ty.pointer_address_space()?,
        );
        if from == to || !self.admits_type(ty) || !self.admits(&[val]) {
            return None;
        }
        // SAFETY: a pointer cast to a pointer type of a different address space.
        Some(Value::wrap(unsafe {
            c::LLVMBuildAddrSpaceCast(self.raw, val.raw, ty.raw, name.as_ptr())
        }))
    }

    /// Integer truncation to the narrower integer type `ty`.
    pub fn trunc(&self, val: Value<'m>, ty: Type<'m>, name: &CStr) -> Option<Value<'m>> {
        let (from, to) = (val.ty().int_width()?, ty.int_width()?);
        if to >= from || !self.admits_type(ty) || !self.admits(&[val]) {
            return None;
        }
        // SAFETY: truncation from a wider to a narrower integer type.
        Some(Value::wrap(unsafe {
            c::LLVMBuildTrunc(self.raw, val.raw, ty.raw, name.as_ptr())
        }))
    }
}

/// The `spir_func` calling convention number.
pub const SPIR_FUNC_CC: u32 = LLVMCallConv::LLVMSPIRFUNCCallConv as u32;

pub fn opcode_is(v: Value<'_>, op: LLVMOpcode) -> bool {
    matches!(v.kind(), ValueKind::Instruction(o) | ValueKind::ConstantExpr(o) if o == op)
}

/// What a [`DiNode`] is (the debug-info node kinds this layer reads; `Other` for the rest).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DiKind {
    CompositeType,
    DerivedType,
    BasicType,
    SubroutineType,
    Subprogram,
    LocalVariable,
    TemplateTypeParameter,
    TemplateValueParameter,
    Namespace,
    File,
    CompileUnit,
    /// An `!{…}` tuple (element lists).
    Tuple,
    Other,
}

/// A debug-information node of a module (read only), tied to the module borrow it came from.
/// LLVM-C has no accessors for most fields of DI nodes, so this layer reads operands at the
/// positions LLVM 22's `DebugInfoMetadata.h` gives each kind, and only on the kinds they
/// belong to (checked through `LLVMGetMetadataKind`): a role asked of another kind answers
/// `None`. The unit tests pin every position on IR written by hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DiNode<'m> {
    raw: LLVMMetadataRef,
    ctx: LLVMContextRef,
    kind: DiKind,
    _m: PhantomData<&'m ()>,
}

/// `DIScope`'s file, `DIType`'s scope, name, size and offset operands.
const TYPE_SCOPE: u32 = 1;
/// `DIDerivedType`'s and `DICompositeType`'s base type (after `DIType`'s five operands).
const TYPE_BASE: u32 = 5;
const COMPOSITE_ELEMENTS: u32 = 6;
const COMPOSITE_TEMPLATE_PARAMS: u32 = 8;
const COMPOSITE_IDENTIFIER: u32 = 9;
const SUBPROGRAM_NAME: u32 = 2;
const SUBPROGRAM_RETAINED_NODES: u32 = 7;
const VARIABLE_SCOPE: u32 = 0;
const VARIABLE_NAME: u32 = 1;
const VARIABLE_TYPE: u32 = 3;
const TEMPLATE_PARAM_NAME: u32 = 0;
const TEMPLATE_PARAM_TYPE: u32 = 1;
const TEMPLATE_PARAM_VALUE: u32 = 2;
const NAMESPACE_SCOPE: u32 = 1;
const NAMESPACE_NAME: u32 = 2;

/// One operand of an MDNode as LLVM-C hands it out (`MetadataAsValue`, or a constant).
enum Operand {
    Node(LLVMMetadataRef),
    String(String),
    Int(i64),
}

impl<'m> DiNode<'m> {
    /// # Safety
    /// `raw` is null or metadata of context `ctx`.
    unsafe fn wrap(raw: LLVMMetadataRef, ctx: LLVMContextRef) -> Option<Self> {
        use di::LLVMMetadataKind as K;
        if raw.is_null() {
            return None;
        }
        // SAFETY: any metadata has a kind.
        let kind = match unsafe { di::LLVMGetMetadataKind(raw) } {
            K::LLVMDICompositeTypeMetadataKind => DiKind::CompositeType,
            K::LLVMDIDerivedTypeMetadataKind => DiKind::DerivedType,
            K::LLVMDIBasicTypeMetadataKind => DiKind::BasicType,
            K::LLVMDISubroutineTypeMetadataKind => DiKind::SubroutineType,
            K::LLVMDISubprogramMetadataKind => DiKind::Subprogram,
            K::LLVMDILocalVariableMetadataKind => DiKind::LocalVariable,
            K::LLVMDITemplateTypeParameterMetadataKind => DiKind::TemplateTypeParameter,
            K::LLVMDITemplateValueParameterMetadataKind => DiKind::TemplateValueParameter,
            K::LLVMDINamespaceMetadataKind => DiKind::Namespace,
            K::LLVMDIFileMetadataKind => DiKind::File,
            K::LLVMDICompileUnitMetadataKind => DiKind::CompileUnit,
            K::LLVMMDTupleMetadataKind => DiKind::Tuple,
            _ => DiKind::Other,
        };
        Some(DiNode {
            raw,
            ctx,
            kind,
            _m: PhantomData,
        })
    }

    pub fn kind(self) -> DiKind {
        self.kind
    }

    fn is_type(self) -> bool {
        matches!(
            self.kind,
            DiKind::CompositeType
                | DiKind::DerivedType
                | DiKind::BasicType
                | DiKind::SubroutineType
        )
    }

    /// The operands of a node of a known kind (all of them MDNodes); none for `Other`.
    fn operands(self) -> Vec<Option<Operand>> {
        if self.kind == DiKind::Other {
            return Vec::new();
        }
        // SAFETY: every known kind is an MDNode, so its MetadataAsValue answers the operand
        // queries; the destination has exactly the reported number of slots. An operand value
        // is a MetadataAsValue (read back as metadata or a string) or a constant.
        unsafe {
            let node = c::LLVMMetadataAsValue(self.ctx, self.raw);
            let n = c::LLVMGetMDNodeNumOperands(node) as usize;
            let mut values: Vec<LLVMValueRef> = vec![ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetMDNodeOperands(node, values.as_mut_ptr());
            }
            values
                .into_iter()
                .map(|v| {
                    if v.is_null() {
                        None
                    } else if !c::LLVMIsAMDString(v).is_null() {
                        Value::<'m>::wrap(v).md_string().map(Operand::String)
                    } else if !c::LLVMIsAConstantInt(v).is_null() {
                        Some(Operand::Int(c::LLVMConstIntGetSExtValue(v)))
                    } else if !c::LLVMIsAMDNode(v).is_null() {
                        Some(Operand::Node(c::LLVMValueAsMetadata(v)))
                    } else {
                        None
                    }
                })
                .collect()
        }
    }

    fn operand(self, i: u32) -> Option<Operand> {
        self.operands().into_iter().nth(i as usize).flatten()
    }

    fn node_operand(self, i: u32) -> Option<DiNode<'m>> {
        match self.operand(i)? {
            // SAFETY: an operand of a node of this context.
            Operand::Node(raw) => unsafe { DiNode::wrap(raw, self.ctx) },
            _ => None,
        }
    }

    fn string_operand(self, i: u32) -> Option<String> {
        match self.operand(i)? {
            Operand::String(s) => Some(s),
            _ => None,
        }
    }

    /// The DWARF tag (`DW_TAG_member` 0x0d, …) of a DI node; `None` for tuples and others.
    pub fn tag(self) -> Option<u16> {
        if matches!(self.kind, DiKind::Tuple | DiKind::Other) {
            return None;
        }
        // SAFETY: every other known kind is a DINode.
        Some(unsafe { di::LLVMGetDINodeTag(self.raw) })
    }

    /// A type's, subprogram's, variable's, template parameter's or namespace's name.
    pub fn name(self) -> Option<String> {
        match self.kind {
            _ if self.is_type() => {
                let mut len = 0usize;
                // SAFETY: a DIType; the name is `len` bytes owned by LLVM.
                unsafe {
                    let p = di::LLVMDITypeGetName(self.raw, &mut len);
                    (!p.is_null()).then(|| {
                        String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len))
                            .into_owned()
                    })
                }
            }
            DiKind::Subprogram => self.string_operand(SUBPROGRAM_NAME),
            DiKind::Namespace => self.string_operand(NAMESPACE_NAME),
            DiKind::LocalVariable => self.string_operand(VARIABLE_NAME),
            DiKind::TemplateTypeParameter | DiKind::TemplateValueParameter => {
                self.string_operand(TEMPLATE_PARAM_NAME)
            }
            _ => None,
        }
    }

    /// A type's size in bits (0 for declarations and qualifiers).
    pub fn size_bits(self) -> Option<u64> {
        // SAFETY: asked of DITypes only.
        self.is_type()
            .then(|| unsafe { di::LLVMDITypeGetSizeInBits(self.raw) })
    }

    /// A member's or base's offset in bits within its class.
    pub fn offset_bits(self) -> Option<u64> {
        // SAFETY: asked of DITypes only.
        self.is_type()
            .then(|| unsafe { di::LLVMDITypeGetOffsetInBits(self.raw) })
    }

    /// A type's `DIFlag…` bits.
    pub fn flags(self) -> Option<u32> {
        // SAFETY: asked of DITypes only.
        self.is_type()
            .then(|| unsafe { di::LLVMDITypeGetFlags(self.raw) } as u32)
    }

    /// A type's line and the name of its file (directory joined when relative).
    pub fn type_location(self) -> Option<(String, u32)> {
        if !self.is_type() {
            return None;
        }
        // SAFETY: a DIType is a DIScope; its file (if any) a DIFile, whose strings LLVM owns.
        unsafe {
            let file = di::LLVMDIScopeGetFile(self.raw);
            if file.is_null() {
                return None;
            }
            let read = |p: *const c_char, len: c_uint| {
                (!p.is_null()).then(|| {
                    String::from_utf8_lossy(std::slice::from_raw_parts(
                        p.cast::<u8>(),
                        len as usize,
                    ))
                    .into_owned()
                })
            };
            let mut len: c_uint = 0;
            let name = read(di::LLVMDIFileGetFilename(file, &mut len), len)?;
            let mut dlen: c_uint = 0;
            let dir = read(di::LLVMDIFileGetDirectory(file, &mut dlen), dlen).unwrap_or_default();
            let path = if name.starts_with('/') || dir.is_empty() {
                name
            } else {
                format!("{dir}/{name}")
            };
            Some((path, di::LLVMDITypeGetLine(self.raw)))
        }
    }

    /// The type a node refers to: a derived type's or composite's base type (pointee,
    /// qualified, member or array element type), a variable's type, a template parameter's
    /// argument type.
    pub fn ty(self) -> Option<DiNode<'m>> {
        match self.kind {
            DiKind::DerivedType | DiKind::CompositeType => self.node_operand(TYPE_BASE),
            DiKind::LocalVariable => self.node_operand(VARIABLE_TYPE),
            DiKind::TemplateTypeParameter | DiKind::TemplateValueParameter => {
                self.node_operand(TEMPLATE_PARAM_TYPE)
            }
            _ => None,
        }
    }

    /// The enclosing scope of a type, variable or namespace.
    pub fn scope(self) -> Option<DiNode<'m>> {
        match self.kind {
            _ if self.is_type() => self.node_operand(TYPE_SCOPE),
            DiKind::LocalVariable => self.node_operand(VARIABLE_SCOPE),
            DiKind::Namespace => self.node_operand(NAMESPACE_SCOPE),
            _ => None,
        }
    }

    /// A composite's members, bases and methods.
    pub fn elements(self) -> Vec<DiNode<'m>> {
        self.tuple_operand((self.kind == DiKind::CompositeType).then_some(COMPOSITE_ELEMENTS))
    }

    /// A composite's template parameters, in order.
    pub fn template_params(self) -> Vec<DiNode<'m>> {
        self.tuple_operand(
            (self.kind == DiKind::CompositeType).then_some(COMPOSITE_TEMPLATE_PARAMS),
        )
    }

    /// A subprogram's retained nodes (its parameters' variables in optimised code).
    pub fn retained_nodes(self) -> Vec<DiNode<'m>> {
        self.tuple_operand((self.kind == DiKind::Subprogram).then_some(SUBPROGRAM_RETAINED_NODES))
    }

    /// A composite's ODR identifier (`_ZTS` + its mangling).
    pub fn identifier(self) -> Option<String> {
        (self.kind == DiKind::CompositeType)
            .then(|| self.string_operand(COMPOSITE_IDENTIFIER))
            .flatten()
    }

    /// A template value parameter's integral value.
    pub fn template_value(self) -> Option<i64> {
        if self.kind != DiKind::TemplateValueParameter {
            return None;
        }
        match self.operand(TEMPLATE_PARAM_VALUE)? {
            Operand::Int(v) => Some(v),
            _ => None,
        }
    }

    fn tuple_operand(self, at: Option<u32>) -> Vec<DiNode<'m>> {
        let Some(tuple) = at.and_then(|i| self.node_operand(i)) else {
            return Vec::new();
        };
        if tuple.kind != DiKind::Tuple {
            return Vec::new();
        }
        tuple
            .operands()
            .into_iter()
            .filter_map(|o| match o? {
                // SAFETY: an operand of a node of this context.
                Operand::Node(raw) => unsafe { DiNode::wrap(raw, self.ctx) },
                _ => None,
            })
            .collect()
    }
}

/// LLVM's kind number of the enum attribute `name`, if there is one.
/// The function attributes [`Function::add_enum_attribute`] adds: LLVM enum attributes that
/// carry no value (the C API cannot tell those apart from integer and type attributes).
pub const VALUELESS_FUNCTION_ATTRIBUTES: &[&str] = &[
    "alwaysinline",
    "cold",
    "convergent",
    "hot",
    "minsize",
    "mustprogress",
    "nofree",
    "noinline",
    "norecurse",
    "noreturn",
    "nosync",
    "nounwind",
    "optnone",
    "optsize",
    "willreturn",
];

fn enum_attribute_kind(name: &str) -> Option<c_uint> {
    // SAFETY: the name is read for its length; 0 means no such attribute.
    let kind =
        unsafe { c::LLVMGetEnumAttributeKindForName(name.as_ptr() as *const c_char, name.len()) };
    (kind != 0).then_some(kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    const IR: &str = r#"
@g = global i32 0
define void @f(ptr %p) {
  %v = load i32, ptr %p
  store i32 %v, ptr %p
  ret void
}
define void @unused() {
  ret void
}
"#;

    fn parse<'c>(ctx: &'c Context, name: &str) -> Module<'c> {
        ctx.parse_ir(IR.as_bytes().to_vec(), name)
            .expect("the test IR parses")
    }

    fn first_instruction<'m>(m: &'m Module<'_>) -> Instruction<'m> {
        let f = m.get_function("f").expect("@f");
        f.instructions()[0]
    }

    #[test]
    fn an_erased_instruction_is_detached_and_inert() {
        let ctx = Context::new();
        let m = parse(&ctx, "a");
        let f = m.get_function("f").expect("@f");
        let [load, store, _ret] = f.instructions()[..] else {
            panic!("three instructions")
        };
        // Used by the store: not erasable yet.
        assert!(!m.erase(load));
        assert!(m.erase(store));
        // Its operands are given up at once: the load is unused now.
        assert!(!load.has_users());
        assert!(m.erase(load));
        assert!(!m.erase(load), "erased twice");
        assert_eq!(f.instructions().len(), 1);
        // The stale handles go nowhere near IR again.
        let builder = m.builder();
        assert!(!builder.position_before(store));
        let g = m.globals()[0];
        assert!(g.replace_all_uses_with(load.as_value()).is_err());
        assert!(!m.admits(load.as_value()));
        m.verify().expect("still valid");
    }

    #[test]
    fn values_of_another_module_are_refused() {
        let ctx = Context::new();
        let a = parse(&ctx, "a");
        let b = parse(&ctx, "b");
        let b_global = b.globals()[0].as_value();
        let b_function = b.get_function("unused").expect("@unused");
        assert!(!a.admits(b_global));
        assert!(a.admits(a.globals()[0].as_value()));
        // A constant naming B's global belongs to B too; plain constants to no module.
        let c = ctx
            .parse_ir(
                b"@g = global i32 0\n@h = global ptr getelementptr (i8, ptr @g, i64 4)\n".to_vec(),
                "c",
            )
            .expect("parses");
        let naming_g = c.globals()[1].initializer().expect("an initializer");
        assert!(!a.admits(naming_g));
        assert!(c.admits(naming_g));
        assert!(a.admits(ctx.const_int(32, 7)) && c.admits(ctx.const_int(32, 7)));
        let load = first_instruction(&a);
        assert!(load.replace_all_uses_with(b_global).is_err());
        let builder = a.builder();
        assert!(builder.position_before(load));
        assert!(builder.store(ctx.const_int(32, 1), b_global).is_none());
        assert!(builder.load(ctx.int_type(32), b_global, 4, c"").is_none());
        assert!(builder.byte_gep(b_global, 4, 64, c"").is_none());
        assert!(builder.call(&Callee::new(b_function), &[]).is_none());
        // The same operations with A's own values work.
        let a_global = a.globals()[0].as_value();
        assert!(builder.store(ctx.const_int(32, 1), a_global).is_some());
        drop(builder);
        drop(b);
        a.verify().expect("A never took a value of B");
    }

    #[test]
    fn types_of_another_context_are_refused() {
        let ctx = Context::new();
        let other = Context::new();
        let m = parse(&ctx, "a");
        let foreign_fn_ty = Type::function(other.void_type(), &[]).expect("a function type");
        assert!(m.add_function("h", foreign_fn_ty).is_none());
        let own_fn_ty = Type::function(ctx.void_type(), &[]).expect("a function type");
        assert!(m.add_function("h", own_fn_ty).is_some());
        let g = m.globals()[0];
        assert!(g.address_cast_to(other.int_type(32)).is_none());
        let builder = m.builder();
        assert!(builder.position_before(first_instruction(&m)));
        let p = m.globals()[0].as_value();
        assert!(builder.load(other.int_type(32), p, 4, c"").is_none());
        assert!(builder.load(ctx.int_type(32), p, 4, c"").is_some());
        // A builder of one module is not positioned in another.
        let n = parse(&ctx, "n");
        let foreign = n.builder();
        assert!(!foreign.position_before(first_instruction(&m)));
        assert!(foreign.store(ctx.const_int(32, 1), p).is_none());
    }

    #[test]
    #[should_panic(expected = "metadata of another LLVM context")]
    fn metadata_of_another_context_is_a_panic() {
        let ctx = Context::new();
        let other = Context::new();
        let foreign = other.md_string("x");
        let _ = ctx.md_node(&[foreign]);
    }

    #[test]
    #[should_panic(expected = "metadata of another LLVM context")]
    fn named_metadata_of_another_context_is_a_panic() {
        let ctx = Context::new();
        let other = Context::new();
        let m = parse(&ctx, "a");
        m.add_named_md(c"n", other.md_node(&[]));
    }

    // The tests below each name a hole of the 2026-11-27 review (§2.1, H1-H6): before the fix
    // the safe API accepted what they show refused.

    /// H1: a constant naming no global is shared by every module of the context, and so is
    /// its use list; `users()` lists only users that live as long as the handle.
    #[test]
    fn users_of_a_shared_constant_stay_in_the_asking_module() {
        let ctx = Context::new();
        let a = ctx
            .parse_ir(b"@ga = global {i32, i32} {i32 1, i32 2}\n".to_vec(), "a")
            .expect("parses");
        let b = ctx
            .parse_ir(b"@gb = global {i32, i32} {i32 1, i32 2}\n".to_vec(), "b")
            .expect("parses");
        let shared = a.globals()[0].initializer().expect("an initializer");
        assert_eq!(
            shared,
            b.globals()[0].initializer().expect("an initializer")
        );
        // Before: [@ga, @gb], both with A's lifetime, and @gb freed with B.
        assert!(shared.users().is_empty());
        // A global's users, and those of a constant naming it, are its module's.
        let c = ctx
            .parse_ir(
                b"@g = global i32 0\n@h = global ptr getelementptr (i8, ptr @g, i64 4)\n".to_vec(),
                "c",
            )
            .expect("parses");
        let gep = c.globals()[0].users();
        assert_eq!(gep.len(), 1);
        assert_eq!(gep[0].users(), vec![c.globals()[1].as_value()]);
    }

    /// H2: LLVM builds a function type in its return type's context.
    #[test]
    fn a_function_type_with_a_parameter_of_another_context_is_refused() {
        let ctx = Context::new();
        let other = Context::new();
        assert!(Type::function(ctx.void_type(), &[other.int_type(32)]).is_none());
        assert!(Type::function(ctx.void_type(), &[ctx.int_type(32)]).is_some());
    }

    const TWO_FUNCTIONS: &[u8] =
        b"define void @f(ptr %q) {\n  %x = load i32, ptr %q\n  ret void\n}\n\
define void @g(ptr %p) {\n  %y = load i32, ptr %p\n  ret void\n}\n";

    /// H3: LLVM owns arguments and instructions per function; one used by another function
    /// would dangle once its own function is deleted (`delete_unused` deletes `@g`, which
    /// has no users).
    #[test]
    fn locals_of_another_function_are_refused() {
        let ctx = Context::new();
        let mut m = ctx.parse_ir(TWO_FUNCTIONS.to_vec(), "m").expect("parses");
        let g_id = {
            let f = m.get_function("f").expect("@f");
            let g = m.get_function("g").expect("@g");
            let g_param = g.params()[0];
            let g_load = g.instructions()[0];
            let b = m.builder();
            assert!(b.position_before(f.instructions()[0]));
            // Before: a store in @f through @g's argument.
            assert!(b.store(ctx.const_int(32, 0), g_param).is_none());
            assert!(b.load(ctx.int_type(32), g_param, 4, c"").is_none());
            assert!(b.store(g_load.as_value(), f.params()[0]).is_none());
            // The function's own locals are fine.
            assert!(b.store(ctx.const_int(32, 0), f.params()[0]).is_some());
            // Before: @f's load replaced by @g's.
            let f_load = f.instructions()[0];
            assert!(f_load.replace_all_uses_with(g_load.as_value()).is_err());
            g.id()
        };
        assert_eq!(m.delete_unused(&[g_id]), 1);
        m.verify().expect("valid");
    }

    #[test]
    fn a_global_is_replaced_by_no_local() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(
                b"@v = global ptr null\ndefine void @f(ptr %q) {\n  store ptr @v, ptr %q\n  ret void\n}\n"
                    .to_vec(),
                "m",
            )
            .expect("parses");
        let v = m.globals()[0];
        let q = m.get_function("f").expect("@f").params()[0];
        assert!(v.replace_all_uses_with(q).is_err());
        m.verify().expect("valid");
    }

    /// H4: a layout's struct cache is keyed by address: types of other contexts are refused.
    #[test]
    fn a_layout_measures_only_its_own_context_types() {
        let ctx = Context::new();
        let other = Context::new();
        let m = parse(&ctx, "a");
        let layout = m.layout();
        let foreign = other.zero_bytes(8).ty();
        assert_eq!(layout.alloc_size(ctx.zero_bytes(8).ty()), Some(8));
        assert_eq!(layout.alloc_size(foreign), None);
        assert_eq!(layout.store_size(foreign), None);
        assert_eq!(layout.abi_align(foreign), None);
        let foreign_struct = other
            .parse_ir(b"@s = global {i32, i32} zeroinitializer\n".to_vec(), "s")
            .expect("parses");
        let struct_ty = foreign_struct.globals()[0]
            .initializer()
            .expect("an initializer")
            .ty();
        assert_eq!(layout.element_offset(struct_ty, 1), None);
        assert_eq!(
            foreign_struct.layout().element_offset(struct_ty, 1),
            Some(4)
        );
    }

    /// H5: metadata is the context's, so it must not name a module's global.
    #[test]
    fn metadata_names_no_global() {
        let ctx = Context::new();
        let m = parse(&ctx, "a");
        let g = m.globals()[0];
        assert!(g.as_md().is_none());
        assert!(m.get_function("f").expect("@f").as_md().is_none());
        let c = ctx
            .parse_ir(
                b"@g = global i32 0\n@h = global ptr getelementptr (i8, ptr @g, i64 4)\n".to_vec(),
                "c",
            )
            .expect("parses");
        assert!(
            c.globals()[1]
                .initializer()
                .expect("init")
                .as_md()
                .is_none()
        );
        assert!(ctx.const_int(32, 1).as_md().is_some());
        assert!(ctx.zero_bytes(3).as_md().is_some());
    }

    #[test]
    #[should_panic(expected = "metadata read from a module")]
    fn metadata_read_from_a_module_is_not_put_back() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(
                b"define void @f() !n !0 {\n  ret void\n}\n!0 = !{ptr @f}\n".to_vec(),
                "m",
            )
            .expect("parses");
        let f = m.get_function("f").expect("@f");
        let (_, node) = f.metadata_attachments()[0];
        let _ = ctx.md_node(&[node]);
    }

    /// H6, in part: a block without terminator, an attribute without its value.
    #[test]
    fn no_terminator_is_erased_and_no_attribute_lacks_its_value() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(b"define void @f() {\n  ret void\n}\n".to_vec(), "m")
            .expect("parses");
        let f = m.get_function("f").expect("@f");
        assert!(!m.erase(f.instructions()[0]));
        for name in [
            "byval",
            "align",
            "sret",
            "dereferenceable",
            "no-such-attribute",
        ] {
            assert!(!f.add_enum_attribute(name), "{name}");
        }
        assert!(f.add_enum_attribute("alwaysinline"));
        m.verify().expect("valid");
    }

    #[test]
    fn direct_calls_lists_each_call_once() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(
                b"declare void @g(ptr)\n\
                  define void @f() {\n  call void @g(ptr @g)\n  call void @g(ptr null)\n  ret void\n}\n\
                  @p = global ptr @g\n"
                    .to_vec(),
                "calls",
            )
            .expect("parses");
        let g = m.get_function("g").expect("@g");
        // Four uses (two callees, one argument, one initializer), two calls.
        assert_eq!(g.as_value().users().len(), 4);
        let calls = g.direct_calls();
        assert_eq!(calls.len(), 2);
        assert_ne!(calls[0], calls[1]);
    }

    #[test]
    fn blocks_list_their_instructions_and_branches_and_phis_name_them() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(
                b"define i32 @f(i1 %c) {\n\
                  entry:\n  br i1 %c, label %then, label %join\n\
                  then:\n  br label %join\n\
                  join:\n  %r = phi i32 [ 1, %entry ], [ 2, %then ]\n  ret i32 %r\n}\n\
                  declare void @g()\n"
                    .to_vec(),
                "blocks",
            )
            .expect("parses");
        let f = m.get_function("f").expect("@f");
        let blocks = f.basic_blocks();
        let sizes: Vec<usize> = blocks.iter().map(|b| b.instructions().len()).collect();
        assert_eq!(sizes, [1, 1, 2]);
        assert!(m.get_function("g").expect("@g").basic_blocks().is_empty());
        let branch = blocks[0].instructions()[0];
        // `br i1 %c, label %then, label %join`: LLVM keeps the targets last-first.
        let targets: Vec<BasicBlock<'_>> = (1..3)
            .filter_map(|i| branch.operand(i)?.as_basic_block())
            .collect();
        assert_eq!(targets, [blocks[2], blocks[1]]);
        assert_eq!(
            branch.operand(1).map(Value::kind),
            Some(ValueKind::BasicBlock)
        );
        assert!(branch.operand(0).and_then(Value::as_basic_block).is_none());
        let phi = blocks[2].instructions()[0];
        assert_eq!(phi.incoming_blocks(), [blocks[0], blocks[1]]);
        assert!(branch.incoming_blocks().is_empty());
    }

    /// The details of `f`'s `n`th instruction.
    fn details_of<'m>(f: Function<'m>, n: usize) -> Details<'m> {
        f.instructions()[n].details().expect("readable details")
    }

    #[test]
    fn details_tell_apart_what_opcode_type_and_operands_do_not() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(
                br#"%A = type { i32 }
%B = type { i64 }
declare void @h(ptr)
define void @f(ptr %p, i32 %x, float %y) {
  %c1 = icmp slt i32 %x, 0
  %c2 = icmp ult i32 %x, 0
  %c3 = icmp slt i32 %x, 0
  %a1 = add nuw i32 %x, 1
  %a2 = add i32 %x, 1
  %l1 = load i32, ptr %p, align 4
  %l2 = load i32, ptr %p, align 2
  %l3 = load volatile i32, ptr %p, align 4
  %l4 = load atomic i32, ptr %p syncscope("workgroup") acquire, align 4
  %l5 = load atomic i32, ptr %p acquire, align 4
  %g1 = getelementptr %A, ptr %p, i64 1
  %g2 = getelementptr %B, ptr %p, i64 1
  %g3 = getelementptr inbounds %A, ptr %p, i64 1
  %s1 = alloca %A
  %s2 = alloca %B
  call void @h(ptr byval(%A) %p)
  call void @h(ptr byval(%B) %p)
  call void @h(ptr "k"="v" %p)
  %f1 = fadd fast float %y, 1.0
  %f2 = fadd float %y, 1.0
  %e1 = extractvalue { i32, i32 } zeroinitializer, 0
  %e2 = extractvalue { i32, i32 } zeroinitializer, 1
  %v1 = shufflevector <2 x i32> zeroinitializer, <2 x i32> zeroinitializer, <2 x i32> <i32 0, i32 1>
  %v2 = shufflevector <2 x i32> zeroinitializer, <2 x i32> zeroinitializer, <2 x i32> <i32 1, i32 poison>
  ret void
}
@g = global i32 0
@k = constant i32 0, align 8
@gep = global ptr getelementptr (i8, ptr @g, i64 4)
@sum = global i64 add (i64 ptrtoint (ptr @g to i64), i64 1)
"#
                .to_vec(),
                "details",
            )
            .expect("parses");
        let f = m.get_function("f").expect("@f");
        let differ = |a: usize, b: usize| details_of(f, a) != details_of(f, b);
        assert!(!differ(0, 2), "the same comparison");
        for (a, b, what) in [
            (0, 1, "predicate"),
            (3, 4, "wrap flags"),
            (5, 6, "alignment"),
            (5, 7, "volatile"),
            (8, 9, "sync scope"),
            (5, 8, "ordering"),
            (10, 11, "GEP source type"),
            (10, 12, "GEP flags"),
            (13, 14, "allocated type"),
            (15, 16, "byval type"),
            (15, 17, "string attribute"),
            (18, 19, "fast-math flags"),
            (20, 21, "indices"),
            (22, 23, "shuffle mask"),
        ] {
            assert!(differ(a, b), "{what}");
        }
        let [byval_a, byval_b] = [15, 16].map(|n| details_of(f, n));
        let struct_names: Vec<Option<String>> = [byval_a, byval_b]
            .iter()
            .filter_map(|d| d.types.iter().find(|t| t.kind() == TypeKind::Struct))
            .map(|t| t.struct_name())
            .collect();
        assert_eq!(struct_names, [Some("A".into()), Some("B".into())]);
        let globals = m.globals();
        let initializer = |n: usize| globals[n].initializer().expect("an initializer");
        assert_eq!(
            initializer(2).details().map(|d| d.types.len()),
            Some(1),
            "a constant GEP's source type"
        );
        assert!(
            initializer(3).details().is_none(),
            "a constant add's flags are unread"
        );
        assert_ne!(globals[0].details(), globals[1].details());
        // Functions: calling convention, type and parameter attributes.
        let h = m.get_function("h").expect("@h");
        assert_ne!(f.details(), h.details());
    }

    #[test]
    fn function_details_include_parameter_attributes_not_function_attributes() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(
                b"%A = type { [4 x i8] }\n%B = type { [8 x i8] }\n\
                  define void @a(ptr byval(%A) %p) #0 {\n  ret void\n}\n\
                  define void @b(ptr byval(%A) %p) #1 {\n  ret void\n}\n\
                  define void @c(ptr byval(%B) %p) #0 {\n  ret void\n}\n\
                  define void @d(ptr noundef %p) #0 {\n  ret void\n}\n\
                  define spir_func void @e(ptr byval(%A) %p) #0 {\n  ret void\n}\n\
                  attributes #0 = { \"sycl-module-id\"=\"a.cpp\" }\n\
                  attributes #1 = { \"sycl-module-id\"=\"b.cpp\" noinline }\n"
                    .to_vec(),
                "params",
            )
            .expect("parses");
        let details = |name: &str| m.get_function(name).expect("defined").details();
        assert_eq!(details("a"), details("b"));
        assert_ne!(details("a"), details("c"));
        assert_ne!(details("a"), details("d"));
        assert_ne!(details("a"), details("e"));
    }

    #[test]
    fn linkage_poison_metadata_and_function_types() {
        let ctx = Context::new();
        let m = ctx
            .parse_ir(
                b"@p = private constant i32 1\n@i = internal global i32 2\n\
                  @o = linkonce_odr global i32 3\n@w = weak_odr global i32 4\n@e = external global i32\n\
                  declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)\n\
                  declare i32 @v(i32, ...)\n\
                  define float @f(float %x) !reqd_work_group_size !0 {\n  \
                  %r = call float @llvm.experimental.constrained.fadd.f32(float %x, float poison, metadata !\"round.dynamic\", metadata !\"fpexcept.strict\") strictfp\n  \
                  %s = fadd float %x, undef\n  ret float %r\n}\n\
                  !0 = !{i32 8, i32 1, i32 1}\n"
                    .to_vec(),
                "linkage",
            )
            .expect("parses");
        let linkages: Vec<Option<Linkage>> = m.globals().iter().map(|g| g.linkage()).collect();
        assert_eq!(
            linkages,
            [
                Some(Linkage::Private),
                Some(Linkage::Internal),
                Some(Linkage::LinkOnceOdr),
                Some(Linkage::WeakOdr),
                Some(Linkage::External)
            ]
        );
        assert!(Linkage::Private.is_local() && !Linkage::LinkOnceOdr.is_local());
        assert!(Linkage::WeakOdr.is_linkonce_or_weak() && !Linkage::External.is_linkonce_or_weak());
        assert_eq!(ctx.const_int(32, 1).linkage(), None);
        let f = m.get_function("f").expect("@f");
        let [call, fadd, _] = f.instructions()[..] else {
            panic!("three instructions")
        };
        let poison = call.operand(1).expect("poison");
        let undef = fadd.operand(1).expect("undef");
        assert_eq!(
            (poison.kind(), undef.kind()),
            (ValueKind::Undef, ValueKind::Undef)
        );
        assert!(poison.is_poison() && !undef.is_poison());
        let rounding = call.operand(2).expect("metadata");
        assert_eq!(rounding.kind(), ValueKind::Metadata);
        assert_eq!(rounding.md_string().as_deref(), Some("round.dynamic"));
        let attached = f.metadata_attachments();
        assert_eq!(attached.len(), 1);
        assert_eq!(attached[0].0, ctx.md_kind_id("reqd_work_group_size"));
        assert_ne!(attached[0].0, ctx.md_kind_id("dbg"));
        let same = ctx.md_node(&[1, 1, 1].map(|_| ctx.const_int_md(32, 1)));
        let eight = ctx.md_node(&[
            ctx.const_int_md(32, 8),
            ctx.const_int_md(32, 1),
            ctx.const_int_md(32, 1),
        ]);
        assert_eq!(attached[0].1, eight, "uniqued nodes are one handle");
        assert_ne!(attached[0].1, same);
        let v = m.get_function("v").expect("@v").function_type();
        assert!(v.is_var_arg() && !f.function_type().is_var_arg());
        assert_eq!(v.return_type(), Some(ctx.int_type(32)));
        assert_eq!(v.param_types(), [ctx.int_type(32)]);
        assert!(ctx.int_type(32).return_type().is_none());
        assert!(ctx.int_type(32).param_types().is_empty());
    }

    #[test]
    fn an_unpositioned_builder_builds_nothing() {
        let ctx = Context::new();
        let m = parse(&ctx, "a");
        let p = m.globals()[0].as_value();
        let builder = m.builder();
        assert!(builder.store(ctx.const_int(32, 1), p).is_none());
    }

    #[test]
    fn a_builder_before_an_erased_instruction_builds_nothing() {
        let ctx = Context::new();
        let m = parse(&ctx, "a");
        let f = m.get_function("f").expect("@f");
        let store = f.instructions()[1];
        let builder = m.builder();
        assert!(builder.position_before(store));
        let p = m.globals()[0].as_value();
        assert!(m.erase(store));
        assert!(builder.store(ctx.const_int(32, 1), p).is_none());
        m.verify().expect("valid");
    }

    #[test]
    fn delete_unused_deletes_only_unused_globals_of_the_module() {
        let ctx = Context::new();
        let mut a = parse(&ctx, "a");
        let b = parse(&ctx, "b");
        let stale = b.get_function("unused").expect("@unused").id();
        drop(b);
        let unused = a.get_function("unused").expect("@unused").id();
        let used = a.get_function("f").expect("@f").id();
        let g = a.globals()[0].id();
        // `f` and `g` are unused too here; B's id names nothing of A's.
        assert_eq!(a.delete_unused(&[stale]), 0);
        assert_eq!(a.delete_unused(&[unused, unused]), 1);
        assert!(a.get_function("unused").is_none());
        assert_eq!(a.delete_unused(&[unused]), 0, "already gone");
        assert_eq!(a.delete_unused(&[used, g]), 2);
        a.verify().expect("valid");
    }
}
