"""What a long grading is doing, on a TA's terminal: `grade` on a submission that loops or
waits takes minutes (its budget is 240 s of the code's own time), and silence looks like a
hang.  Past a few seconds, a line every few seconds on standard error says how long it has
run and what the student's code is doing (the calls and games under way); nothing when
standard error is not a terminal (a pipe, a file, Gradescope), so no log or report changes."""
import sys
import threading
import time

FIRST_AFTER = 5.0   # seconds of grading before the first line (a correct submission: about 7)
EVERY = 5.0         # seconds between lines


class GradingProgress:
    """A with-block around a grading; pass its watch to grading.grade."""

    def __init__(self, name, stream=None, first_after=None, every=None):
        self.name = name
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self.first_after = FIRST_AFTER if first_after is None else first_after
        self.every = EVERY if every is None else every
        self.box = None         # the grading's BudgetedBox, once student code can run
        self._stop = threading.Event()
        self._thread = None
        self._started = None

    def watch(self, box):
        self.box = box

    def __enter__(self):
        self._started = time.monotonic()
        if self.enabled:
            self._thread = threading.Thread(target=self._tell, name="progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def _tell(self):
        wait = self.first_after
        while not self._stop.wait(wait):
            self.stream.write(self.line(time.monotonic() - self._started) + "\n")
            self.stream.flush()
            wait = self.every

    def line(self, elapsed):
        """'grading NAME: 12 s: calling filter_word_list; playing wordle.py'."""
        if self.box is None:
            doing = "loading it and starting the sandbox"
        else:
            doing = "; ".join(sorted(set(self.box.doing.values()))) or "between calls"
        return "grading %s: %d s: %s" % (self.name, elapsed, doing)
