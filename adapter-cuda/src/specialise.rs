//! Native spec constants (issue 32): a launch whose spec-constant buffer's contents the
//! adapter knows runs a kernel specialised to those values. The image carries its bitcode
//! ([`model::specialisation`]); the specialiser library folds the values in and generates PTX;
//! the result is cached per (image, device, kernel, values) in memory (bounded, least recently
//! used evicted) and on disk ([`crate::disk_cache`]). Whatever fails, the launch runs the
//! emulated kernel (correct, only slower), and says why under `SYCL_SPECCONST_TIMING=1`.
#![forbid(unsafe_code)]

use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use model::specialisation::Specialisation;
use sha2::{Digest, Sha256};

use crate::cuda;
use crate::disk_cache::{self, DiskCache};
use crate::ffi::specialiser;
use crate::platform::Device;
use crate::program::{Argument, WITH_OFFSET_SUFFIX};

/// Set to 1: one line per kernel and reason it runs emulated, and per new specialisation.
pub(crate) const TIMING_VARIABLE: &str = "SYCL_SPECCONST_TIMING";
/// How many specialised kernels the process keeps loaded.
pub(crate) const ENTRIES_VARIABLE: &str = "SYCL_SPECCONST_JIT_CACHE_ENTRIES";
const DEFAULT_ENTRIES: usize = 256;

/// What a program keeps of an image that carries specialisation data.
#[derive(Debug)]
pub(crate) struct ImageData {
    /// Of the whole image: the caches' key for "this image".
    pub(crate) sha256: [u8; 32],
    pub(crate) specialisation: Arc<Specialisation>,
}

impl ImageData {
    /// The code the driver loads (PTX and its NUL, or the whole image) and the image's
    /// specialisation data, if any; a malformed trailer is no data (the code still loads).
    pub(crate) fn split(image: &[u8]) -> (usize, Option<ImageData>) {
        match model::specialisation::split_image(image) {
            Ok((code, None)) => (code.len(), None),
            Ok((code, Some(mut specialisation))) => (
                code.len(),
                Some(ImageData {
                    sha256: Sha256::digest(image).into(),
                    // Not a second copy of it beside the image: the specialiser reads the
                    // bitcode from the image the program keeps.
                    specialisation: Arc::new({
                        specialisation.bitcode = Vec::new();
                        specialisation
                    }),
                }),
            ),
            Err(malformed) => {
                debug(&format!("{malformed}: the image loads emulated"));
                (image.len(), None)
            }
        }
    }
}

/// Under the adapter's debug variable, a line on stderr.
pub(crate) fn debug(message: &str) {
    if std::env::var_os("SYCL_SPECCONST_UR_CUDA_DEBUG").is_some() {
        eprintln!("<CUDA>[DEBUG]: {message}");
    }
}

fn timing() -> bool {
    static TIMING: OnceLock<bool> = OnceLock::new();
    *TIMING.get_or_init(|| std::env::var_os(TIMING_VARIABLE).is_some_and(|v| v == "1"))
}

/// Says once per (kernel, reason) that a kernel runs emulated.
fn report_emulated(kernel: &str, reason: &str) {
    static SAID: Mutex<Option<HashSet<(String, String)>>> = Mutex::new(None);
    if !timing() {
        return;
    }
    let mut said = SAID.lock().unwrap_or_else(|p| p.into_inner());
    if said
        .get_or_insert_with(HashSet::new)
        .insert((kernel.to_string(), reason.to_string()))
    {
        eprintln!("sycl-specconst: kernel {kernel} runs emulated: {reason}");
    }
}

