//! The LLVM context: owner of types, constants and metadata, and of the diagnostics LLVM
//! reports; it parses modules.

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char, c_uint, c_void};
use std::ptr;

use llvm_sys::LLVMDiagnosticSeverity;
use llvm_sys::core as c;
use llvm_sys::ir_reader::LLVMParseIRInContext2;
use llvm_sys::prelude::*;

use crate::module::Module;
use crate::target::init_llvm;
use crate::types::{Md, Type};
use crate::value::Value;

/// Owns an `LLVMContextRef` plus the diagnostics LLVM reported through it.
pub struct Context {
    pub(crate) raw: LLVMContextRef,
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
pub(crate) unsafe fn take_message(p: *mut c_char) -> String {
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

pub(crate) fn cstr(s: &str) -> CString {
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

    pub(crate) fn take_diags(&self) -> Vec<String> {
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
    /// context, as [`Function::metadata_attachments`](crate::Function::metadata_attachments)
    /// reports kinds.
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
