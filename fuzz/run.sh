#!/usr/bin/env bash
# Runs the fuzz targets one after another, each until it has done RUNS executions
# or TIME seconds have passed, whichever comes first.
#
#   fuzz/run.sh                      # every target: 10M runs or 30 min each
#   fuzz/run.sh -t 5                 # smoke run, 5 s each
#   fuzz/run.sh -r 1000000 decode    # one target, 1M runs
#
# Seeds: ../shared/corpus/bplist, xml, xml-more, archive, archive-more and openstep (files up to 16 KiB, the -max_len: libFuzzer would
# cut bigger ones, and a cut bplist is only a trailer error) plus examples/make_seeds.rs, copied
# into corpus/<target>/, which is gitignored and keeps what libFuzzer finds between
# runs. Logs go to $FUZZ_LOG_DIR/fuzz-<target>.log (default /tmp); crashes land in
# artifacts/<target>/ and must each become a test under tests/hostile/.
set -euo pipefail
cd "$(dirname "$0")"

time=1800
runs=10000000
while getopts "t:r:" opt; do
  case $opt in
    t) time=$OPTARG ;;
    r) runs=$OPTARG ;;
    *) echo "usage: $0 [-t SECONDS] [-r RUNS] [TARGET...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(decode lazy_walk typed serde roundtrip xml unarchive openstep)
log_dir=${FUZZ_LOG_DIR:-/tmp}

command -v cargo-fuzz >/dev/null || { echo "needs cargo-fuzz: cargo install cargo-fuzz" >&2; exit 1; }
# cargo-fuzz needs nightly flags (-Zsanitizer); this lets the stable toolchain take them.
export RUSTC_BOOTSTRAP=1
cargo fuzz build
# The targets run from these binaries, not through `cargo fuzz run`, so that a long
# run fuzzes the code as it was when it started even if the tree changes under it.
bin_dir=target/$(rustc -vV | sed -n 's/^host: //p')/release

seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
cargo run -q --example make_seeds -- "$seeds"
shared=../../shared/corpus/bplist
if [ -d "$shared" ]; then
  for dir in "$shared" ../../shared/corpus/xml ../../shared/corpus/xml-more \
      ../../shared/corpus/archive ../../shared/corpus/archive-more \
      ../../shared/corpus/openstep; do
    find "$dir" -maxdepth 1 -type f ! -name MANIFEST.tsv -size -16385c -exec cp {} "$seeds" \;
  done
else
  echo "note: $shared not found; seeding from make_seeds only" >&2
fi

status=0
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  for f in "$seeds"/*; do
    [ -e "corpus/$t/${f##*/}" ] || cp "$f" "corpus/$t/"
  done
  log="$log_dir/fuzz-$t.log"
  echo "== $t: up to $runs runs or ${time}s, log $log"
  # -timeout: an input taking 10 s is a hang; -malloc_limit_mb: a single 64 MB
  # allocation from an input of at most 16 KiB is an over-allocation.
  if ! "$bin_dir/$t" "corpus/$t" -artifact_prefix="artifacts/$t/" \
      -runs="$runs" -max_total_time="$time" -max_len=16384 \
      -timeout=10 -malloc_limit_mb=64 -print_final_stats=1 \
      >"$log" 2>&1; then
    echo "!! $t failed; see $log and artifacts/$t/" >&2
    status=1
  fi
  grep -E '^(stat::number_of_executed_units|Done)' "$log" || true
done
exit $status
