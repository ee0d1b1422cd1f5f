//! The slices of a tablebase directory: which are there and trusted, which are missing, damaged or
//! stale, and in what order they are built.
//!
//! A *slice* is what one build step produces: a material and its colour swap, solved together
//! (see [`Material::slice`]), one file per material. A slice's *dependencies* are the slices its
//! captures and promotions lead into ([`Material::slice_dependencies`]); every file records the
//! checksums of the files it was built from ([`SliceHeader::dependencies`](super::table::SliceHeader)).
//!
//! `scan` reads a directory (`scan_bytes` the same files as bytes in memory, named) in build
//! order (smallest first) and trusts a file only if it passes
//! its own checks and every input it records is present, trusted, and the very file it was built
//! from; so a file built from a damaged, replaced or rebuilt input is *stale* and is not used.
//! Opening the tables for probing ([`Tablebases::open`](super::Tablebases::open)), `egtb status`
//! ([`status`]) and `egtb build` (what to rebuild) all use this one scan.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ahash::AHashMap;

use super::error::TbError;
use super::material::{EXTENSION, MAX_TABLE_PIECES, Material};
use super::source::TableBytes;
use super::table::{BlockCache, Table};

/// The state of one table file of a directory.
#[derive(Debug)]
#[non_exhaustive]
pub enum SliceState {
    /// Present, checked and trusted.
    Ready,
    /// No file.
    Missing,
    /// The file is damaged, partial, foreign or stale; the error says which and why.
    Unusable(TbError),
}

/// One table of a directory and its state.
#[derive(Debug)]
#[non_exhaustive]
pub struct TableStatus {
    /// The table's material.
    pub material: Material,
    /// Whether it can be used.
    pub state: SliceState,
    /// Size of its file in bytes, if there is one.
    pub file_bytes: Option<u64>,
    /// Its checksum, when ready.
    pub checksum: Option<u64>,
}

/// What [`status`] finds in a directory.
#[derive(Debug)]
#[non_exhaustive]
pub struct StatusReport {
    /// Every table with up to the asked number of pieces, in build order.
    pub tables: Vec<TableStatus>,
    /// Problems with the directory itself or with files that name no table.
    pub others: Vec<TbError>,
}

/// The inputs of `slice` as materials (White to move): the exits of its members. Sorted.
#[must_use]
pub fn slice_inputs(slice: Material) -> Vec<Material> {
    let mut out: Vec<Material> = slice
        .slice_members()
        .iter()
        .flat_map(|m| m.exits())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Every slice with up to `max_pieces` pieces, in an order where each comes after its
/// dependencies, named by [`Material::slice`].
#[must_use]
pub fn slices_up_to(max_pieces: u32) -> Vec<Material> {
    let mut out: Vec<Material> = Material::all_up_to(max_pieces)
        .into_iter()
        .map(Material::slice)
        .collect();
    // `all_up_to` keeps a material and its swap next to each other's rank.
    let mut seen = ahash::AHashSet::new();
    out.retain(|m| seen.insert(*m));
    out
}

/// The key of the build order: fewer pieces first, then fewer men.
pub(crate) fn build_order(m: &Material) -> (u32, u32, Material) {
    (m.pieces(), m.total_men(), *m)
}

/// The result of reading a directory.
#[derive(Debug, Default)]
pub(crate) struct Scan {
    /// The trusted tables, mapped.
    pub tables: Vec<Table>,
    /// Every file that is not used, and why.
    pub problems: Vec<TbError>,
    /// The problems by material (indices into `problems`).
    pub unusable: AHashMap<Material, usize>,
    /// File sizes by material.
    pub sizes: AHashMap<Material, u64>,
}

/// Reads the table files of `dir` (see the module documentation); with `verify`, every block of
/// every file is checked too.
pub(crate) fn scan(dir: &Path, verify: bool, cache: &Arc<BlockCache>) -> Scan {
    let mut scan = Scan::default();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(source) => {
            scan.problems.push(TbError::Io {
                path: dir.to_path_buf(),
                source,
            });
            return scan;
        }
    };
    let mut found: Vec<(Material, PathBuf, Option<TableBytes>)> = Vec::new();
    for path in entries.filter_map(Result::ok).map(|e| e.path()) {
        if path.extension().is_none_or(|e| e != EXTENSION) {
            continue;
        }
        match material_of_name(&path) {
            Ok(material) => found.push((material, path, None)),
            Err(problem) => scan.problems.push(problem),
        }
    }
    trust(scan, found, verify, cache)
}

/// [`scan`] for files given as bytes, each with its file name (`KKM-K.shtb`): the same checks,
/// the same trust in their inputs.
pub(crate) fn scan_bytes(
    files: impl IntoIterator<Item = (PathBuf, TableBytes)>,
    verify: bool,
    cache: &Arc<BlockCache>,
) -> Scan {
    let mut scan = Scan::default();
    let mut found = Vec::new();
    for (path, bytes) in files {
        match material_of_name(&path) {
            Ok(material) => found.push((material, path, Some(bytes))),
            Err(problem) => scan.problems.push(problem),
        }
    }
    trust(scan, found, verify, cache)
}