/// The values to specialise the launch of entry `launched` on: its spec-constant buffer
/// argument's known contents, when as long as the image's values. `Ok(None)`: the entry
/// reads no spec constants from a buffer (nothing to say); `Err`: why it runs emulated.
pub(crate) fn select_values(
    specialisation: &Specialisation,
    launched: &str,
    arguments: &[(u32, Argument)],
) -> Result<Option<Arc<[u8]>>, String> {
    let Some(entry) = specialisation.entry(launched) else {
        return Ok(None);
    };
    let parameter = entry.parameter;
    match arguments.iter().find(|(index, _)| *index == parameter) {
        None => Err(format!(
            "the launch gives no argument {parameter} (its spec-constant buffer)"
        )),
        Some((_, Argument::Buffer { contents, .. })) => match contents {
            Some(values) if values.len() as u64 == specialisation.values_len => {
                Ok(Some(values.clone()))
            }
            Some(values) => Err(format!(
                "its spec-constant buffer holds {} bytes; the image's values take {}",
                values.len(),
                specialisation.values_len
            )),
            None => Err(
                "its spec-constant buffer's contents are unknown (written since it was \
                 made, over 64 KiB, or passed writable)"
                    .to_string(),
            ),
        },
        Some(_) => Err(format!(
            "its argument {parameter} (the spec-constant buffer) is not a buffer"
        )),
    }
}

/// A bounded map that evicts its least recently used entry.
#[derive(Debug)]
pub(crate) struct Lru<K, V> {
    capacity: usize,
    clock: u64,
    entries: HashMap<K, (V, u64)>,
    /// Last use -> key: the first is the next to go.
    order: BTreeMap<u64, K>,
}

impl<K: Clone + Eq + Hash, V: Clone> Lru<K, V> {
    pub(crate) fn new(capacity: usize) -> Lru<K, V> {
        Lru {
            capacity: capacity.max(1),
            clock: 0,
            entries: HashMap::new(),
            order: BTreeMap::new(),
        }
    }

    fn touch(&mut self, key: &K) -> Option<&mut (V, u64)> {
        self.clock += 1;
        let clock = self.clock;
        let entry = self.entries.get_mut(key)?;
        self.order.remove(&entry.1);
        entry.1 = clock;
        self.order.insert(clock, key.clone());
        Some(entry)
    }

    pub(crate) fn get(&mut self, key: &K) -> Option<V> {
        self.touch(key).map(|(value, _)| value.clone())
    }

    /// Inserts (or replaces) `key`; returns what was evicted, for the caller to drop
    /// outside any lock.
    pub(crate) fn insert(&mut self, key: K, value: V) -> Vec<V> {
        let mut evicted = Vec::new();
        if let Some(entry) = self.touch(&key) {
            evicted.push(std::mem::replace(&mut entry.0, value));
            return evicted;
        }
        self.entries.insert(key.clone(), (value, self.clock));
        self.order.insert(self.clock, key);
        while self.entries.len() > self.capacity {
            let Some((_, oldest)) = self.order.pop_first() else {
                break;
            };
            if let Some((value, _)) = self.entries.remove(&oldest) {
                evicted.push(value);
            }
        }
        evicted
    }

    /// Empties the map; returns the values for the caller to drop outside any lock.
    pub(crate) fn take_all(&mut self) -> Vec<V> {
        self.order.clear();
        self.entries.drain().map(|(_, (value, _))| value).collect()
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.len()
    }
}

/// A kernel specialised to one value set: its module loaded, the kernel and its
/// global-offset variant (when the module has one).
#[derive(Debug)]
pub(crate) struct Specialised {
    context: cuda::Context,
    pub(crate) function: cuda::Function,
    pub(crate) with_offset: Option<cuda::Function>,
    /// The largest work-groups they launch (other code may take more registers than the
    /// emulated kernel, which the work-group size was checked against).
    max_threads: usize,
    offset_max_threads: usize,
}

/// The module unloads when the last `Function` goes, which may be right after a launch was
/// enqueued (an eviction, or a launch holding the entry while another thread evicts it).
/// Waiting for the context's work first is the simplest correct way: the queues keep nothing
/// per command to hold the module by, and evictions are rare (more value sets than entries).
impl Drop for Specialised {
    fn drop(&mut self) {
        let _ = self.context.synchronize();
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    image: [u8; 32],
    device: i32,
    kernel: String,
    values: Arc<[u8]>,
    max_registers: Option<u32>,
}

/// A specialisation, or why it failed (not tried again for the same key).
type Cached = Result<Arc<Specialised>, Arc<str>>;

fn cache() -> &'static Mutex<Lru<Key, Cached>> {
    static CACHE: OnceLock<Mutex<Lru<Key, Cached>>> = OnceLock::new();
    CACHE.get_or_init(|| {
        let entries = std::env::var(ENTRIES_VARIABLE)
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(DEFAULT_ENTRIES);
        Mutex::new(Lru::new(entries))
    })
}

