//! `shashki egtb plan --format slurm`: the tablebase plan as a bash script that submits one Slurm
//! job per slice, each after the jobs of the slices it depends on.
//!
//! The script is written once and can be run many times: when it runs it asks the program
//! (`egtb status --slices`) which slices are complete in the directory and skips them, reuses the
//! job of a slice that is still queued or running for the same directory (found by `squeue`,
//! job name `shashki-egtb-SLICE`, comment = the directory), and submits the others with
//! `--dependency=afterok:` on the jobs of their unfinished dependencies. So a first run submits
//! the whole build, and a run after a failure (a killed job, a node lost) submits exactly what is
//! missing. Each job reserves memory and time from the slice's size ([`Estimates`]) and logs to
//! `DIR/logs/SLICE.JOBID.log`. The program and the directory are absolute paths in the script, so
//! the jobs do not depend on where they start.

use std::fmt::Write as _;
use std::path::Path;

use shashki::egtb;
use shashki::egtb::Material;

use crate::slurm::quote;

/// How a slice's job resources are estimated from its size (index slots). Measured with
/// `/usr/bin/time -v` (docs/TABLEBASES.md): a slice build's peak memory is its working arrays,
/// 5 bytes and 3 bits per slot of the slice, plus its inputs at one byte per slot and one batch
/// of predecessors (a few tens of MB): 6.0 to 7.2 bytes per slot of the large 5- and 6-piece
/// slices, inputs included (5.2 without them on the largest measured); its CPU time 1.3 to
/// 2.1 µs per slot on the project's loaded 2-core machine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimates {
    /// Peak working memory per slot of the slice, bytes.
    pub bytes_per_slot: u64,
    /// Memory per slot of the slice's inputs (loaded whole, one byte per slot).
    pub bytes_per_input_slot: u64,
    /// Safety factor on that memory, in percent.
    pub memory_margin_percent: u64,
    /// Memory every job needs besides (the program, its thread stacks, the block cache), MiB.
    pub base_mib: u64,
    /// The time limit's fixed part, in minutes.
    pub base_minutes: u64,
    /// The time limit per thousand million slots, in minutes: 7.2 µs of wall time per slot, about
    /// four times the CPU time measured on one loaded core, for slower or shared nodes.
    pub minutes_per_gslot: u64,
}

impl Estimates {
    /// The estimates used by `egtb plan --format slurm` (and the JSON plan's `memory_mib` and
    /// `minutes`).
    pub const DEFAULT: Estimates = Estimates {
        bytes_per_slot: 6,
        bytes_per_input_slot: 1,
        memory_margin_percent: 115,
        base_mib: 256,
        base_minutes: 10,
        minutes_per_gslot: 120,
    };

    /// Memory to reserve for building `slice`, in MiB.
    #[must_use]
    pub fn memory_mib(&self, slice: Material) -> u64 {
        let inputs: u64 = egtb::slice_inputs(slice)
            .iter()
            .map(|m| m.index_size())
            .sum();
        let bytes = slots(slice) * self.bytes_per_slot + inputs * self.bytes_per_input_slot;
        (bytes * self.memory_margin_percent / 100).div_ceil(1 << 20) + self.base_mib
    }

    /// The time limit for building `slice`, in minutes.
    #[must_use]
    pub fn minutes(&self, slice: Material) -> u64 {
        self.base_minutes + (slots(slice) * self.minutes_per_gslot).div_ceil(1_000_000_000)
    }
}

/// The index slots of a slice: those of its tables.
fn slots(slice: Material) -> u64 {
    slice.slice_members().iter().map(|m| m.index_size()).sum()
}

