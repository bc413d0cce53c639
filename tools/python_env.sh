# Sourced by the scripts that run Python with packages from PyPI (tools/make_demo.sh, bench/run.sh).
#
# ankara_python NAME REQUIREMENTS
#   Makes, or reuses, the venv $ANKARA_VENV_ROOT/NAME (default ~/.cache/ankara/venv/NAME) with
#   exactly the pinned packages of the file REQUIREMENTS, and sets ANKARA_PYTHON to its python.
#   The venv is rebuilt whenever REQUIREMENTS changes. The base interpreter is $PYTHON (default
#   python3, 3.11 or later); as root on Debian, python3 and python3-venv are installed if missing.
ankara_python() {
  local name=$1 requirements=$2
  local dir="${ANKARA_VENV_ROOT:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/ankara/venv}/$name"
  local base="${PYTHON:-python3}"
  ANKARA_PYTHON="$dir/bin/python"
  if [ -x "$ANKARA_PYTHON" ] && cmp -s "$requirements" "$dir/requirements.txt"; then
    return 0
  fi
  echo "setting up $dir from $requirements" >&2
  if ! command -v "$base" >/dev/null || ! "$base" -m venv --clear "$dir" >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get update -qq && apt-get install -y -qq python3 python3-venv >/dev/null
    fi
    "$base" -m venv --clear "$dir" || { echo "cannot make a venv with $base: install python3-venv" >&2; return 1; }
  fi
  if ! "$ANKARA_PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "$base is Python $("$ANKARA_PYTHON" -V 2>&1); 3.11 or later is needed (set PYTHON=python3.11)" >&2
    return 1
  fi
  "$ANKARA_PYTHON" -m pip install --quiet --disable-pip-version-check --only-binary=:all: -r "$requirements"
  cp "$requirements" "$dir/requirements.txt"
}
