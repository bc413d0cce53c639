#!/usr/bin/env bash
# Redraws the demo shop, data/demo (pictures and catalog.json), with tools/demo_art.
# Installs its pinned Python packages into a venv first (see tools/python_env.sh).
# Usage: tools/make_demo.sh [--only TEXT[,TEXT]] [--preview DIR] [--jobs N]   (--help for more)
set -euo pipefail
tools="$(cd "$(dirname "$0")" && pwd)"
. "$tools/python_env.sh"
ankara_python demo-art "$tools/demo_art/requirements.txt"
PYTHONPATH="$tools${PYTHONPATH:+:$PYTHONPATH}" exec "$ANKARA_PYTHON" -m demo_art "$@"