/// The submission script for `plan` (slices in build order, up to `pieces` pieces), building into
/// `dir` with the program at `program` (both absolute).
#[must_use]
pub fn script(plan: &[Material], pieces: u32, dir: &Path, program: &Path) -> String {
    let estimates = Estimates::DEFAULT;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"#!/usr/bin/env bash
# shashki egtb plan --pieces {pieces} --format slurm: {count} slices as Slurm jobs, one job a slice.
# Run: bash THIS [SBATCH-OPTION...]   (the options go to every sbatch, e.g. --partition=big -c 8)
# Submits a job for each slice that is not complete in DIR, after the jobs of the slices it needs
# (--dependency=afterok), and prints the job ids. Run it again after a failure: complete slices
# are skipped and queued or running ones reused, so it submits exactly what is missing.
# A job reserves {bytes} bytes per slot of its slice and {input} per slot of its inputs, x{margin}%,
# + {base} MiB, and {base_minutes} minutes + {per_g} per thousand million slots. Logs: DIR/logs/.
set -euo pipefail
SHASHKI=${{SHASHKI:-{program}}}
DIR={dir}
EXTRA=("$@")
mkdir -p "$DIR/logs"
# One line per slice up to {pieces} pieces: its name and `ready` when every table of it is trusted.
ready=$("$SHASHKI" egtb status --pieces {pieces} --slices --tablebases "$DIR")
declare -A job
submitted=0 skipped=0 reused=0

# slice NAME MEMORY-MIB MINUTES DEPENDENCY...
slice() {{
    local name=$1 mem=$2 minutes=$3 id= i comment d
    shift 3
    if grep -qx "$name ready" <<<"$ready"; then
        skipped=$((skipped + 1))
        return
    fi
    while read -r i comment; do
        if [[ $comment == "$DIR" ]]; then id=$i; break; fi
    done < <(squeue --me --noheader --states=PENDING,RUNNING,CONFIGURING \
        --name="shashki-egtb-$name" --format='%i %k')
    if [[ -n $id ]]; then
        job[$name]=$id
        reused=$((reused + 1))
        echo "$name: already queued or running as job $id"
        return
    fi
    local after=()
    for d in "$@"; do
        if [[ -n ${{job[$d]:-}} ]]; then
            after+=("${{job[$d]}}")
        elif ! grep -qx "$d ready" <<<"$ready"; then
            echo "$name: its dependency $d is neither complete nor submitted" >&2
            exit 1
        fi
    done
    local dependency=()
    if ((${{#after[@]}})); then
        dependency=("--dependency=afterok:$(IFS=:; echo "${{after[*]}}")" --kill-on-invalid-dep=yes)
    fi
    id=$(sbatch --parsable --job-name="shashki-egtb-$name" --comment="$DIR" \
        --mem="${{mem}}M" --time="$minutes" --cpus-per-task=1 --output="$DIR/logs/$name.%j.log" \
        ${{dependency[@]+"${{dependency[@]}}"}} ${{EXTRA[@]+"${{EXTRA[@]}}"}} \
        --wrap="export RAYON_NUM_THREADS=\${{SLURM_CPUS_PER_TASK:-1}}; exec $(printf %q "$SHASHKI") egtb build --slice $name --tablebases $(printf %q "$DIR")")
    id=${{id%%;*}}
    job[$name]=$id
    submitted=$((submitted + 1))
    echo "$name: job $id${{after[*]:+ after ${{after[*]}}}}"
}}

"#,
        count = plan.len(),
        bytes = estimates.bytes_per_slot,
        input = estimates.bytes_per_input_slot,
        margin = estimates.memory_margin_percent,
        base = estimates.base_mib,
        base_minutes = estimates.base_minutes,
        per_g = estimates.minutes_per_gslot,
        program = quote(&program.display().to_string()),
        dir = quote(&dir.display().to_string()),
    );
    for slice in plan {
        let depends: Vec<String> = slice
            .slice_dependencies()
            .iter()
            .map(ToString::to_string)
            .collect();
        let _ = writeln!(
            out,
            "slice {slice} {} {}{}{}",
            estimates.memory_mib(*slice),
            estimates.minutes(*slice),
            if depends.is_empty() { "" } else { " " },
            depends.join(" ")
        );
    }
    out.push_str(
        "\necho \"submitted $submitted jobs; $skipped slices complete, $reused already queued\"\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn material(name: &str) -> Material {
        name.parse().unwrap()
    }

    #[test]
    fn every_slice_is_one_line_after_its_dependencies() {
        let plan = egtb::slices_up_to(4);
        let text = script(&plan, 4, Path::new("/tb dir"), Path::new("/bin/shashki"));
        assert!(text.starts_with("#!/usr/bin/env bash\n"));
        assert!(text.contains("SHASHKI=${SHASHKI:-/bin/shashki}\nDIR='/tb dir'\n"));
        let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("slice ")).collect();
        assert_eq!(lines.len(), plan.len());
        let mut seen = Vec::new();
        for (line, slice) in lines.iter().zip(&plan) {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(words[1], slice.to_string());
            let depends: Vec<String> = slice
                .slice_dependencies()
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(words[4..], depends, "{line}");
            for dependency in &words[4..] {
                assert!(
                    seen.contains(dependency),
                    "{line}: {dependency} comes later"
                );
            }
            seen.push(words[1]);
        }
        let kkm_k = material("KKM-K").slice();
        assert!(
            lines.contains(
                &format!(
                    "slice {kkm_k} {} {} {}",
                    Estimates::DEFAULT.memory_mib(kkm_k),
                    Estimates::DEFAULT.minutes(kkm_k),
                    kkm_k
                        .slice_dependencies()
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                )
                .as_str()
            )
        );
    }

    #[test]
    fn resources_grow_with_the_slice() {
        let estimates = Estimates::DEFAULT;
        let small = material("K-K");
        assert_eq!(estimates.memory_mib(small), 257);
        assert_eq!(estimates.minutes(small), 11);
        // The 6-piece K-KKKMM (82.9 M slots) peaked at 498 MB (475 MiB) when measured.
        let measured = estimates.memory_mib(material("K-KKKMM"));
        assert!((475..1_000).contains(&measured), "{measured}");
        // The largest 7-piece slice (3.02 G slots) asks for more than its 5.4 bytes per slot of
        // arrays (15.2 GiB) and less than the 24 GiB of one of the project's machines.
        let large = material("KKM-KKMM");
        let mib = estimates.memory_mib(large);
        assert!((15_600..24_576).contains(&mib), "{mib}");
        assert_eq!(estimates.minutes(large), 10 + 362);
    }
}
