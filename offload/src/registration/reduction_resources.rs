//! A way around a deadlock in Intel's runtime (2026.2): a `sycl::reduction` in a command group
//! that also has a `sycl::stream`.
//!
//! Intel's reduction code (inline, in the program) hands the runtime what its kernels use —
//! internal buffers such as the partial sums and the work-group counter, their host memory —
//! through `handler::addReduction(const std::shared_ptr<const void> &)`; the runtime keeps
//! them per event (`Scheduler::MAuxiliaryResources`) and drops them in
//! `Scheduler::cleanupAuxiliaryResources` once the event is complete, with its mutex
//! `MAuxiliaryResourcesMutex` held. Dropping the last reference to an internal buffer there
//! releases it at once (`~buffer` → `detachMemoryObject` → deferred release →
//! `removeMemoryObject` → `waitForRecordToFinish`), which waits for the kernel's event, and
//! a kernel's event also waits for its streams' flush host tasks (`waitInternal`, "post
//! complete" events). A flush task whose command is not cleaned up yet is waited for through
//! `Scheduler::waitForEvent` → `cleanupCommands` → `cleanupAuxiliaryResources`: the same
//! thread locks the same (non-recursive) mutex again. Whichever thread gets there — the host
//! task worker finishing the flush, in every hang observed — blocks for ever, and the
//! program's `wait()` behind it. Range reductions (whose internal buffers the stream's
//! kernel uses last) hung in 7 of 10 runs of one command group and in 10 of 10 runs of twelve
//! (`lit-tests/exec/stream-reduction.cpp`).
//!
//! The registration object therefore defines `handler::addReduction` for the program it is
//! linked into (weak, hidden: one per linked module, never exported): it takes a reference of
//! its own to each resource and forwards the call to the runtime's definition, found with
//! `dlsym(RTLD_NEXT, …)`. When the runtime drops its reference under its mutex, ours keeps the
//! object alive; ours is dropped later with no runtime lock held — at the next
//! `addReduction` call (inside a command group function, on the submitting thread) for every
//! resource only we still hold, and by a destructor at exit (before the runtime's own
//! shutdown, which runs after the program's destructors). A resource the runtime still holds
//! at exit stays referenced (its release at the runtime's shutdown would take the same path).
//! Resources are dropped newest first: a buffer, registered after the host memory it was made
//! over, goes first.
//!
//! The copy and the release follow libstdc++'s `shared_ptr` ABI, which `libsycl.so.9` is
//! built against: `{object, control block}`, the control block `{vtable, i32 uses, i32 weak
//! references}`, `_M_dispose` and `_M_destroy` in vtable slots 2 and 3; counts changed
//! atomically.

/// The runtime's `sycl::_V1::handler::addReduction(const std::shared_ptr<const void> &)`.
pub(crate) const ADD_REDUCTION: &str = "_ZN4sycl3_V17handler12addReductionERKSt10shared_ptrIKvE";

/// The destructor the registration object lists (`llvm.global_dtors`): drops, at exit, the
/// references the runtime no longer shares.
pub(crate) const AT_EXIT: &str = "@sycl_specconst.kept.at_exit";