/// Unloads every specialised module (the adapter's last release, before the devices' primary
/// contexts holding them are released: a later `urAdapterGet` may get new contexts).
pub(crate) fn forget_all() {
    let taken = cache().lock().unwrap_or_else(|p| p.into_inner()).take_all();
    drop(taken);
}

fn disk() -> Option<&'static DiskCache> {
    static DISK: OnceLock<Option<DiskCache>> = OnceLock::new();
    DISK.get_or_init(DiskCache::from_environment).as_ref()
}

/// One launch that may be specialised.
pub(crate) struct Launch<'a> {
    /// The whole image (the specialiser reads its bitcode) and what the program kept of it.
    pub(crate) image: &'a [u8],
    pub(crate) data: &'a ImageData,
    pub(crate) device: &'a Device,
    /// The kernel's name (its `_with_offset` variant is specialised with it).
    pub(crate) kernel: &'a str,
    pub(crate) with_offset: bool,
    pub(crate) max_registers: Option<u32>,
    /// Work-items per work-group.
    pub(crate) threads: usize,
}

/// The specialised kernel for this launch, or `None` to run the emulated one.
pub(crate) fn specialised(
    launch: &Launch<'_>,
    arguments: &[(u32, Argument)],
) -> Option<Arc<Specialised>> {
    let launched = if launch.with_offset {
        format!("{}{WITH_OFFSET_SUFFIX}", launch.kernel)
    } else {
        launch.kernel.to_string()
    };
    let values = match select_values(&launch.data.specialisation, &launched, arguments) {
        Ok(Some(values)) => values,
        Ok(None) => return None,
        Err(reason) => {
            report_emulated(&launched, &reason);
            return None;
        }
    };
    let key = Key {
        image: launch.data.sha256,
        device: launch.device.cu.ordinal(),
        kernel: launch.kernel.to_string(),
        values,
        max_registers: launch.max_registers,
    };
    let hit = cache().lock().unwrap_or_else(|p| p.into_inner()).get(&key);
    let cached = match hit {
        Some(cached) => cached,
        None => {
            // Not under the lock: a specialisation takes milliseconds. Two threads may make
            // the same one; the second replaces the first, both correct.
            let made = make(launch, &key.values).map(Arc::new).map_err(Arc::from);
            let evicted = cache()
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(key, made.clone());
            drop(evicted);
            made
        }
    };
    let usable = cached.and_then(|specialised| {
        let limit = if launch.with_offset {
            specialised
                .with_offset
                .as_ref()
                .map(|_| specialised.offset_max_threads)
        } else {
            Some(specialised.max_threads)
        };
        fits(limit, launch.threads)?;
        Ok(specialised)
    });
    match usable {
        Ok(specialised) => Some(specialised),
        Err(reason) => {
            report_emulated(&launched, &reason);
            None
        }
    }
}

/// Whether a launch of `threads` work-items per group can use a specialised entry allowing
/// `limit` (`None`: the specialised module lacks the entry).
fn fits(limit: Option<usize>, threads: usize) -> Result<(), Arc<str>> {
    match limit {
        None => Err("the specialised module lacks it".into()),
        Some(limit) if threads > limit => Err(format!(
            "specialised, it runs at most {limit} work-items per work-group; the launch has {threads}"
        )
        .into()),
        Some(_) => Ok(()),
    }
}

fn milliseconds(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e3
}

