#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder image (as root, Ubuntu).
set -euo pipefail
apt-get update -qq
apt-get install -y -qq python3 python3-pip util-linux >/dev/null
python3 -m pip install --quiet -r /autograder/source/requirements.txt
# The function tests' expected values, computed once for every grading to read.
cd /autograder/source && python3 -m grader prepare
