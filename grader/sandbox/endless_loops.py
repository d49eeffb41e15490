"""A loop is found once: where calls were stopped for time, and how a later call caught in
the same endless loop is stopped without spending its whole limit.

When a call is stopped at its CPU time limit the grader first asks the worker where the
student's code was (child/stack.py answers with the innermost frame of the student's own
files): that place is the call's stopped_at, shown in its explanation, and its function is
remembered for the sandbox's later calls (StopPlaces).  While a later call runs, once such a
function is known, it is sampled the same way every SAMPLE_EVERY seconds of its CPU time; it
is stopped at once, as endless, when a sample finds it in a remembered function in the very
state of an earlier sample of the same call: the same invocations of the same functions, at
the same instructions, with equal values in all their local variables, in their modules'
globals and in random's generator, or equal but for whole numbers that the loop around the
innermost frame's instruction only counts with (child/counting.py: its statements add a number
to them and use them nowhere else, and all else it does is plain operations on plain values, so
nothing that decides whether it ends had changed; the sample names them, its counters).

Why this is sound: the code between the two samples ran from a state back to the same state
(counters aside, which nothing it decides on reads), so, being deterministic, it will go round
the same way for ever: the call can never return, and the full limit would have stopped it the
same way (a timeout: the same tests fail, with the same reason).  Only what the samples cannot
see could break the cycle: the hidden position of a for loop's iterator (which moves the loop
variable, which is seen, unless the items repeat), or the clock.  That is why the function must
also be one where an earlier call was stopped after its whole CPU limit: where correct but slow
code never is, so its calls are never cut short.  A call reaching the looping function through
another (filter_word_list through check_word) is cut short the same way.

A loop that makes progress that leads nowhere in a way counting.py does not follow (a list that
grows, a count it compares, a call of the student's own function) is never found in the same
state.  Called directly, it runs to its full limit as before; reached through another function
it is given a reduced but generous limit instead of the caller's (which may be 40 times
larger): a call of another function than the one stopped (or a program run) is stopped, as
outlasting, once one invocation of a function where a call was stopped for time has itself run
OUTLAST_MULTIPLE times the most CPU time any call of the stopped one is given (its largest
input's limit: box.call's largest_limit; the samples see the same frame object in that
function, so the same invocation, across that much CPU time).  Code this slow on one
invocation is what the stopped function's own tests already fail as "an endless loop, or far
too slow": a correct function is never stopped there (its calls return well within the
limits), and a function that takes twice as long as its largest test is given (300 times the
reference's time, at least 0.5 s, 15,000 times the reference's for check_word) is not correct
but slow code in the sense of the limits.  A call of the stopped function itself is never cut
so, only at its own limit: its input may be far larger than the stopped call's (a filter
stopped on a list of ten words, then given the whole list), and it may take that long.

Waiting is found the same way.  A call stopped for waiting (Sandbox.call's wait_limit: it
slept or blocked instead of computing) says where it waited, and that function is remembered
too.  A program run is then also sampled every WAIT_SAMPLE_EVERY seconds of its waits (never
where they are not measured: child_process.py), and stopped, as waiting, once two samples
asked that much waiting apart find it in the same invocation of such a function: that one
call waited there, as a call of it already waited past its limit.  A run that waits
elsewhere (a pause of its own between guesses) is never stopped so.
"""

SAMPLE_EVERY = 0.05         # CPU seconds of a call between two samples, once a place is known
RUN_SAMPLES = 60            # samples of a program run at most (each is a message of its few)
FINAL_SAMPLE_WAIT = 0.3     # wall seconds to wait for the sample of a call being stopped
MAX_NAME = 100              # characters of a file, function or variable name kept
MAX_COUNTERS = 10           # counters' names kept
OUTLAST_MULTIPLE = 2        # one invocation outlasting this many times the most a call of the
                            # function stopped there is given
WAIT_SAMPLE_EVERY = 0.5     # seconds a run waits between two samples, once a waiting place is
                            # known
ENDLESS, OUTLASTED = "endless", "outlasted"     # why a call was stopped before its limit
WAITED = "waited"   # why a run was stopped: found waiting where a call was stopped for it


def place_of(sample):
    """A sample's (file, line, function), checked to be plain data of the right types, or
    None (the student's code shares the worker, so nothing it sends is trusted)."""
    if type(sample) is not dict:
        return None
    file, line, function = sample.get("file"), sample.get("line"), sample.get("function")
    if type(file) is not str or type(function) is not str or type(line) is not int:
        return None
    return file[:MAX_NAME], line, function[:MAX_NAME]


def counters_of(sample):
    """The names of the counters a repeated sample was found repeated but for (plain strings,
    capped), or ()."""
    names = sample.get("counters")
    if type(names) is not list or not all(type(name) is str for name in names):
        return ()
    return tuple(name[:MAX_NAME] for name in names[:MAX_COUNTERS])


def place_text(place):
    """"wordle.py, line 32, in check_word" for a call's stopped_at."""
    file, line, function = place
    return "%s, line %d, in %s" % (file, line, function)