/// Specialises `launch`'s kernel to `values`: from the disk cache, else by the specialiser.
fn make(launch: &Launch<'_>, values: &[u8]) -> Result<Specialised, String> {
    let started = Instant::now();
    let disk = disk();
    let disk_key = disk_cache::key(&disk_cache::KeyParts {
        image_sha256: &launch.data.sha256,
        kernel: launch.kernel,
        values,
        capability: launch.device.capability,
    });
    if let Some(ptx) = disk.and_then(|d| d.get(&disk_key)) {
        let loading = Instant::now();
        match load(launch, &ptx) {
            Ok(specialised) => {
                if timing() {
                    eprintln!(
                        "sycl-specconst: specialised {} for {} value bytes in {:.2} ms (from the disk cache, load {:.2} ms)",
                        launch.kernel,
                        values.len(),
                        milliseconds(started),
                        milliseconds(loading)
                    );
                }
                return Ok(specialised);
            }
            Err(reason) => {
                debug(&format!(
                    "a cached PTX does not load ({reason}): made again"
                ));
                if let Some(disk) = disk {
                    disk.remove(&disk_key);
                }
            }
        }
    }
    let library = specialiser::specialiser()?;
    let output = library.specialise(launch.image, launch.kernel, values)?;
    let loading = Instant::now();
    let specialised = load(launch, &output.ptx)?;
    let load_ms = milliseconds(loading);
    if let Some(disk) = disk
        && let Err(error) = disk.put(&disk_key, &output.ptx)
    {
        debug(&format!("the specialised PTX is not saved: {error}"));
    }
    if timing() {
        eprintln!(
            "sycl-specconst: specialised {} for {} value bytes in {:.2} ms (read {:.2} ms, optimise {:.2} ms, PTX {:.2} ms, load {load_ms:.2} ms)",
            launch.kernel,
            values.len(),
            milliseconds(started),
            output.parse_us as f64 / 1e3,
            output.optimise_us as f64 / 1e3,
            output.emit_us as f64 / 1e3,
        );
    }
    Ok(specialised)
}

