//! Programs (a PTX, cubin or fatbin image, JIT-loaded by the driver at build) and kernels,
//! and the kernel launch: arguments to parameters, work sizes to a grid, local memory to
//! the launch's dynamic shared memory.
#![forbid(unsafe_code)]

use std::sync::{Arc, Mutex, MutexGuard};

use crate::context::ContextRef;
use crate::cuda::{self, FunctionAttribute};
use crate::error::{Error, UrResult};
use crate::ffi::ur::*;
use crate::ffi::{Handle, InfoOut, address_of};
use crate::memory;
use crate::platform::{Device, MAX_WORK_GROUP_SIZE, WARP_SIZE};
use crate::queue::{Event, EventRef, QueueRef};
use crate::specialise::{self, ImageData};

/// The suffix of the kernel variant that takes the global offset (issue 30's wrappers).
pub(crate) const WITH_OFFSET_SUFFIX: &str = "_with_offset";

pub(crate) struct Program {
    context: ContextRef,
    device: &'static Handle<Device>,
    /// The whole image (what `UR_PROGRAM_INFO_BINARIES` gives back).
    image: Vec<u8>,
    /// The length of its code, what the driver loads: an `nvptx64` image's PTX and its NUL
    /// when specialisation data follows them.
    code_len: usize,
    /// The image's specialisation data (issue 32), if it has any.
    specialisation: Option<ImageData>,
    build: Mutex<Build>,
}

struct Build {
    module: Option<Arc<cuda::Module>>,
    /// The module's kernel names (asked once: a lookup of a missing name is a CUDA error).
    kernel_names: Vec<String>,
    /// `urProgramCompile` ran (and no build since).
    compiled: bool,
    status: ur_program_build_status_t,
    options: String,
    log: String,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "program of {} bytes for {:?}",
            self.image.len(),
            self.device
        )
    }
}

pub(crate) type ProgramRef = Arc<Handle<Program>>;
pub(crate) type KernelRef = Arc<Handle<Kernel>>;

