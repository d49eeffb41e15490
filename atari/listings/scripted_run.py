"""Run a listing through the kit's command line, scripted, and return its --dump.

Goes through `python -m atari run` exactly as a user would, so tools and tests see the whole
stack: the listing loader, the interpreter, the machine and the scripted front-end.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from atari.listings import listing_path

RUN_TIMEOUT_SECONDS = 60


class ScriptedRunError(RuntimeError):
    """The scripted run did not end cleanly with a dump."""


def run_scripted(program: str, keys: str = "", stick: str = "", rnd: list[float] = (), seed: int = 1) -> dict:
    """Run PROGRAM (e.g. "WORDLE", or a path) until its script runs out; return the dump as a dict."""
    path = Path(program) if Path(program).suffix else listing_path(program)
    with tempfile.TemporaryDirectory() as folder:
        dump_path = Path(folder) / "dump.json"
        command = [sys.executable, "-m", "atari", "run", str(path), "--seed", str(seed), "--dump", str(dump_path)]
        if keys:
            command += ["--keys", keys]
        if stick:
            command += ["--stick", stick]
        if rnd:
            command += ["--rnd", ",".join(format_rnd(value) for value in rnd)]
        try:
            finished = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            raise ScriptedRunError(f"{' '.join(command)} did not end within {RUN_TIMEOUT_SECONDS} s") from None
        if finished.returncode != 0 or not dump_path.exists():
            raise ScriptedRunError(f"{' '.join(command)} ended with status {finished.returncode}: "
                                   f"{finished.stderr.strip() or finished.stdout.strip()}")
        return json.loads(dump_path.read_text())


def format_rnd(value: float) -> str:
    """A value for --rnd, with enough digits to keep INT(value * n) exact."""
    return f"{value:.9f}"


def rnd_choosing(index: int, count: int) -> float:
    """The RND value for which INT(RND(0) * count) is index: the middle of its interval."""
    if not 0 <= index < count:
        raise ValueError(f"index {index} is not in 0..{count - 1}")
    return (index + 0.5) / count
