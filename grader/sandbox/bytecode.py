"""Bytecode of trusted files (the child's modules, the course's files), made once a process by
the children's interpreter and written into each sandbox's temp copy."""

import os
import subprocess

PRECOMPILE = ("import py_compile, sys\n"
              "for name in sys.argv[2:]:\n"
              "    py_compile.compile(sys.argv[1] + '/' + name, dfile=name, invalidation_mode="
              "py_compile.PycInvalidationMode.UNCHECKED_HASH)\n")
PRECOMPILE_TIMEOUT = 10.0
_BYTECODE = {}         # (interpreter, (name, source), ...) -> {pyc file name: bytes}


def precompile(python, folder, names):
    """Bytecode of the named trusted files of folder, made by the children's interpreter
    once a process for the same files (words.py alone takes it 40 ms to compile, the
    worker's modules 10 ms, and a grading starts about ten children); where it cannot be
    made the children compile the files themselves, as Python does."""
    if not names:
        return
    names = sorted(names)
    key = (python,) + tuple((name, (folder / name).read_bytes()) for name in names)
    cache = folder / "__pycache__"
    if key not in _BYTECODE:
        try:
            subprocess.run([python, "-I", "-S", "-c", PRECOMPILE, str(folder)] + names,
                           capture_output=True, timeout=PRECOMPILE_TIMEOUT)
        except (OSError, subprocess.SubprocessError):
            return
        _BYTECODE[key] = {path.name: path.read_bytes() for path in cache.glob("*.pyc")} \
            if cache.is_dir() else {}
    if _BYTECODE[key]:
        cache.mkdir(exist_ok=True)
        os.chmod(cache, 0o755)  # readable by the children's uids whatever the umask
        for name, data in _BYTECODE[key].items():
            (cache / name).write_bytes(data)
            os.chmod(cache / name, 0o644)