impl Program {
    pub(crate) fn new(
        context: ContextRef,
        device: &'static Handle<Device>,
        image: Vec<u8>,
    ) -> UrResult<ProgramRef> {
        if !context.has_device(device) {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_DEVICE));
        }
        if image.is_empty() {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_BINARY));
        }
        let (code_len, specialisation) = ImageData::split(&image);
        Ok(Handle::shared(Program {
            context,
            device,
            image,
            code_len,
            specialisation,
            build: Mutex::new(Build {
                module: None,
                kernel_names: Vec::new(),
                compiled: false,
                status: UR_PROGRAM_BUILD_STATUS_NONE,
                options: String::new(),
                log: String::new(),
            }),
        }))
    }

    fn state(&self) -> MutexGuard<'_, Build> {
        self.build
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Loads the image: the driver JIT-compiles PTX for the device here.
    pub(crate) fn build(&self, options: &str) -> UrResult<()> {
        let mut state = self.state();
        state.options = options.to_string();
        if state.module.is_some() {
            return Ok(());
        }
        let loaded =
            cuda::Module::load(self.device.context(), self.code(), max_registers(options))?;
        state.log = [loaded.error_log.trim(), loaded.info_log.trim()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("\n");
        match loaded.module {
            Ok(module) => {
                state.kernel_names = module.function_names()?;
                state.module = Some(Arc::new(module));
                state.status = UR_PROGRAM_BUILD_STATUS_SUCCESS;
                Ok(())
            }
            Err(error) => {
                state.status = UR_PROGRAM_BUILD_STATUS_ERROR;
                let message = format!("{error}\n{}", state.log);
                state.log = message.clone();
                Err(Error::with_message(
                    UR_RESULT_ERROR_PROGRAM_BUILD_FAILURE,
                    message,
                ))
            }
        }
    }

    /// `urProgramCompile`: a PTX image needs no compiling before its link; the options are
    /// kept for the build that the link makes.
    pub(crate) fn compile(&self, options: &str) -> UrResult<()> {
        let mut state = self.state();
        state.options = options.to_string();
        state.status = UR_PROGRAM_BUILD_STATUS_SUCCESS;
        state.compiled = true;
        Ok(())
    }

    /// `urProgramLink`: one program is its image built again; several are linked by the
    /// driver's linker into one cubin, then built.
    pub(crate) fn link(
        context: ContextRef,
        programs: &[ProgramRef],
        options: &str,
    ) -> UrResult<ProgramRef> {
        let first = programs
            .first()
            .ok_or_else(|| Error::code(UR_RESULT_ERROR_INVALID_SIZE))?;
        let device = first.device;
        if programs.iter().any(|p| !std::ptr::eq(p.device, device)) {
            return Err(Error::unsupported("linking programs of different devices"));
        }
        let image = if programs.len() == 1 {
            first.image.clone()
        } else {
            // The linked cubin has no bitcode: its kernels run emulated.
            let images: Vec<&[u8]> = programs.iter().map(|p| p.code()).collect();
            cuda::link(device.context(), &images)?
                .map_err(|log| Error::with_message(UR_RESULT_ERROR_PROGRAM_LINK_FAILURE, log))?
        };
        let program = Program::new(context, device, image)?;
        program.build(options)?;
        Ok(program)
    }

    fn module(&self) -> UrResult<Arc<cuda::Module>> {
        self.state().module.clone().ok_or_else(|| {
            Error::with_message(
                UR_RESULT_ERROR_INVALID_PROGRAM_EXECUTABLE,
                "the program is not built",
            )
        })
    }

    fn kernel_names(&self) -> UrResult<Vec<String>> {
        self.module()?;
        Ok(self.state().kernel_names.clone())
    }

    fn has_kernel(&self, name: &str) -> bool {
        self.state().kernel_names.iter().any(|k| k == name)
    }

    pub(crate) fn image(&self) -> &[u8] {
        &self.image
    }

    /// What the driver loads of the image.
    fn code(&self) -> &[u8] {
        &self.image[..self.code_len]
    }

    /// The registers limit the program was built with (a specialised module keeps it).
    fn max_registers(&self) -> Option<u32> {
        max_registers(&self.state().options)
    }

    pub(crate) fn info(
        &self,
        property: ur_program_info_t,
        reference_count: u32,
        out: InfoOut<'_>,
    ) -> UrResult<()> {
        match property {
            UR_PROGRAM_INFO_REFERENCE_COUNT => out.u32(reference_count),
            UR_PROGRAM_INFO_CONTEXT => out.usize(address_of(&*self.context)),
            UR_PROGRAM_INFO_NUM_DEVICES => out.u32(1),
            UR_PROGRAM_INFO_DEVICES => out.usizes(&[address_of(self.device)]),
            UR_PROGRAM_INFO_BINARY_SIZES => out.usizes(&[self.image.len()]),
            UR_PROGRAM_INFO_NUM_KERNELS => out.usize(self.kernel_names()?.len()),
            UR_PROGRAM_INFO_KERNEL_NAMES => out.string(&self.kernel_names()?.join(";")),
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }

    pub(crate) fn build_info(
        &self,
        property: ur_program_build_info_t,
        out: InfoOut<'_>,
    ) -> UrResult<()> {
        let state = self.state();
        match property {
            UR_PROGRAM_BUILD_INFO_STATUS => out.u32(state.status),
            UR_PROGRAM_BUILD_INFO_OPTIONS => out.string(&state.options),
            UR_PROGRAM_BUILD_INFO_LOG => out.string(&state.log),
            UR_PROGRAM_BUILD_INFO_BINARY_TYPE => out.u32(if state.module.is_some() {
                UR_PROGRAM_BINARY_TYPE_EXECUTABLE
            } else if state.compiled {
                UR_PROGRAM_BINARY_TYPE_COMPILED_OBJECT
            } else {
                UR_PROGRAM_BINARY_TYPE_NONE
            }),
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }
}

/// `--maxrregcount=N` / `-maxrregcount N` among the build options, the one option the
/// driver's JIT takes from them.
fn max_registers(options: &str) -> Option<u32> {
    let mut words = options.split_whitespace();
    while let Some(word) = words.next() {
        let value = match word.split_once('=') {
            Some(("--maxrregcount" | "-maxrregcount", value)) => Some(value),
            None if word == "--maxrregcount" || word == "-maxrregcount" => words.next(),
            _ => None,
        };
        if let Some(count) = value.and_then(|v| v.parse().ok()) {
            return Some(count);
        }
    }
    None
}

pub(crate) struct Kernel {
    program: ProgramRef,
    name: String,
    function: cuda::Function,
    with_offset: Option<cuda::Function>,
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "kernel {}", self.name)
    }
}

/// One launch argument as the runtime gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Argument {
    /// The parameter's bytes (values, pointers, null buffers).
    Bytes(Vec<u8>),
    /// A buffer: its address's bytes, and its contents when the adapter knows them and the
    /// kernel only reads it (what a spec-constant buffer's values are specialised from).
    Buffer {
        address: Vec<u8>,
        contents: Option<Arc<[u8]>>,
    },
    /// Local memory of this many bytes: the parameter is its offset in dynamic shared memory.
    Local(usize),
}

