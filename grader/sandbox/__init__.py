"""How student code runs: loading a submission's files, the sandbox that runs them
in child processes with limits, and the child itself (child/: the worker, the
jail, the codec). Nothing here knows what Wordle is.
"""
