//! Runs every fuzz target's body over its seed corpus (`corpus/NAME/`), and over each seed cut
//! short at a few lengths, with plain `cargo test`: the invariants hold for the seeds even where
//! cargo-fuzz is not installed, and a crash input saved under `corpus/NAME/` stays a test.
//!
//! `cargo test -- --ignored write_binary_seeds` rewrites the binary seeds (tablebase files,
//! pattern tables, the built-in network, search positions) from the library, e.g. after a format
//! change.

fn seeds(name: &str) -> Vec<(String, Vec<u8>)> {
    let dir = shashki_fuzz::corpus_dir(name);
    let mut seeds: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path.display().to_string(), bytes)
        })
        .collect();
    seeds.sort();
    seeds
}

#[test]
fn every_target_holds_on_its_seeds_and_their_prefixes() {
    for &(name, body) in shashki_fuzz::TARGETS {
        let seeds = seeds(name);
        assert!(!seeds.is_empty(), "{name}: no seed");
        for (file, bytes) in seeds {
            eprintln!("{name}: {file}");
            body(&bytes);
            for eighths in 1..8 {
                body(&bytes[..bytes.len() * eighths / 8]);
            }
        }
    }
}

/// Writes `bytes` as seed `file` of target `name`.
fn write_seed(name: &str, file: &str, bytes: &[u8]) {
    let dir = shashki_fuzz::corpus_dir(name);
    std::fs::create_dir_all(&dir).expect("the corpus directory");
    std::fs::write(dir.join(file), bytes).expect("the seed is written");
}

#[test]
#[ignore = "rewrites the committed binary seeds"]
fn write_binary_seeds() {
    use shashki::egtb::{BuildOptions, Material};
    let dir = std::env::temp_dir().join(format!("shashki-fuzz-seeds-{}", std::process::id()));
    let options = BuildOptions {
        max_pieces: 3,
        ..BuildOptions::default()
    };
    shashki::egtb::build_dir(&dir, options, &|_| {}).expect("the tables build");
    let materials = Material::all_up_to(3);
    let mut files: Vec<(usize, Material, Vec<u8>)> = materials
        .iter()
        .enumerate()
        .map(|(i, &m)| (i, m, std::fs::read(dir.join(m.file_name())).unwrap()))
        .collect();
    files.sort_by_key(|(_, _, bytes)| bytes.len());
    // The three smallest tables: the first byte picks the material (its index).
    for (index, material, bytes) in files.iter().take(3) {
        let mut seed = vec![*index as u8];
        seed.extend_from_slice(bytes);
        write_seed("tablebase_file", &format!("{material}.seed"), &seed);
    }
    let _ = std::fs::remove_dir_all(&dir);
    let zero = shashki::eval::PatternTables::zero(1).to_bytes();
    write_seed("pattern_tables", "zero-1-phase.shpt", &zero);
    write_seed(
        "pattern_tables",
        "header-only.shpt",
        &zero[..zero.len().min(64)],
    );
    let network = shashki::eval::Network::builtin().to_bytes();
    write_seed("network_file", "builtin.shnn", &network);
    // The header alone: magic, version and the four sizes (14 bytes).
    write_seed("network_file", "header-only.shnn", &network[..14]);
    // Search: square values (0 empty, 1/2 white man/king, 3/4 black man/king), then side and
    // threads.
    let start: Vec<u8> = (1..=32)
        .map(|s| match s {
            1..=12 => 3,
            21..=32 => 1,
            _ => 0,
        })
        .chain([0])
        .collect();
    write_seed("search", "start.bin", &start);
    let mut kings = vec![0u8; 33];
    kings[0] = 4;
    kings[28] = 2;
    kings[21] = 1;
    kings[32] = 2;
    write_seed("search", "kings-two-threads.bin", &kings);
    let mut lost = vec![0u8; 33];
    lost[0] = 4;
    write_seed("search", "no-white-piece.bin", &lost);
}