/// The material a table file's name (`KKM-K.shtb`) names.
fn material_of_name(path: &Path) -> Result<Material, TbError> {
    path.extension()
        .filter(|e| *e == EXTENSION)
        .and(path.file_stem())
        .and_then(|s| s.to_str())
        .and_then(|s| s.parse::<Material>().ok())
        .filter(|m| m.pieces() <= MAX_TABLE_PIECES && Material::all_up_to(m.pieces()).contains(m))
        .ok_or_else(|| TbError::Foreign {
            path: path.to_path_buf(),
            what: "its name is not a material (like KKM-K.shtb)".into(),
        })
}

/// Checks the `found` files (their bytes given, or read from their paths) in build order,
/// trusting each only if its inputs are trusted; adds the tables and the problems to `scan`.
fn trust(
    mut scan: Scan,
    mut found: Vec<(Material, PathBuf, Option<TableBytes>)>,
    verify: bool,
    cache: &Arc<BlockCache>,
) -> Scan {
    found.sort_by_key(|(m, _, _)| build_order(m));
    let mut ready: AHashMap<Material, u64> = AHashMap::new();
    for (id, (material, path, bytes)) in found.into_iter().enumerate() {
        let size = match &bytes {
            Some(bytes) => Some(bytes.len() as u64),
            None => std::fs::metadata(&path).ok().map(|meta| meta.len()),
        };
        if let Some(size) = size {
            scan.sizes.insert(material, size);
        }
        match check(&path, bytes, material, verify, cache, id as u32, &ready) {
            Ok(table) => {
                ready.insert(material, table.checksum().unwrap_or(0));
                scan.tables.push(table);
            }
            Err(error) => {
                scan.unusable.insert(material, scan.problems.len());
                scan.problems.push(error);
            }
        }
    }
    scan
}

/// Opens one file (its `bytes`, or the file at `path`) and checks it and its inputs against the
/// trusted files `ready`.
fn check(
    path: &Path,
    bytes: Option<TableBytes>,
    material: Material,
    verify: bool,
    cache: &Arc<BlockCache>,
    id: u32,
    ready: &AHashMap<Material, u64>,
) -> Result<Table, TbError> {
    let (table, header) = match bytes {
        Some(bytes) => Table::from_bytes(bytes, path, Arc::clone(cache), id)?,
        None => Table::open(path, Arc::clone(cache), id)?,
    };
    if header.material != material {
        return Err(TbError::Foreign {
            path: path.to_path_buf(),
            what: format!("holds {}", header.material),
        });
    }
    if verify {
        table.verify()?;
    }
    let expected = slice_inputs(material.slice());
    let recorded: Vec<Material> = header.dependencies.iter().map(|(m, _)| *m).collect();
    if let Some(dependency) = expected
        .iter()
        .find(|m| !recorded.contains(m))
        .or_else(|| recorded.iter().find(|m| !expected.contains(m)))
    {
        return Err(TbError::Stale {
            path: path.to_path_buf(),
            dependency: *dependency,
        });
    }
    for (dependency, sum) in &header.dependencies {
        if ready.get(dependency) != Some(sum) {
            return Err(TbError::Stale {
                path: path.to_path_buf(),
                dependency: *dependency,
            });
        }
    }
    Ok(table)
}

/// The state of every table with up to `max_pieces` pieces in `dir`, every file checked whole.
#[must_use]
pub fn status(dir: &Path, max_pieces: u32) -> StatusReport {
    let cache = Arc::new(BlockCache::new(1));
    let mut scan = scan(dir, true, &cache);
    let checksums: AHashMap<Material, u64> = scan
        .tables
        .iter()
        .map(|t| (t.material(), t.checksum().unwrap_or(0)))
        .collect();
    let mut problems: Vec<Option<TbError>> = scan.problems.drain(..).map(Some).collect();
    let mut tables = Vec::new();
    for material in Material::all_up_to(max_pieces) {
        let state = if checksums.contains_key(&material) {
            SliceState::Ready
        } else if let Some(problem) = scan
            .unusable
            .get(&material)
            .and_then(|&i| problems[i].take())
        {
            SliceState::Unusable(problem)
        } else {
            SliceState::Missing
        };
        tables.push(TableStatus {
            material,
            state,
            file_bytes: scan.sizes.get(&material).copied(),
            checksum: checksums.get(&material).copied(),
        });
    }
    StatusReport {
        tables,
        others: problems.into_iter().flatten().collect(),
    }
}

/// The largest piece count of any table file name in `dir` (0 if none): how far a directory
/// was meant to go, for `egtb status` without `--pieces`.
#[must_use]
pub fn largest_pieces(dir: &Path) -> u32 {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|e| {
            let path = e.path();
            (path.extension()? == EXTENSION)
                .then(|| path.file_stem()?.to_str()?.parse::<Material>().ok())
                .flatten()
        })
        .map(Material::pieces)
        .max()
        .unwrap_or(0)
}