/// Loads specialised PTX and finds the kernel and its global-offset variant in it.
fn load(launch: &Launch<'_>, ptx: &[u8]) -> Result<Specialised, String> {
    let context = launch.device.context();
    let loaded = cuda::Module::load(context, ptx, launch.max_registers)
        .map_err(|error| error.to_string())?;
    let module = Arc::new(loaded.module.map_err(|error| {
        format!(
            "the specialised PTX does not load: {error} {}",
            loaded.error_log.trim()
        )
    })?);
    let names = module.function_names().map_err(|e| e.to_string())?;
    if !names.iter().any(|n| n == launch.kernel) {
        return Err("the specialised PTX lacks the kernel".to_string());
    }
    let function = module.function(launch.kernel).map_err(|e| e.to_string())?;
    let offset_name = format!("{}{WITH_OFFSET_SUFFIX}", launch.kernel);
    let with_offset = if names.contains(&offset_name) {
        Some(module.function(&offset_name).map_err(|e| e.to_string())?)
    } else {
        None
    };
    let max_threads = |function: &cuda::Function| {
        function
            .attribute(cuda::FunctionAttribute::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
            .map(|n| n.max(0) as usize)
            .map_err(|e| e.to_string())
    };
    Ok(Specialised {
        context,
        max_threads: max_threads(&function)?,
        offset_max_threads: with_offset
            .as_ref()
            .map(max_threads)
            .transpose()?
            .unwrap_or(0),
        function,
        with_offset,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::specialisation::Entry;

    fn data() -> Specialisation {
        Specialisation {
            values_len: 8,
            arch: "sm_90".into(),
            ptx_feature: "+ptx78".into(),
            entries: vec![
                Entry {
                    kernel: "K".into(),
                    parameter: 1,
                },
                Entry {
                    kernel: "K_with_offset".into(),
                    parameter: 1,
                },
            ],
            bitcode: b"BC".to_vec(),
        }
    }

    fn buffer(contents: Option<&[u8]>) -> Argument {
        Argument::Buffer {
            address: 0x1000u64.to_ne_bytes().to_vec(),
            contents: contents.map(Arc::from),
        }
    }

    #[test]
    fn the_entrys_parameter_gives_the_values() {
        let values = [1u8, 2, 3, 4, 5, 6, 7, 8];
        let arguments = vec![
            (0, buffer(Some(&[9; 8]))),
            (1, buffer(Some(&values))),
            (2, Argument::Bytes(vec![0; 4])),
        ];
        for launched in ["K", "K_with_offset"] {
            assert_eq!(
                select_values(&data(), launched, &arguments)
                    .expect("values")
                    .as_deref(),
                Some(&values[..]),
                "{launched}"
            );
        }
        // A kernel without spec constants in a buffer: nothing to do, nothing to say.
        assert_eq!(select_values(&data(), "L", &arguments), Ok(None));
    }

    #[test]
    fn a_wrong_length_unknown_contents_or_a_non_buffer_is_a_reason() {
        let reason = |argument: Argument| {
            select_values(&data(), "K", &[(0, Argument::Local(4)), (1, argument)])
                .expect_err("emulated")
        };
        assert!(reason(buffer(Some(&[0; 7]))).contains("holds 7 bytes"));
        assert!(reason(buffer(Some(&[0; 9]))).contains("holds 9 bytes"));
        assert!(reason(buffer(None)).contains("unknown"));
        assert!(reason(Argument::Bytes(vec![0; 8])).contains("not a buffer"));
        let missing =
            select_values(&data(), "K", &[(0, buffer(Some(&[0; 8])))]).expect_err("emulated");
        assert!(missing.contains("no argument 1"), "{missing}");
    }

    #[test]
    fn the_lru_keeps_its_bound_and_evicts_the_least_recently_used() {
        let mut lru = Lru::new(3);
        for k in 0..3 {
            assert!(lru.insert(k, k * 10).is_empty());
        }
        // 0 used again: 1 is now the oldest.
        assert_eq!(lru.get(&0), Some(0));
        assert_eq!(lru.insert(3, 30), vec![10]);
        assert_eq!(lru.get(&1), None);
        assert_eq!(lru.len(), 3);
        assert_eq!(lru.insert(4, 40), vec![20]);
        assert_eq!(lru.insert(5, 50), vec![0]);
        // Replacing a key evicts its old value only.
        assert_eq!(lru.insert(5, 51), vec![50]);
        assert_eq!(lru.get(&5), Some(51));
        assert_eq!(lru.len(), 3);
        for k in 6..1000 {
            lru.insert(k, k);
        }
        assert_eq!(lru.len(), 3);
        assert_eq!(lru.order.len(), 3);
        assert_eq!(lru.get(&997), Some(997));
    }

    #[test]
    fn a_specialised_entry_is_used_only_where_it_exists_and_fits() {
        assert_eq!(fits(Some(1024), 1024), Ok(()));
        assert_eq!(fits(Some(1024), 1), Ok(()));
        let too_many = fits(Some(512), 1024).expect_err("emulated");
        assert!(too_many.contains("at most 512"), "{too_many}");
        let lacking = fits(None, 1).expect_err("emulated");
        assert!(lacking.contains("lacks"), "{lacking}");
    }

    #[test]
    fn taking_all_empties_the_lru_and_it_works_on() {
        let mut lru = Lru::new(2);
        lru.insert("a", 1);
        lru.insert("b", 2);
        let mut taken = lru.take_all();
        taken.sort();
        assert_eq!(taken, vec![1, 2]);
        assert_eq!((lru.len(), lru.order.len()), (0, 0));
        assert_eq!(lru.get(&"a"), None);
        assert!(lru.insert("c", 3).is_empty());
        assert!(lru.insert("d", 4).is_empty());
        assert_eq!(lru.insert("e", 5), vec![3]);
    }

    #[test]
    fn a_zero_bound_keeps_one() {
        let mut lru = Lru::new(0);
        assert!(lru.insert("a", 1).is_empty());
        assert_eq!(lru.insert("b", 2), vec![1]);
        assert_eq!(lru.get(&"b"), Some(2));
    }

    #[test]
    fn images_with_and_without_data_split() {
        let mut image = b".version 7.8\n\0".to_vec();
        let ptx_len = image.len();
        let (code_len, data) = ImageData::split(&image);
        assert_eq!((code_len, data.is_none()), (ptx_len, true));
        self::data().append_to(&mut image);
        let (code_len, data) = ImageData::split(&image);
        assert_eq!(code_len, ptx_len);
        let data = data.expect("specialisation data");
        // The index as written; the bitcode stays in the image alone.
        let mut index = self::data();
        index.bitcode.clear();
        assert_eq!(*data.specialisation, index);
        let expected: [u8; 32] = Sha256::digest(&image).into();
        assert_eq!(data.sha256, expected);
        // A damaged trailer: the whole image loads as it is, without data.
        let mut damaged = image.clone();
        let magic_at = damaged.len() - 8 - 16;
        damaged[magic_at] ^= 0xff; // the bitcode length
        let (code_len, data) = ImageData::split(&damaged);
        assert_eq!((code_len, data.is_none()), (damaged.len(), true));
    }
}
