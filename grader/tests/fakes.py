"""Test doubles with the sandbox's interface, running trusted test code in-process.

They let the checks be tested quickly against implementations written in the
tests (never student code): FakeBox.call calls a Python function, and
FakeBox.run_program plays the reference game with a secret chosen per seed.
"""
import copy
import random

from grader import reference
from grader.sandbox.child_reports import CallResult, RunResult
from grader.sandbox import FIRST_CALLS, Status
from grader.checks.transcripts.reference_games import play_reference, reference_output


class FakeBox:
    """box.call on in-process functions: {function name: callable}."""

    def __init__(self, functions, programs=None):
        self.functions = functions
        self.programs = programs or {}
        self.calls = []
        self.call_processes = []    # the process each call was made in
        self.runs = []
        self.cpu_limits = []    # (module, cpu_limit) of each run
        self.process = FIRST_CALLS     # the calls process calls go to (calls_in)
        self.processes = [FIRST_CALLS]     # each process calls went to, in turn

    def call(self, module, function, args, timeout=2.0, cpu_limit=None, own_limit=None,
             wait_limit=None, largest_limit=None):
        self.calls.append((function, args))
        self.call_processes.append(self.process)
        implementation = self.functions.get(function)
        if implementation is None:
            return CallResult(Status.MISSING_FUNCTION, detail="%s is not defined" % function)
        if isinstance(implementation, CallResult):
            return implementation
        arguments = copy.deepcopy(args)
        try:
            value = implementation(*arguments)
        except Exception as error:
            return CallResult(Status.RAISED, detail="%s: %s" % (type(error).__name__, error))
        returned = next((i for i, arg in enumerate(arguments) if value is arg), None)
        return CallResult(Status.OK, value=copy.deepcopy(value), args_after=arguments,
                          returned_argument=returned)

    def run_program(self, module, stdin, seed, timeout=10.0, quiet_timeout=None, cpu_limit=None,
                    honour_seeds=False, clock=None, own_limit=None):
        self.runs.append((module, stdin, seed))
        self.cpu_limits.append((module, cpu_limit))
        return self.programs[module](stdin, seed)

    def import_module(self, module):
        return RunResult(Status.OK)

    def end_phase(self):
        """As BudgetedBox's (this box keeps no budget)."""

    def calls_in(self, process):
        """As the sandbox's: functions that keep state per process are told with
        in_process(name, new), new when the process had not been used before."""
        if process == self.process:
            return
        new = process not in self.processes
        self.process = process
        self.processes.append(process)
        for implementation in self.functions.values():
            getattr(implementation, "in_process", lambda name, new: None)(process, new)


def reference_functions():
    return {"check_word": reference.load().wordle.check_word,
            "known_word": reference.load().wordle.known_word,
            "no_letters": reference.load().wordle.no_letters,
            "yes_letters": reference.load().wordle.yes_letters,
            "filter_word_list": reference.load().easy_wordle.filter_word_list}


def secret_for(seed):
    """The secret a well-behaved fake program picks for a seed."""
    return random.Random(seed).choice(reference.load().words).upper()


def reference_program(program, choose_secret=secret_for, edit=None):
    """A fake run_program playing the reference game, its output optionally edited."""
    def run(stdin, seed):
        lines = stdin.split("\n")[:-1]
        random.seed(seed)
        output, finished = play_reference(program, choose_secret(seed), tuple(lines))
        if edit is not None:
            output = edit(output)
        if not finished:
            return RunResult(Status.WAITED_FOR_INPUT, stdout=output, exit_code=1,
                             detail="EOFError: EOF when reading a line")
        return RunResult(Status.OK, stdout=output, exit_code=0)
    return run


def output_of(program, secret, script):
    """The reference's output, as text, for a secret and typed lines."""
    return reference_output(program, secret, tuple(script))

