//! Modules: what they hold, what may enter them, and changes made to them as a whole
//! (erasing, deleting, linking, printing).

use std::cell::RefCell;
use std::ffi::{CStr, c_char};
use std::marker::PhantomData;
use std::ptr;

use llvm_sys::analysis::{LLVMVerifierFailureAction, LLVMVerifyFunction, LLVMVerifyModule};
use llvm_sys::bit_writer::LLVMWriteBitcodeToMemoryBuffer;
use llvm_sys::core as c;
use llvm_sys::debuginfo as di;
use llvm_sys::linker::LLVMLinkModules2;
use llvm_sys::prelude::*;
use llvm_sys::target as t;

use crate::builder::Builder;
use crate::context::{Context, cstr, take_message};
use crate::function::{Function, Instruction};
use crate::home::admits;
use crate::types::{Layout, Md, Type, TypeKind};
use crate::value::{GlobalVariable, Value};

pub struct Module<'c> {
    pub(crate) raw: LLVMModuleRef,
    pub(crate) ctx: &'c Context,
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

/// A function or global variable named for deletion ([`Module::delete_unused`]): its address
/// only, compared with the module's live globals and never dereferenced, so an id that
/// outlived its global is harmless.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GlobalId(pub(crate) usize);

impl<'c> Module<'c> {
    pub(crate) fn own(raw: LLVMModuleRef, ctx: &'c Context) -> Self {
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

    /// [`Module::verify`], and where the module is invalid, the first function (in module
    /// order) that LLVM's verifier finds invalid on its own, so a message can name it.
    pub fn verify_located(&self) -> Result<(), Invalid> {
        let message = match self.verify() {
            Ok(()) => return Ok(()),
            Err(message) => message,
        };
        let function = self
            .functions()
            .into_iter()
            .filter(|f| !f.is_declaration())
            // SAFETY: a function of this module; ReturnStatus action never aborts or prints.
            .find(|f| unsafe {
                LLVMVerifyFunction(f.0.raw, LLVMVerifierFailureAction::LLVMReturnStatusAction) != 0
            })
            .map(|f| f.name());
        Err(Invalid {
            function,
            message: message.trim_end().to_string(),
        })
    }

    /// Removes all debug information (`&mut`: it deletes metadata and debug records that
    /// `DiNode` handles may point at). Returns whether there was any.
    pub fn strip_debug_info(&mut self) -> bool {
        // SAFETY: the module is ours and no handle into it is alive (`&mut self`).
        unsafe { di::LLVMStripModuleDebugInfo(self.raw) != 0 }
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
}

/// An LLVM memory buffer, disposed on drop; derefs to its bytes.
pub struct Buffer {
    pub(crate) raw: LLVMMemoryBufferRef,
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

/// Why a module does not verify ([`Module::verify_located`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The first function LLVM's verifier finds invalid on its own; `None` when what is
    /// invalid is no function's body (a global, metadata, a declaration).
    pub function: Option<String>,
    /// LLVM's verifier's message.
    pub message: String,
}

impl Invalid {
    /// Clang's form for an internal error: "internal error in <step> of function '<f>': LLVM's
    /// verifier: <message>".
    pub fn in_step(&self, step: &str) -> String {
        match &self.function {
            Some(f) => format!(
                "internal error in {step} of function '{f}': LLVM's verifier: {}",
                self.message
            ),
            None => format!(
                "internal error in {step}: LLVM's verifier: {}",
                self.message
            ),
        }
    }
}
