#!/usr/bin/env bash
# Redraws the demo shop, data/demo (pictures and catalog.json), with tools/demo_art, then gives the
# pictures their WebP copies (examples/demo_pictures.rs).
# Installs its pinned Python packages into a venv first (see tools/python_env.sh).
# Usage: tools/make_demo.sh [--only TEXT[,TEXT]] [--preview DIR] [--jobs N]   (--help for more)
set -euo pipefail
tools="$(cd "$(dirname "$0")" && pwd)"
. "$tools/python_env.sh"
ankara_python demo-art "$tools/demo_art/requirements.txt"
PYTHONPATH="$tools${PYTHONPATH:+:$PYTHONPATH}" "$ANKARA_PYTHON" -m demo_art "$@"
# The WebP copies the shop serves, from each drawn picture's largest JPEG through the shop's own
# encoder (for pictures whose JPEG is newer than its copies).
case " $* " in
  *" --preview "* | *" --help "* | *" -h "*) ;;
  *) (cd "$tools/.." && cargo run --release --quiet --example demo_pictures) ;;
esac