impl Kernel {
    pub(crate) fn new(program: ProgramRef, name: &str) -> UrResult<KernelRef> {
        let module = program.module()?;
        if !program.has_kernel(name) {
            return Err(Error::with_message(
                UR_RESULT_ERROR_INVALID_KERNEL_NAME,
                format!("no kernel '{name}' in the program"),
            ));
        }
        let function = module.function(name)?;
        let offset_name = format!("{name}{WITH_OFFSET_SUFFIX}");
        let with_offset = if program.has_kernel(&offset_name) {
            Some(module.function(&offset_name)?)
        } else {
            None
        };
        Ok(Handle::shared(Kernel {
            program,
            name: name.to_string(),
            function,
            with_offset,
        }))
    }

    fn attribute(&self, attribute: FunctionAttribute) -> UrResult<i32> {
        Ok(self.function.attribute(attribute)?)
    }

    fn max_threads(&self) -> UrResult<usize> {
        Ok(self
            .attribute(FunctionAttribute::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?
            .max(1) as usize)
    }

    pub(crate) fn info(
        &self,
        property: ur_kernel_info_t,
        reference_count: u32,
        out: InfoOut<'_>,
    ) -> UrResult<()> {
        match property {
            UR_KERNEL_INFO_FUNCTION_NAME => out.string(&self.name),
            UR_KERNEL_INFO_REFERENCE_COUNT => out.u32(reference_count),
            UR_KERNEL_INFO_CONTEXT => out.usize(address_of(&*self.program.context)),
            UR_KERNEL_INFO_PROGRAM => out.usize(address_of(&*self.program)),
            UR_KERNEL_INFO_ATTRIBUTES => out.string(""),
            UR_KERNEL_INFO_NUM_REGS => {
                out.u32(self.attribute(FunctionAttribute::CU_FUNC_ATTRIBUTE_NUM_REGS)? as u32)
            }
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }

    pub(crate) fn group_info(
        &self,
        property: ur_kernel_group_info_t,
        out: InfoOut<'_>,
    ) -> UrResult<()> {
        match property {
            UR_KERNEL_GROUP_INFO_WORK_GROUP_SIZE => out.usize(self.max_threads()?),
            UR_KERNEL_GROUP_INFO_COMPILE_WORK_GROUP_SIZE
            | UR_KERNEL_GROUP_INFO_COMPILE_MAX_WORK_GROUP_SIZE => out.usizes(&[0, 0, 0]),
            UR_KERNEL_GROUP_INFO_COMPILE_MAX_LINEAR_WORK_GROUP_SIZE => out.usize(0),
            UR_KERNEL_GROUP_INFO_LOCAL_MEM_SIZE => out.u64(
                self.attribute(FunctionAttribute::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)? as u64,
            ),
            UR_KERNEL_GROUP_INFO_PREFERRED_WORK_GROUP_SIZE_MULTIPLE => {
                out.usize(WARP_SIZE as usize)
            }
            UR_KERNEL_GROUP_INFO_PRIVATE_MEM_SIZE => out
                .u64(self.attribute(FunctionAttribute::CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)? as u64),
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }

    pub(crate) fn sub_group_info(
        &self,
        property: ur_kernel_sub_group_info_t,
        out: InfoOut<'_>,
    ) -> UrResult<()> {
        match property {
            UR_KERNEL_SUB_GROUP_INFO_MAX_SUB_GROUP_SIZE
            | UR_KERNEL_SUB_GROUP_INFO_SUB_GROUP_SIZE_INTEL => out.u32(WARP_SIZE),
            UR_KERNEL_SUB_GROUP_INFO_MAX_NUM_SUB_GROUPS => {
                out.u32(self.max_threads()?.div_ceil(WARP_SIZE as usize) as u32)
            }
            UR_KERNEL_SUB_GROUP_INFO_COMPILE_NUM_SUB_GROUPS => out.u32(0),
            _ => Err(Error::code(UR_RESULT_ERROR_UNSUPPORTED_ENUMERATION)),
        }
    }

    /// A work-group size for `global` when the runtime leaves it to the adapter: per
    /// dimension the largest divisor of the global size within the block limits.
    pub(crate) fn suggested_local_size(
        &self,
        device: &Device,
        global: [usize; 3],
    ) -> UrResult<[usize; 3]> {
        let max_threads = self.max_threads()?.min(MAX_WORK_GROUP_SIZE);
        let block_limits = [
            device
                .cu
                .attribute(cuda::Attribute::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X)?
                .max(1) as usize,
            device
                .cu
                .attribute(cuda::Attribute::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y)?
                .max(1) as usize,
            device
                .cu
                .attribute(cuda::Attribute::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z)?
                .max(1) as usize,
        ];
        Ok(suggest_local_size(global, block_limits, max_threads))
    }

    /// Launches the kernel: `global`/`local` in UR's dimension order (x first).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn launch(
        &self,
        queue: &QueueRef,
        work_dim: usize,
        offset: [usize; 3],
        global: [usize; 3],
        local: Option<[usize; 3]>,
        arguments: Vec<(u32, Argument)>,
        waits: &[&Handle<Event>],
        want_event: bool,
    ) -> UrResult<Option<EventRef>> {
        if !(1..=3).contains(&work_dim) {
            return Err(Error::code(UR_RESULT_ERROR_INVALID_WORK_DIMENSION));
        }
        let local = match local {
            Some(local) => local,
            None => self.suggested_local_size(queue.device, global)?,
        };
        let mut grid = [1u32; 3];
        for d in 0..3 {
            if local[d] == 0 || global[d] % local[d] != 0 {
                return Err(Error::with_message(
                    UR_RESULT_ERROR_INVALID_WORK_GROUP_SIZE,
                    format!(
                        "global size {} is not a multiple of the work-group size {} (dimension {d})",
                        global[d], local[d]
                    ),
                ));
            }
            grid[d] = u32::try_from(global[d] / local[d])
                .map_err(|_| Error::code(UR_RESULT_ERROR_INVALID_WORK_GROUP_SIZE))?;
        }
        let threads: usize = local.iter().product();
        if threads > self.max_threads()? {
            return Err(Error::with_message(
                UR_RESULT_ERROR_INVALID_WORK_GROUP_SIZE,
                format!(
                    "work-group of {threads} work-items; kernel {} allows {}",
                    self.name,
                    self.max_threads()?
                ),
            ));
        }
        let with_offset = offset.iter().any(|&o| o != 0);
        // Held until the launch is enqueued (and see `Specialised`'s drop).
        let specialised = self.program.specialisation.as_ref().and_then(|data| {
            specialise::specialised(
                &specialise::Launch {
                    image: &self.program.image,
                    data,
                    device: queue.device,
                    kernel: &self.name,
                    with_offset,
                    max_registers: self.program.max_registers(),
                    threads,
                },
                &arguments,
            )
        });
        let (mut params, shared_bytes) = parameters(arguments)?;
        let shared_limit = queue.device.local_memory_size()?;
        if shared_bytes > shared_limit {
            return Err(Error::with_message(
                UR_RESULT_ERROR_OUT_OF_RESOURCES,
                format!("{shared_bytes} bytes of local memory; the device has {shared_limit}"),
            ));
        }
        let function = if with_offset {
            let function = specialised
                .as_ref()
                .and_then(|s| s.with_offset.as_ref())
                .or(self.with_offset.as_ref());
            let function = function.ok_or_else(|| {
                Error::with_message(
                    UR_RESULT_ERROR_INVALID_KERNEL,
                    format!("kernel {} has no global-offset variant", self.name),
                )
            })?;
            let mut bytes = Vec::with_capacity(12);
            for o in offset {
                let o = u32::try_from(o).map_err(|_| Error::code(UR_RESULT_ERROR_INVALID_VALUE))?;
                bytes.extend_from_slice(&o.to_ne_bytes());
            }
            params.push(bytes);
            function
        } else {
            specialised.as_ref().map_or(&self.function, |s| &s.function)
        };
        // Above CUDA's default 48 KiB a kernel must opt in to more dynamic shared memory.
        if shared_bytes > 48 * 1024 {
            function.allow_dynamic_shared(shared_bytes as i32)?;
        }
        let launch = cuda::Launch {
            grid,
            block: [local[0] as u32, local[1] as u32, local[2] as u32],
            shared_bytes: shared_bytes as u32,
        };
        let started = queue.begin(waits)?;
        if let Err(expected) = queue.stream.launch(function, &launch, &params)? {
            return Err(Error::with_message(
                UR_RESULT_ERROR_INVALID_KERNEL_ARGS,
                format!(
                    "kernel {} takes parameters of {expected:?} bytes; the launch gave {:?}",
                    self.name,
                    params.iter().map(Vec::len).collect::<Vec<_>>()
                ),
            ));
        }
        memory::finish(queue, started, UR_COMMAND_KERNEL_LAUNCH, false, want_event)
    }
}

/// The per-dimension work-group size [`Kernel::suggested_local_size`] picks.
fn suggest_local_size(
    global: [usize; 3],
    block_limits: [usize; 3],
    max_threads: usize,
) -> [usize; 3] {
    let mut local = [1usize; 3];
    let mut budget = max_threads.max(1);
    for d in 0..3 {
        let limit = block_limits[d].min(budget).max(1);
        let size = global[d].max(1);
        local[d] = (1..=limit.min(size))
            .rev()
            .find(|l| size % l == 0)
            .unwrap_or(1);
        budget /= local[d];
    }
    local
}

/// The launch's parameters in index order, and the dynamic shared memory the local
/// arguments take: each at an offset aligned for its size (up to 128 bytes).
fn parameters(mut arguments: Vec<(u32, Argument)>) -> UrResult<(Vec<Vec<u8>>, usize)> {
    arguments.sort_by_key(|(index, _)| *index);
    let mut params = Vec::with_capacity(arguments.len());
    let mut shared = 0usize;
    for (position, (index, argument)) in arguments.into_iter().enumerate() {
        if index as usize != position {
            return Err(Error::with_message(
                UR_RESULT_ERROR_INVALID_KERNEL_ARGS,
                format!("kernel argument {position} was not given"),
            ));
        }
        params.push(match argument {
            Argument::Bytes(bytes) | Argument::Buffer { address: bytes, .. } => bytes,
            Argument::Local(size) => {
                let align = local_alignment(size);
                shared = shared.div_ceil(align) * align;
                let offset = shared;
                shared += size;
                offset.to_ne_bytes().to_vec()
            }
        });
    }
    Ok((params, shared))
}

/// The alignment of a local argument of `size` bytes: the largest power of two dividing it
/// (an array's size is a multiple of its element's alignment), at most 128.
fn local_alignment(size: usize) -> usize {
    if size == 0 {
        1
    } else {
        (1usize << size.trailing_zeros()).min(128)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_arguments_get_aligned_offsets() {
        let (params, shared) = parameters(vec![
            (2, Argument::Local(12)),
            (0, Argument::Bytes(vec![1, 2, 3, 4])),
            (1, Argument::Local(6)),
            (3, Argument::Local(64)),
        ])
        .expect("a value");
        let offset = |p: &Vec<u8>| usize::from_ne_bytes(p.as_slice().try_into().expect("a value"));
        assert_eq!(params[0], vec![1, 2, 3, 4]);
        assert_eq!(offset(&params[1]), 0); // 6 bytes at 0
        assert_eq!(offset(&params[2]), 8); // 12 bytes: aligned to 4, after 6 -> 8
        assert_eq!(offset(&params[3]), 64); // 64 bytes: aligned to 64, after 20 -> 64
        assert_eq!(shared, 128);
    }

    #[test]
    fn a_buffer_argument_passes_its_address_whatever_its_contents() {
        let address = 0xdead_beef_u64.to_ne_bytes().to_vec();
        let (params, shared) = parameters(vec![
            (
                0,
                Argument::Buffer {
                    address: address.clone(),
                    contents: Some(Arc::from(&[1u8, 2][..])),
                },
            ),
            (
                1,
                Argument::Buffer {
                    address: address.clone(),
                    contents: None,
                },
            ),
        ])
        .expect("a value");
        assert_eq!(params, vec![address.clone(), address]);
        assert_eq!(shared, 0);
    }

    #[test]
    fn a_missing_argument_index_is_an_error() {
        let err = parameters(vec![(0, Argument::Local(4)), (2, Argument::Local(4))])
            .expect_err("an error");
        assert_eq!(err.result(), UR_RESULT_ERROR_INVALID_KERNEL_ARGS);
    }

    #[test]
    fn suggested_sizes_divide_the_global_size() {
        assert_eq!(
            suggest_local_size([1 << 20, 1, 1], [1024, 1024, 64], 1024),
            [1024, 1, 1]
        );
        assert_eq!(
            suggest_local_size([1000, 1, 1], [1024, 1024, 64], 1024),
            [1000, 1, 1]
        );
        assert_eq!(
            suggest_local_size([64, 64, 1], [1024, 1024, 64], 1024),
            [64, 16, 1]
        );
        assert_eq!(
            suggest_local_size([7, 5, 3], [1024, 1024, 64], 1024),
            [7, 5, 3]
        );
        assert_eq!(
            suggest_local_size([2048, 1, 1], [1024, 1024, 64], 256),
            [256, 1, 1]
        );
    }

    #[test]
    fn max_registers_option() {
        assert_eq!(max_registers("-O3 --maxrregcount=32"), Some(32));
        assert_eq!(max_registers("-maxrregcount 40"), Some(40));
        assert_eq!(max_registers("-O3"), None);
    }
}
