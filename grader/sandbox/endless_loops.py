"""A loop is found once: where calls were stopped for time, and how a later call caught in
the same endless loop is stopped without spending its whole limit.

When a call is stopped at its CPU time limit the grader first asks the worker where the
student's code was (child/stack.py answers with the innermost frame of the student's own
files): that place is the call's stopped_at, shown in its explanation, and its function is
remembered for the sandbox's later calls (StopPlaces).  While a later call runs, once such a
function is known, it is sampled the same way every SAMPLE_EVERY seconds of its CPU time; it
is stopped at once, as endless, when a sample finds it in a remembered function in the very
state of an earlier sample of the same call: the same invocations of the same functions, at
the same lines, with equal values in all their local variables, in their modules' globals and
in random's generator.

Why this is sound: the code between the two samples ran from a state back to the same state,
so, being deterministic, it will go round the same way for ever: the call can never return,
and the full limit would have stopped it the same way (a timeout: the same tests fail, with
the same reason).  Only what the samples cannot see could break the cycle: the hidden
position of a for loop's iterator (which moves the loop variable, which is seen, unless the
items repeat), or the clock.  That is why the function must also be one where an earlier call
was stopped after its whole CPU limit: where correct but slow code never is, so its calls are
never cut short.  A loop that makes progress (a counter that grows) is never found in the same
state, so it runs to its full limit as before.  A call reaching the looping function through
another (filter_word_list through check_word) is cut short the same way.
"""

SAMPLE_EVERY = 0.1          # CPU seconds of a call between two samples, once a place is known
FINAL_SAMPLE_WAIT = 0.3     # wall seconds to wait for the sample of a call being stopped
MAX_NAME = 100              # characters of a file or function name kept


def place_of(sample):
    """A sample's (file, line, function), checked to be plain data of the right types, or
    None (the student's code shares the worker, so nothing it sends is trusted)."""
    if type(sample) is not dict:
        return None
    file, line, function = sample.get("file"), sample.get("line"), sample.get("function")
    if type(file) is not str or type(function) is not str or type(line) is not int:
        return None
    return file[:MAX_NAME], line, function[:MAX_NAME]


def place_text(place):
    """"wordle.py, line 32, in check_word" for a call's stopped_at."""
    file, line, function = place
    return "%s, line %d, in %s" % (file, line, function)


class StopPlaces:
    """The functions ((file, function)) where calls of one sandbox were stopped at their CPU
    time limit."""

    def __init__(self):
        self.places = set()

    def watch(self):
        return CallWatch(self.places)


class CallWatch:
    """The samples of one call: when to take them, and what they found."""

    def __init__(self, places):
        self.places = places
        self.next_at = SAMPLE_EVERY
        self.stopped_at = None      # where the call was when it was stopped, if known
        self.endless = False        # stopped for being found twice in one state at a place

    def due(self, cpu_used):
        """Whether to sample now, the call having used cpu_used seconds of CPU time: only
        while a place is known, every SAMPLE_EVERY."""
        if not self.places or cpu_used < self.next_at:
            return False
        self.next_at = cpu_used + SAMPLE_EVERY
        return True

    def seen(self, sample):
        """Take a sample sent while the call runs; True when it shows the call endless."""
        place = place_of(sample)
        if place is not None and (place[0], place[2]) in self.places and \
                sample.get("repeated") is True:
            self.stopped_at, self.endless = place, True
        return self.endless

    def stopped(self, sample):
        """Take the sample of a call stopped at its CPU time limit: its function is
        remembered."""
        place = place_of(sample)
        if place is not None:
            self.stopped_at = place
            self.places.add((place[0], place[2]))