def why_stopped_early(result):
    """Why a call or run (its result) was stopped before its CPU limit, for people."""
    place = result.stopped_at
    if result.stopped_early == ENDLESS and result.counters:
        how = ("once it was found there twice in the same state except for %s, which that "
               "loop only adds to (or takes from) and uses nowhere else: nothing that decides "
               "whether it ends had changed, so it could never end: an endless loop"
               % " and ".join(result.counters))
    elif result.stopped_early == ENDLESS:
        how = ("once it was found there twice in the same state (every variable the same), "
               "which it could never leave: an endless loop")
    else:
        how = ("once that one call of %s had run %d times as long as any call stopped there "
               "is given: an endless loop, or far too slow" % (place[2], OUTLAST_MULTIPLE))
    return "it was stopped at %s, where an earlier call was stopped for time, %s" % (
        place_text(place), how)


class StopPlaces:
    """The functions where calls of one sandbox were stopped at their CPU time limit: {(file,
    function): {the function called (or the program run) that was stopped there: the most CPU
    time any call of it is given}}; and those where calls were stopped for waiting (waits: a
    set of (file, function))."""

    def __init__(self):
        self.places = {}
        self.waits = set()

    def watch(self, cpu_limit, called, largest_limit=None, run=False):
        """The watch of a call of called ("module.function") with cpu_limit, where
        largest_limit (cpu_limit when not given) is the most any call of it is given; or of a
        program run (called: its module; sampled RUN_SAMPLES times at most: a game caught
        later runs to its limit)."""
        return CallWatch(self.places, called, largest_limit or cpu_limit,
                         RUN_SAMPLES if run else None, self.waits)


class CallWatch:
    """The samples of one call: when to take them, and what they found."""

    def __init__(self, places, called, largest_limit, most=None, waits=frozenset()):
        self.places = places
        self.waits = waits          # StopPlaces.waits
        self.next_wait_at = WAIT_SAMPLE_EVERY
        self.waited_at = 0.0        # the run's waits when the last sample was asked for
        self.first_waiting = {}     # invocation: waited_at of the first sample that saw it
        self.called = called
        self.largest_limit = largest_limit
        self.left = most            # samples it may still take (None: no end)
        self.next_at = SAMPLE_EVERY
        self.asked_at = 0.0         # the call's CPU seconds when the last sample was asked for
        self.first_seen = {}        # invocation: asked_at of the first sample that saw it
        self.stopped_at = None      # where the call was when it was stopped, if known
        self.stopped_early = None   # ENDLESS, OUTLASTED, or None
        self.counters = ()          # the names of an ENDLESS state's counters (counters_of)

    def due(self, cpu_used, waited=None):
        """Whether to sample now, the call having used cpu_used seconds of CPU time and
        waited (a run's waits, None where not measured) seconds: only while a place is known,
        every SAMPLE_EVERY of CPU time, or while a waiting place is, every WAIT_SAMPLE_EVERY
        of waits."""
        by_cpu = self.places and cpu_used >= self.next_at
        by_waits = self.waits and waited is not None and waited >= self.next_wait_at
        if not (by_cpu or by_waits) or self.left == 0:
            return False
        if self.left is not None:
            self.left -= 1
        if by_cpu:
            self.next_at = cpu_used + SAMPLE_EVERY
        if by_waits:
            self.next_wait_at = waited + WAIT_SAMPLE_EVERY
        self.asked_at = cpu_used
        if waited is not None:
            self.waited_at = waited
        return True

    def seen(self, sample):
        """Take a sample sent while the call runs; True when the call is to be stopped."""
        place = place_of(sample)
        if place is not None and self._waiting_in(place, sample.get("invocation")):
            self.stopped_early, self.stopped_at = WAITED, place
            return True
        stopped = None if place is None else self.places.get((place[0], place[2]))
        if not stopped:
            return False
        invocation = sample.get("invocation")
        first = self.first_seen.setdefault(invocation, self.asked_at) if type(
            invocation) is int else self.asked_at
        outlast_after = [OUTLAST_MULTIPLE * largest for called, largest in stopped.items()
                         if called != self.called]
        if sample.get("repeated") is True:
            self.stopped_early, self.counters = ENDLESS, counters_of(sample)
        elif outlast_after and self.asked_at - first >= min(outlast_after):
            self.stopped_early = OUTLASTED
        if self.stopped_early:
            self.stopped_at = place
        return self.stopped_early is not None

    def stopped(self, sample):
        """Take the sample of a call stopped at its CPU time limit: its function is
        remembered."""
        place = place_of(sample)
        if place is not None:
            self.stopped_at = place
            stopped = self.places.setdefault((place[0], place[2]), {})
            stopped[self.called] = max(stopped.get(self.called, 0), self.largest_limit)

    def _waiting_in(self, place, invocation):
        """Whether a sample found the run waiting in an invocation of a function where a call
        was stopped for waiting: an earlier sample found it in that invocation, asked at least
        WAIT_SAMPLE_EVERY seconds of waits before this one."""
        if (place[0], place[2]) not in self.waits or type(invocation) is not int:
            return False
        first = self.first_waiting.setdefault(invocation, self.waited_at)
        return self.waited_at - first >= WAIT_SAMPLE_EVERY

    def waited_out(self, sample):
        """Take the sample of a call stopped for waiting: its function is remembered."""
        place = place_of(sample)
        if place is not None:
            self.stopped_at = place
            self.waits.add((place[0], place[2]))


def why_stopped_waiting(result):
    """Why a run (its result) was stopped for waiting, for people."""
    return ("it was stopped at %s, where an earlier call was stopped for waiting instead of "
            "computing, once it was found waiting there too (as in a sleep or a blocked read)"
            % place_text(result.stopped_at))
