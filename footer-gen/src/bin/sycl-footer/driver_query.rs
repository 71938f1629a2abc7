//! Where a compilation database's `sycl-clang++` finds the SYCL headers: the batch mode asks
//! the driver as clangd does (`--query-driver`), with `-E -v -x c++ -`, and reads the include
//! search list it prints. Only the directories holding a `sycl/` directory are taken (Intel's
//! headers and the driver's editor directory): the rest is clang's own list, which libclang
//! builds itself, for its own version.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The compiler names whose search list is asked for: the tool chain's own driver (its
/// Cargo binary name and the installed link). Other programs named by a database are not run.
const DRIVER_NAMES: [&str; 2] = ["sycl-clang++", "sycl-clangxx"];

/// The `#include <...>` directories of clang's `-v` output (its standard error).
fn search_list(verbose_output: &str) -> Vec<PathBuf> {
    verbose_output
        .lines()
        .skip_while(|line| !line.starts_with("#include <...> search starts here:"))
        .skip(1)
        .take_while(|line| !line.starts_with("End of search list."))
        // macOS-style framework entries end with this note; not include directories.
        .map(|line| line.trim().trim_end_matches(" (framework directory)"))
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .collect()
}

/// The SYCL header directories `compiler` (as the database names it, relative to `directory`
/// or looked up in `PATH`) reports, in its order; none when it is not `sycl-clang++` or the
/// query fails (the analysis then reports the missing header itself).
fn sycl_include_dirs(compiler: &str, directory: &Path) -> Vec<PathBuf> {
    let name = Path::new(compiler)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("");
    if !DRIVER_NAMES.contains(&name) {
        return Vec::new();
    }
    let program = if compiler.contains('/') {
        directory.join(compiler)
    } else {
        PathBuf::from(compiler)
    };
    let Ok(out) = Command::new(program)
        .args(["-E", "-v", "-x", "c++", "-"])
        .current_dir(directory)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
    else {
        return Vec::new();
    };
    if !out.status.success() {
        return Vec::new();
    }
    search_list(&String::from_utf8_lossy(&out.stderr))
        .into_iter()
        .filter(|dir| dir.join("sycl").is_dir())
        .collect()
}

/// [`sycl_include_dirs`] once per distinct compiler and directory.
#[derive(Default)]
pub(crate) struct Cache(HashMap<(String, PathBuf), Vec<PathBuf>>);

impl Cache {
    pub(crate) fn dirs(&mut self, compiler: &str, directory: &Path) -> &[PathBuf] {
        self.0
            .entry((compiler.to_string(), directory.to_path_buf()))
            .or_insert_with(|| sycl_include_dirs(compiler, directory))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_angle_search_list_is_read_between_its_markers() {
        let text = "clang version 22\n#include \"...\" search starts here:\n /quoted\n\
                    #include <...> search starts here:\n /a/clangd\n /b/intel\n /usr/include\n\
                    End of search list.\n /after\n";
        assert_eq!(
            search_list(text),
            [
                PathBuf::from("/a/clangd"),
                PathBuf::from("/b/intel"),
                PathBuf::from("/usr/include")
            ]
        );
        assert!(search_list("no list here").is_empty());
    }

    #[test]
    fn other_compilers_are_not_run() {
        assert!(sycl_include_dirs("/bin/false", Path::new("/")).is_empty());
        assert!(sycl_include_dirs("g++", Path::new("/")).is_empty());
    }
}