/// The definitions, in IR text (appended to the registration module).
pub(crate) fn definitions() -> String {
    let name = format!("{ADD_REDUCTION}\0");
    format!(
        r#"
; A kept reference: {{ next, control block }}, newest first from @sycl_specconst.kept.
@sycl_specconst.kept = internal global ptr null, align 8
; pthread_mutex_t, PTHREAD_MUTEX_INITIALIZER (zeros) on x86-64 glibc.
@sycl_specconst.kept.lock = internal global [40 x i8] zeroinitializer, align 8
@sycl_specconst.kept.runtime = internal global ptr null, align 8
@sycl_specconst.kept.name = private unnamed_addr constant [{len} x i8] {bytes}, align 1

declare ptr @dlsym(ptr, ptr)
declare i32 @pthread_mutex_lock(ptr)
declare i32 @pthread_mutex_unlock(ptr)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @abort()

define weak hidden void @{ADD_REDUCTION}(ptr %handler, ptr %resource) uwtable {{
entry:
  call void @sycl_specconst.kept.release_unshared()
  %control.at = getelementptr inbounds i8, ptr %resource, i64 8
  %control = load ptr, ptr %control.at, align 8
  %counted = icmp ne ptr %control, null
  br i1 %counted, label %allocate, label %forward

allocate:
  %node = call ptr @malloc(i64 16)
  %allocated = icmp ne ptr %node, null
  br i1 %allocated, label %keep, label %forward

keep:
  %uses = getelementptr inbounds i8, ptr %control, i64 8
  %0 = atomicrmw add ptr %uses, i32 1 monotonic, align 4
  %node.control = getelementptr inbounds i8, ptr %node, i64 8
  store ptr %control, ptr %node.control, align 8
  %1 = call i32 @pthread_mutex_lock(ptr @sycl_specconst.kept.lock)
  %newest = load ptr, ptr @sycl_specconst.kept, align 8
  store ptr %newest, ptr %node, align 8
  store ptr %node, ptr @sycl_specconst.kept, align 8
  %2 = call i32 @pthread_mutex_unlock(ptr @sycl_specconst.kept.lock)
  br label %forward

forward:
  %known = load atomic ptr, ptr @sycl_specconst.kept.runtime acquire, align 8
  %is.known = icmp ne ptr %known, null
  br i1 %is.known, label %call, label %look.up

look.up:
  ; RTLD_NEXT: the definition after this module's, the runtime's.
  %found = call ptr @dlsym(ptr inttoptr (i64 -1 to ptr), ptr @sycl_specconst.kept.name)
  %is.found = icmp ne ptr %found, null
  br i1 %is.found, label %remember, label %missing

missing:
  call void @abort()
  unreachable

remember:
  store atomic ptr %found, ptr @sycl_specconst.kept.runtime release, align 8
  br label %call

call:
  %runtime = phi ptr [ %known, %forward ], [ %found, %remember ]
  call void %runtime(ptr %handler, ptr %resource)
  ret void
}}

; Unlinks, under the lock, every kept reference that is its object's last one (newest first),
; then drops them with the lock released.
define internal void @sycl_specconst.kept.release_unshared() uwtable {{
entry:
  %taken = alloca ptr, align 8
  %taken.end = alloca ptr, align 8
  store ptr null, ptr %taken, align 8
  store ptr %taken, ptr %taken.end, align 8
  %0 = call i32 @pthread_mutex_lock(ptr @sycl_specconst.kept.lock)
  br label %walk

walk:
  %link = phi ptr [ @sycl_specconst.kept, %entry ], [ %link, %take ], [ %node, %leave ]
  %node = load ptr, ptr %link, align 8
  %more = icmp ne ptr %node, null
  br i1 %more, label %inspect, label %unlock

inspect:
  %node.control = getelementptr inbounds i8, ptr %node, i64 8
  %control = load ptr, ptr %node.control, align 8
  %uses.at = getelementptr inbounds i8, ptr %control, i64 8
  %uses = load atomic i32, ptr %uses.at acquire, align 4
  %only.ours = icmp eq i32 %uses, 1
  br i1 %only.ours, label %take, label %leave

take:
  %next = load ptr, ptr %node, align 8
  store ptr %next, ptr %link, align 8
  store ptr null, ptr %node, align 8
  %end = load ptr, ptr %taken.end, align 8
  store ptr %node, ptr %end, align 8
  store ptr %node, ptr %taken.end, align 8
  br label %walk

leave:
  br label %walk

unlock:
  %1 = call i32 @pthread_mutex_unlock(ptr @sycl_specconst.kept.lock)
  %first = load ptr, ptr %taken, align 8
  br label %release

release:
  %current = phi ptr [ %first, %unlock ], [ %following, %drop ]
  %left = icmp ne ptr %current, null
  br i1 %left, label %drop, label %done

drop:
  %following = load ptr, ptr %current, align 8
  %current.control.at = getelementptr inbounds i8, ptr %current, i64 8
  %current.control = load ptr, ptr %current.control.at, align 8
  call void @sycl_specconst.kept.drop(ptr %current.control)
  call void @free(ptr %current)
  br label %release

done:
  ret void
}}

; libstdc++'s release of a reference: the last use disposes of the object (vtable slot 2),
; the last weak reference then destroys the control block (slot 3).
define internal void @sycl_specconst.kept.drop(ptr %control) uwtable {{
entry:
  %uses = getelementptr inbounds i8, ptr %control, i64 8
  %uses.before = atomicrmw sub ptr %uses, i32 1 acq_rel, align 4
  %last.use = icmp eq i32 %uses.before, 1
  br i1 %last.use, label %dispose, label %done

dispose:
  %vtable = load ptr, ptr %control, align 8
  %dispose.slot = getelementptr inbounds ptr, ptr %vtable, i64 2
  %dispose.function = load ptr, ptr %dispose.slot, align 8
  call void %dispose.function(ptr %control)
  %weak = getelementptr inbounds i8, ptr %control, i64 12
  %weak.before = atomicrmw sub ptr %weak, i32 1 acq_rel, align 4
  %last.weak = icmp eq i32 %weak.before, 1
  br i1 %last.weak, label %destroy, label %done

destroy:
  %destroy.slot = getelementptr inbounds ptr, ptr %vtable, i64 3
  %destroy.function = load ptr, ptr %destroy.slot, align 8
  call void %destroy.function(ptr %control)
  br label %done

done:
  ret void
}}

define internal void {AT_EXIT}() uwtable {{
  call void @sycl_specconst.kept.release_unshared()
  ret void
}}
"#,
        len = name.len(),
        bytes = crate::ir_text::byte_array(name.as_bytes()),
    )
}

#[cfg(test)]
mod tests {
    use object::{Object, ObjectSymbol, SymbolScope};

    use super::*;
    use crate::registration::{BuildOptions, registration_object_with_options};

    #[test]
    fn the_registration_object_defines_add_reduction_weak_and_hidden() {
        let bytes =
            registration_object_with_options(&[], &BuildOptions::default()).expect("object");
        let file = object::File::parse(&*bytes).expect("ELF");
        let symbol = file
            .symbols()
            .find(|s| s.name() == Ok(ADD_REDUCTION))
            .expect("addReduction defined");
        assert!(symbol.is_definition());
        // Weak: two registration objects (`-fsycl-link` outputs) link together; hidden: each
        // linked module's calls stay in it and none is exported over the runtime's.
        assert!(symbol.is_weak());
        assert_eq!(symbol.scope(), SymbolScope::Linkage);
        // Nothing else of it is global: the list, its lock and the helpers are internal.
        let globals: Vec<_> = file
            .symbols()
            .filter(|s| s.is_definition() && s.is_global())
            .filter_map(|s| s.name().ok())
            .collect();
        assert_eq!(globals, [ADD_REDUCTION]);
    }
}
