"""The sandboxed child's entry point: ``python -I -S -B -u start.py CONFIG_JSON``.

Python compiles a script every time it runs it but loads a module's bytecode, which the
grader makes once: so the child's code is the module worker.py (with jail.py and codec.py,
seal.py, stack.py, counting.py and configuration.py), imported from here.  Once imported they
are taken out of sys.modules, so an `import codec` in student code finds no module of the
grader's (student code shares the process, so nothing it sends back is trusted anyway).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import worker  # noqa: E402  (found next to this file, which -I leaves off sys.path)

sys.path.pop(0)
for name in ("worker", "codec", "jail", "seal", "stack", "counting", "configuration"):
    del sys.modules[name]
worker.main()
