"""The screen parser against whatever a program prints (issue 24): random Unicode, control
characters and escape sequences around real transcripts never make an exception escape,
and a correct transcript followed by noise scores as the spec says: it passes exactly when
the noise adds no line to the screen. Thousands of coloured rows end in bounded work."""
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.checks import transcripts as T
from grader.checks.screen import screen_lines
from grader.checks.transcripts import judging, reading
from grader.sandbox.child_reports import RunResult
from grader.sandbox import Status
from grader.tests.fakes import FakeBox, reference_program

SEEDS = T.Seeds(1913)
PIECES = st.sampled_from(["\x1b[42;1m", "\x1b[43m", "\x1b[47m", "\x1b[0m", "\x1b[", "\x1b[9",
                          "\r", "\n", "\t", "\x00", "\u212a", "\u017f", "Answer: ",
                          "answer is ", "5 words possible:", "lered", "LERED", "\ufeff",
                          "\u202e", "\udcff"])
NOISE = st.lists(st.one_of(st.text(max_size=8), PIECES), max_size=12).map("".join)


def graded_with(edit, program=T.WORDLE):
    box = FakeBox({}, {program.module: reference_program(program, edit=edit)})
    return T.test_program(box, program, SEEDS).outcomes


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(before=NOISE, after=NOISE)
def test_noise_around_a_transcript_never_raises(before, after):
    outcomes = graded_with(lambda text: before + text + after)
    assert set(outcomes) == {spec.id for spec in T.WORDLE.specs}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(after=NOISE)
def test_a_correct_transcript_with_noise_after_it_passes_when_the_noise_adds_no_line(after):
    outcomes = graded_with(lambda text: text + after)
    lines = screen_lines("x\n" + after)     # blank lines are spacing, forgiven
    adds_no_line = not lines[0].key[1:] and not any(line.key for line in lines[1:])
    assert all(outcome.passed for outcome in outcomes.values()) == adds_no_line


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=200))
def test_any_text_is_read_without_error(text):
    run = RunResult(Status.OK, stdout=text)
    reading.learn_secret(run)
    reading.fitting_secrets(run)
    judging.judge_run(T.WORDLE, run, "LERED", ["lered"])


def grey_digits(rows):
    return "".join("\x1b[47m%05d\x1b[0m\n" % row for row in range(rows))


def test_thousands_of_coloured_rows_without_an_answer_end_in_bounded_work():
    """Rows that are no word: no secret fits, found at the first row, not by trying every
    word of the list against every row."""
    run = RunResult(Status.OK, stdout=grey_digits(5000))
    started = time.process_time()
    assert reading.fitting_secrets(run) == []
    outcomes = graded_with(lambda text: grey_digits(5000))
    assert not any(outcome.passed for outcome in outcomes.values())
    assert "secret could not be found" in " ".join(
        map(str, outcomes["wordle_program.loss"].details))
    assert time.process_time() - started < 60   # was 14,855 x 5,000 check_word calls


def test_more_guesses_than_a_game_has_fit_no_secret():
    words = ["radio", "druid", "sweat", "plonk", "fuzzy", "might", "lered"]
    rows = "".join("".join("\x1b[47m%s\x1b[0m" % letter for letter in word.upper()) + "\n"
                   for word in words)
    assert reading.fitting_secrets(RunResult(Status.OK, stdout=rows)) == []
    one_row = rows.split("\n")[-2] + "\n"      # LERED, all grey
    fitting = reading.fitting_secrets(RunResult(Status.OK, stdout=one_row))
    assert fitting and all(not set("LERD") & set(word) for word in fitting)
