#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder image (as root; Ubuntu 22.04,
# whose python3 is 3.10).  The grader needs Python 3.10+ and its standard library only:
# nothing is pip-installed, so the image's Python (which Gradescope's harness uses, and
# which may be marked externally managed, PEP 668) is left exactly as it is.
# AUTOGRADER_ROOT lets the kit's tests run it outside Gradescope.
set -euo pipefail
root="${AUTOGRADER_ROOT:-/autograder}"
source_dir="$root/source"

python_ok() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; }

find_python() {
    local candidate
    for candidate in python3 python3.13 python3.12 python3.11 python3.10; do
        if command -v "$candidate" >/dev/null 2>&1 && python_ok "$(command -v "$candidate")"; then
            command -v "$candidate"
            return 0
        fi
    done
    return 1
}

if ! python="$(find_python)"; then
    # Only the interpreter, from the distribution, and only when the image has none.
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends python3 >/dev/null
    python="$(find_python)" || { echo "setup.sh: no Python 3.10 or newer" >&2; exit 1; }
fi
echo "$python" > "$source_dir/.python"
echo "setup.sh: grading with $python ($("$python" --version 2>&1))"
# The function tests' expected values, computed once for every grading to read.
cd "$source_dir" && "$python" -m grader prepare
