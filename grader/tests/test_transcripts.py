"""Transcript tests: screens read colour by colour, compared strictly but for spacing."""
import itertools
import math
import random
import unicodedata

import pytest

from grader import assignment, reference
from grader.checks import function_runner
from grader.checks import transcripts as T
from grader.checks.transcripts import (chosen_guesses, comparison, fixed_samples, games,
                                       judging, own_functions, reading, reference_games,
                                       scripts)
from grader.results.outcome import Diff, Outcome
from grader.sandbox.child_reports import CallResult, RunResult
from grader.sandbox.limits import Limits
from grader.sandbox import FIRST_CALLS, Status
from grader.checks import screen
from grader.checks.screen import screen_lines
from grader.tests import fakes
from grader.tests.fakes import FakeBox, output_of, reference_functions, reference_program

GREEN, YELLOW, GREY, RESET = "\033[42;1m", "\033[43m", "\033[47m", "\033[0m"
SECRET = "LERED"
SCRIPT = ["aeiou", "darnit", "radio", "Druid", "lered"]


def judge(output, program=T.WORDLE, script=SCRIPT, secret=SECRET, **run_fields):
    run = RunResult(run_fields.pop("status", Status.OK), stdout=output, exit_code=0, **run_fields)
    return judging.judge_run(program, run, secret, script)


def details(outcome):
    lines = []
    for detail in outcome.details + outcome.notes:
        lines.extend([detail.title] + [t + text for t, text in detail.lines]
                     if isinstance(detail, Diff) else [detail])
    return "\n".join(lines)


def reference_text(program=T.WORDLE, script=SCRIPT, secret=SECRET):
    return output_of(program, secret, script)


# ------------------------------------------------------------------ reading screens

def test_colours_are_read_per_letter_however_they_were_printed():
    one_by_one = GREEN + "R" + RESET + YELLOW + "A" + RESET + GREY + "D" + RESET + "\n"
    together = GREEN + "R" + RESET + YELLOW + "A" + RESET + GREY + "D" + RESET + "\n"
    word_at_once = GREEN + "R" + YELLOW + "A" + GREY + "D" + RESET + "\n"
    lines = [screen_lines(text)[0] for text in (one_by_one, together, word_at_once)]
    assert lines[0].tokens == (("R", "green"), ("A", "yellow"), ("D", "grey"))
    assert lines[0] == lines[1] == lines[2]
    assert lines[0].text == "[R:green][A:yellow][D:grey]"


def test_an_unknown_escape_code_is_kept_so_it_cannot_pass_for_a_colour():
    line = screen_lines("\033[42mR\033[0m\n")[0]
    assert line.tokens == (("R", "ESC[42m"),)


def test_text_that_looks_like_a_coloured_letter_is_not_one():
    assert screen_lines("[R:green]\n")[0].key != screen_lines(GREEN + "R" + RESET + "\n")[0].key


# ------------------------------------------------------------------ comparing the normal game

def test_the_reference_screen_matches_itself():
    outcome = judge(reference_text())
    assert outcome.passed and outcome.notes == []


@pytest.mark.parametrize("edit", [
    lambda t: t.replace("Known:  ", "Known: "),
    lambda t: t.replace("Letters: ", "Letters:"),
    lambda t: t.replace("Answer: ", "Answer:   "),
    lambda t: t.replace("\n", "  \n"),
])
def test_spacing_is_forgiven_and_noted(edit):
    outcome = judge(edit(reference_text()))
    assert outcome.passed
    assert "spacing differs from the reference, which is forgiven" in details(outcome)


def test_spacing_is_a_tab_and_every_space_separator_of_unicode():
    separators = {chr(code) for code in range(0x110000)
                  if unicodedata.category(chr(code)) == "Zs"}
    assert screen.SPACING == separators | {"\t"}


def test_a_zero_width_or_control_character_is_not_spacing():
    for char in ("\u200b", "\u00ad", "\x0b", "\x1f"):
        assert not judge(reference_text().replace("Known: ", "Known:" + char)).passed


def padded_tiles(text, colours=(GREEN, YELLOW, GREY)):
    """text with every coloured letter printed as a wider tile: colour + " L " + reset."""
    for colour in colours:
        for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            text = text.replace(colour + letter + RESET, colour + " " + letter + " " + RESET)
    return text


@pytest.mark.parametrize("edit", [
    padded_tiles,
    lambda t: padded_tiles(t).replace("> ", ">\t"),
    lambda t: t.replace("Known:  ", "Known:\t"),
    lambda t: t.replace("Letters: ", "Letters:\t"),
    lambda t: t.replace("\n", "\r\n"),
    lambda t: t.replace(GREEN + "R" + RESET, GREEN + "\tR" + RESET),
    lambda t: t.replace("Known:  ", "Known:\u00a0").replace("Answer: ", "Answer:\u202f"),
    lambda t: t.replace(GREEN + "R" + RESET, GREEN + "\u3000R" + RESET),
], ids=["coloured padding", "tab after the prompt", "tab after Known:", "tab after Letters:",
        "CRLF line ends", "coloured tab", "no-break spaces", "coloured ideographic space"])
def test_spacing_of_any_colour_is_forgiven_and_noted(edit):
    outcome = judge(edit(reference_text()))
    assert outcome.passed, details(outcome)
    assert "spacing differs from the reference, which is forgiven" in details(outcome)


@pytest.mark.parametrize("edit", [
    lambda t: t + "\n",
    lambda t: t.replace("> ", "\n> "),
    lambda t: t.replace("Known:", "  \t\nKnown:"),
], ids=["after the answer", "before each prompt", "a line of spacing"])
def test_blank_lines_are_vertical_spacing_and_forgiven(edit):
    outcome = judge(edit(reference_text()))
    assert outcome.passed, details(outcome)
    assert "that the reference does not print, which is forgiven" in details(outcome)


def test_lines_keep_their_numbers_on_the_students_screen_past_blank_lines():
    text = reference_text().replace("Known:", "\nKnown:").replace("Grey Letters:", "Grey letters:")
    outcome = judge(text)
    assert "line 4 differs: expected 'Grey Letters: ', got 'Grey letters: '" in details(outcome)
    diff = next(d for d in outcome.details if isinstance(d, Diff))
    assert diff.lines[0] == ("@", "expected lines 1-5, your lines 2-6")


@pytest.mark.parametrize("edit,message", [
    (lambda t: padded_tiles(t).replace(GREEN + " R ", YELLOW + " R ", 1),
     "got '[ D :grey][ R :yellow]"),
    (lambda t: padded_tiles(t).replace(GREEN + " D " + RESET, GREEN + "   " + RESET, 1),
     "got '[ D :grey][ R :yellow][ U :grey][ I :grey][   :green]'"),
    (lambda t: padded_tiles(t).replace(GREY + " D " + RESET, GREY + " D " + RESET + GREY + " D "
                                       + RESET, 1), "got '[ D :grey][ D :grey][ R :yellow]"),
    (lambda t: t.replace("\n", "\rX\n", 1), "got 'Known:  _____\\rX'"),
], ids=["wrong colour", "missing letter", "extra letter", "carriage return mid-line"])
def test_inside_padded_tiles_letters_and_colours_still_count(edit, message):
    outcome = judge(edit(reference_text()))
    assert not outcome.passed
    assert message in details(outcome)


def test_a_history_row_of_padded_tiles_is_read_as_its_five_letters():
    line = screen_lines(padded_tiles(GREEN + "R" + RESET + YELLOW + "A" + RESET + GREY + "D"
                                     + RESET + GREY + "I" + RESET + GREY + "O" + RESET + "\n"))[0]
    assert reading.history_row(line) == ("RADIO", ["green", "yellow", "grey", "grey", "grey"])


@pytest.mark.parametrize("edit,message", [
    (lambda t: t.replace("Grey Letters:", "Grey letters:"),
     "line 3 differs: expected 'Grey Letters: ', got 'Grey letters: '"),
    (lambda t: t.replace("Known:  ", "Known word: "), "expected 'Known:  _____', got 'Known word: _____'"),
    (lambda t: t.replace("Answer:", "ANSWER:"), "got 'ANSWER: LERED'"),
    (lambda t: t.replace("Answer:", "Congratulations!\nAnswer:"),
     "line 18 is extra: 'Congratulations!' (the next line, 'Answer: LERED', is the expected one)"),
    (lambda t: t + "Thanks for playing\n", "is extra (the game should have ended): 'Thanks for playing'"),
    (lambda t: t.replace("> ", ">\n"), "line 4 differs: expected '> Invalid word', got '>'"),
    (lambda t: t.replace("> ", ""), "expected '> Invalid word', got 'Invalid word'"),
    (lambda t: t.replace(GREEN, YELLOW, 1), "got '[D:grey][R:yellow][U:grey][I:grey][D:yellow]'"),
    (lambda t: t.replace("Invalid word\n", "", 1), "line 4 differs"),
    (lambda t: t[:t.index("Answer")], "the output ends early"),
])
def test_a_different_screen_fails_and_the_first_difference_is_named(edit, message):
    outcome = judge(edit(reference_text()))
    assert not outcome.passed
    assert message in details(outcome)
    assert any(isinstance(d, Diff) for d in outcome.details)


def test_a_missing_line_is_called_missing():
    text = reference_text().replace("Green/Yellow Letters: \n", "", 1)
    assert "line 2 is missing: expected 'Green/Yellow Letters: ' before 'Grey Letters: '" in \
        details(judge(text))


def test_upper_case_input_may_be_rejected_as_an_invalid_word():
    rejected = ["aeiou", "darnit", "radio", scripts.REJECTED_STAND_IN, "lered"]
    outcome = judge(reference_text(script=rejected))
    assert outcome.passed
    assert details(judge(reference_text(script=["aeiou", "darnit", "radio", "lered"]))) != ""


def test_the_diff_shows_the_letters_and_forgiven_spacing_is_not_a_difference():
    text = reference_text().replace("Known:  ", "Known: ").replace("Grey Letters:", "Grey:")
    diff = next(d for d in judge(text).details if isinstance(d, Diff))
    changed = [line for tag, line in diff.lines if tag in "-+"]
    assert changed and all("Grey" in line for line in changed)


def test_how_a_run_ended_is_explained():
    crashed = judge("", status=Status.RAISED, detail="ValueError: bad", stderr="Traceback\n  line 3\nValueError: bad\n")
    assert "the program stopped with an error: ValueError: bad" in details(crashed)
    assert "ValueError: bad" in details(crashed).split("its error output ended with:")[1]
    waiting = judge(reference_text()[:-20], status=Status.WAITED_FOR_INPUT)
    assert "asked for more input after the test's input ran out" in details(waiting)
    slow = judge(reference_text(), status=Status.TIMEOUT)
    assert not slow.passed and "did not finish" in details(slow)


# ------------------------------------------------------------------ the easy game

EASY_SCRIPT = ["raise", "serif", "MERIS", "peris"]


def easy_text(secret="PERIS", script=EASY_SCRIPT, seed=1):
    random.seed(seed)
    return output_of(T.EASY_WORDLE, secret, script)


def test_the_easy_screen_expects_samples_of_the_right_size():
    expected = reference_games.expected_screen(T.EASY_WORDLE, "PERIS", tuple(EASY_SCRIPT))
    samples = [item for item in expected if isinstance(item, reference_games.Samples)]
    assert [(s.total, s.count) for s in samples] == [(39, 5), (2, 2), (1, 1), (1, 1)]
    assert samples[1].possible == {"meris", "peris"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_any_valid_sample_passes(seed):
    assert judge(easy_text(seed=seed), T.EASY_WORDLE, EASY_SCRIPT, "PERIS").passed


@pytest.mark.parametrize("edit,message", [
    (lambda t: t.replace("meris\nperis\n", "peris\nperis\n").replace("peris\nmeris\n", "peris\nperis\n"),
     "repeat peris"),
    (lambda t: t.replace("1 words possible:\nperis", "1 words possible:\nmeris", 1),
     "'meris' is not one of the 1 possible words"),
    (lambda t: t.replace("1 words possible:\nperis", "1 words possible:\nPERIS", 1),
     "'PERIS' should be in lower case"),
    (lambda t: t.replace("2 words possible:", "2 words possible:\nPossible words remaining: 2"),
     "expected 2 words after '2 words possible:', got 0, then 'Possible words remaining: 2'"),
    (lambda t: t.replace("39 words possible:", "39 word possible:"), "expected '39 words possible:'"),
])
def test_a_wrong_sample_is_explained(edit, message):
    outcome = judge(edit(easy_text()), T.EASY_WORDLE, EASY_SCRIPT, "PERIS")
    assert not outcome.passed
    assert message in details(outcome)


def test_too_few_samples_are_explained():
    lines = easy_text().split("\n")
    del lines[lines.index("2 words possible:") + 1]
    assert "expected 2 words after '2 words possible:', got 1, then '> " in details(
        judge("\n".join(lines), T.EASY_WORDLE, EASY_SCRIPT, "PERIS"))
    cut = easy_text()[:easy_text().index("39 words possible:\n") + 25]
    assert "the output has only" in details(judge(cut, T.EASY_WORDLE, EASY_SCRIPT, "PERIS"))


@pytest.mark.parametrize("secret", ["PERIS", "SLATE", "MAMMA", "CRANE", "XVIII"])
def test_the_easy_win_script_narrows_the_words_and_wins_last(secret):
    script = scripts.win_script(T.EASY_WORDLE, secret, T.Seeds(7))
    guesses = scripts.accepted_guesses(secret, script)
    assert guesses[-1] == secret and secret not in guesses[:-1]
    clues = [(g, reference.load().wordle.check_word(secret, g)) for g in guesses[:-1]]
    assert len(reference.load().easy_wordle.filter_word_list(reference.load().words, clues)) <= 12


def easy_scripts():
    """Loss, win and second-game scripts of several gradings, their upper-case-rejecting
    variants, and a script that runs out before the game ends."""
    played = [("PERIS", tuple(EASY_SCRIPT)), ("PERIS", ("raise", "serif")),
               ("MAMMA", ("mamma",))]
    for number, secret in ((7, "PERIS"), (1913, "XVIII"), (5, "MAMMA")):
        seeds = T.Seeds(number)
        for script in (scripts.loss_script(T.EASY_WORDLE, seeds),
                       scripts.win_script(T.EASY_WORDLE, secret, seeds),
                       scripts.second_script(T.EASY_WORDLE, seeds)):
            played.extend((secret, tuple(variant)) for variant in scripts.script_variants(script))
    return played


def test_the_easy_reference_played_incrementally_prints_exactly_what_it_prints(monkeypatch):
    fast = []
    for secret, script in easy_scripts():
        random.seed(secret)
        fast.append(reference_games.play_reference(T.EASY_WORDLE, secret, script))
    monkeypatch.setattr(reference_games, "reference_game", lambda program: program.play)
    for (secret, script), (output, finished) in zip(easy_scripts(), fast):
        random.seed(secret)
        assert reference_games.play_reference(T.EASY_WORDLE, secret, script) == (output, finished), script
    assert any(not finished for _, finished in fast) and any(finished for _, finished in fast)
    assert sum(output.count("words possible:") for output, _ in fast) > 30


# ------------------------------------------------------------------ the three runs

def program_box(choose_secret=None, edit=None):
    kwargs = {} if choose_secret is None else {"choose_secret": choose_secret}
    return FakeBox({}, {program.module: reference_program(program, edit=edit, **kwargs)
                        for program in T.PROGRAMS})


SEEDS = T.Seeds(1913)


@pytest.mark.parametrize("number", [1913, 5, 987654321])
@pytest.mark.parametrize("program", T.PROGRAMS, ids=lambda p: p.module)
def test_a_correct_program_passes_all_three_runs_whatever_the_seed(program, number):
    box = program_box()
    seeds = T.Seeds(number)
    outcomes = T.test_program(box, program, seeds).outcomes
    assert all(outcome.passed for outcome in outcomes.values()), outcomes
    first, second, third = seeds.runs(program)
    # the easy game's second game is replayed when the first games left too few turns to
    # show a mistaken sampling (test_a_second_game_is_replayed_only_when_...); the normal
    # game's lost and second games only where the won game failed
    assert [seed for _, _, seed in box.runs] in ([first, first, second],
                                                 [first, first, second, second])
    assert len({first, second, third}) == 3


def test_each_grading_draws_its_runs_afresh_and_a_seed_replays_them():
    draws = {T.Seeds.draw().number for _ in range(5)}
    assert len(draws) > 1
    drawn = {tuple(scripts.loss_script(T.WORDLE, T.Seeds(n))) for n in range(20)}
    assert len(drawn) > 5   # the order of the guesses changes with the seed
    assert scripts.loss_script(T.WORDLE, T.Seeds(3)) == scripts.loss_script(T.WORDLE, T.Seeds(3))
    assert T.Seeds(3).runs(T.WORDLE) == T.Seeds(3).runs(T.WORDLE) != T.Seeds(4).runs(T.WORDLE)


def test_a_canned_screen_fails():
    """A program that prints one recorded game (no logic) matches one seed at most."""
    recorded = {}

    def canned(stdin, seed):
        if "screen" not in recorded:
            recorded["screen"] = reference_program(T.WORDLE)(stdin, seed)
        return recorded["screen"]
    box = FakeBox({}, {"wordle": canned})
    outcomes = T.test_program(box, T.WORDLE, T.Seeds(11)).outcomes
    assert not all(outcome.passed for outcome in outcomes.values())


def test_a_hard_coded_secret_is_caught_after_three_seeds():
    box = program_box(choose_secret=lambda seed: "LERED")
    outcomes = T.test_program(box, T.WORDLE, SEEDS).outcomes
    assert outcomes["wordle_program.loss"].passed and outcomes["wordle_program.win"].passed
    assert "the secret was LERED in three games" in details(outcomes["wordle_program.second_game"])
    assert [seed for _, _, seed in box.runs][-1] == SEEDS.runs(T.WORDLE)[2]


class SeededRuns:
    """run_seeded for fixed_by_seeding: run i shows secrets[i], and its last seeding before
    the game began has values[i] (none where empty)."""

    def __init__(self, secrets, values):
        self.secrets, self.values, self.shifts = secrets, values, []

    def __call__(self, seed, clock):
        self.shifts.append(clock)
        index = len(self.shifts) - 1
        at_start = (self.values[index], "wordle.py:140") if self.values[index] else None
        return RunResult(Status.OK, stdout="Answer: %s\n" % self.secrets[index],
                         seeding_at_start=at_start)


def test_a_seeding_that_fixes_the_secret_is_named_with_its_line():
    runs = SeededRuns(["CHIVY"] * 3, ["1913"] * 3)
    reason = games.fixed_by_seeding(runs, SEEDS, T.WORDLE, [("1913", "wordle.py:140")])
    assert reason.startswith("the secret was CHIVY in every run: seeding random with 1913 at "
                             "line 140 of wordle.py fixes it")
    assert len(runs.shifts) == 3
    assert all(later - earlier >= 86400 for earlier, later in zip(runs.shifts, runs.shifts[1:]))


@pytest.mark.parametrize("secrets,values,made", [
    (["CHIVY", "CHIVY", "CHIVY"], ["1700000000", "1700604801", "1701209602"], 2),  # the clock
    (["CHIVY", "CRANE", "CRANE"], ["1913", "1913", "1913"], 2),   # seeded after the draw
    (["CHIVY", "CHIVY", "CRANE"], ["1913", "1913", "1913"], 3),
    (["CHIVY", "CHIVY", "CHIVY"], ["1913", "", ""], 2),           # no longer seeded
])
def test_a_seeding_that_leaves_the_secret_free_costs_nothing(secrets, values, made):
    runs = SeededRuns(secrets, values)
    assert games.fixed_by_seeding(runs, SEEDS, T.WORDLE, [("1913", "wordle.py:140")]) is None
    assert len(runs.shifts) == made


def test_a_program_that_never_seeds_random_with_a_value_is_not_run_again():
    runs = SeededRuns([], [])
    assert games.fixed_by_seeding(runs, SEEDS, T.WORDLE, []) is None and runs.shifts == []


def drawn(*draws):
    return RunResult(Status.OK, draws=list(draws))


def test_a_secret_drawn_from_a_small_part_of_the_list_is_named_when_every_game_shows_it():
    words = reference.load().words
    first, second = words[10].upper(), words[20].upper()
    games_ = [(drawn(("choice", 50, (words[10],), "wordle.py:9")), first),
              (drawn(("randint", 50, (20,), "wordle.py:9")), second)]
    assert games.drawn_from_few(games_).startswith(
        "the secret was drawn by random.choice from only 50 words at line 9 of wordle.py")
    other_draw = drawn(("randint", 50, (3,), "wordle.py:9"))
    assert games.drawn_from_few([games_[0], (other_draw, second)]) is None
    drawn_second = drawn(("choice", 26, ("m",), "wordle.py:8"), ("choice", 50, (words[20],),
                                                                  "wordle.py:9"))
    assert games.drawn_from_few([games_[0], (drawn_second, second)]) is None
    whole_list = drawn(("choice", len(words), (words[20],), "wordle.py:9"))
    assert games.drawn_from_few([games_[0], (whole_list, second)]) is None
    assert games.drawn_from_few([]) is None


def easy_game_samples():
    """The Samples of the reference's lost easy game for a secret (turns of many words)."""
    script = tuple(scripts.loss_script(T.EASY_WORDLE, SEEDS))
    return [item for item in reference_games.expected_screen(T.EASY_WORDLE, "CRAYS", script)
            if isinstance(item, reference_games.Samples)]


@pytest.mark.parametrize("pick,phrase", [
    (lambda words, draw: words[:5], "always among the first possible words in the word list's"),
    (lambda words, draw: words[-5:], "always among the last possible words in the word list's"),
    (lambda words, draw: sorted(words)[:5], "always among the first possible words in alphabet"),
    (lambda words, draw: words[1:6], "always among the first possible words in the word list's"),
    (lambda words, draw: draw.sample(words[:10], min(5, len(words))),
     "always among the first possible words"),
    (lambda words, draw: words[draw.randrange(max(1, len(words) - 4)):][:5],
     "always next to each other"),
], ids=["first five", "last five", "alphabet's first five", "skips the first",
        "sampled from the first ten", "five in a row"])
def test_words_shown_by_a_rule_are_named(pick, phrase):
    draw = random.Random(5)
    samples = [(item, tuple(pick(list(item.ordered), draw))) for item in easy_game_samples()]
    assert phrase in fixed_samples.fixed_sample_reason(samples)


def test_words_chosen_at_random_are_never_taken_for_a_rule():
    draw = random.Random(1913)
    for _ in range(300):
        samples = [(item, tuple(draw.sample(item.ordered, item.count)))
                   for item in easy_game_samples()]
        assert fixed_samples.fixed_sample_reason(samples) is None


@pytest.mark.parametrize("shape", fixed_samples.SHAPES)
def test_the_chance_of_a_shape_is_that_of_counting_every_choice(shape):
    total, count = 9, 5
    choices = list(itertools.combinations(range(total), count))
    for places in choices[::7]:
        as_close = [other for other in choices if fixed_samples.chance_at_most(
            shape, total, count, list(other)) <= fixed_samples.chance_at_most(
            shape, total, count, list(places))]
        assert math.isclose(fixed_samples.chance_at_most(shape, total, count, list(places)),
                            len(as_close) / len(choices))


def test_a_rule_is_named_only_where_chance_could_not_explain_it():
    few = reference_games.Samples(frozenset("abcdef"), 5, 6, tuple("abcdef"))
    assert fixed_samples.fixed_sample_reason([(few, tuple("abcde"))] * 3) is None
    assert fixed_samples.combined_chance([0.5]) == 0.5
    assert fixed_samples.combined_chance([0.1, 0.1]) > 0.01


def test_a_secret_that_changes_with_the_same_seed_is_caught():
    counter = itertools.count()
    box = program_box(choose_secret=lambda seed: reference.load().words[next(counter)].upper())
    outcomes = T.test_program(box, T.WORDLE, SEEDS).outcomes
    win = details(outcomes["wordle_program.win"])
    assert "the game did not take ROSSA as the answer: with the same random seed" in win


def test_a_program_that_prints_nothing_gets_the_guard_hint():
    box = program_box(edit=lambda text: "")
    hint = ["the guard compares __name__ with ' __main__ '"]
    outcomes = T.test_program(box, T.WORDLE, SEEDS, guard_hint=hint).outcomes
    assert "' __main__ '" in details(outcomes["wordle_program.loss"])
    assert "secret could not be found" in details(outcomes["wordle_program.loss"])
    assert not outcomes["wordle_program.win"].passed


def test_a_skipped_program_is_not_run():
    box = program_box()
    outcomes = T.test_program(box, T.WORDLE, SEEDS,
                              skip_reason="not run: importing never finished").outcomes
    assert box.runs == [] and all(not o.passed for o in outcomes.values())


@pytest.mark.parametrize("text,secret", [
    ("Answer: LERED\n", "LERED"), ("ANSWER: lered\n", "LERED"), ("The answer was peris\n", "PERIS"),
    ("Answer: " + GREEN + "P" + RESET + "ERIS\n", "PERIS"), ("Answer: ZZZZZ\n", None), ("", None),
])
def test_the_secret_is_learned_from_the_answer_line(text, secret):
    assert reading.learn_secret(RunResult(Status.OK, stdout=text)) == secret


# ------------------------------------------------------------------ checked explanations

def test_a_history_in_the_colours_of_the_last_guess_names_a_shared_list(monkeypatch):
    wordle = reference.load().wordle
    right_check_word, shared = wordle.check_word, []

    def shared_list(secret, guess):
        shared[:] = right_check_word(secret, guess)
        return shared
    monkeypatch.setattr(wordle, "check_word", shared_list)
    output = reference_text()
    monkeypatch.setattr(wordle, "check_word", right_check_word)
    assert "the same list object" in details(judge(output))
    assert "the same list object" not in details(judge(reference_text().replace("Known:", "Known word:")))
    all_grey = reference_text().replace(GREEN, GREY).replace(YELLOW, GREY)
    assert "the same list object" not in details(judge(all_grey))


def test_a_game_without_an_answer_line_is_still_compared_with_the_secret_its_clues_tell():
    box = program_box(edit=lambda text: text[:text.rindex("Answer:")])
    outcomes = T.test_program(box, T.WORDLE, SEEDS).outcomes
    loss = details(outcomes["wordle_program.loss"])
    assert "printed no 'Answer: SECRET' line" in loss and "the output ends early" in loss
    assert "printed no 'Answer: SECRET' line" in details(outcomes["wordle_program.second_game"])


def test_valid_sample_words_are_shown_as_valid_in_a_diff():
    text = easy_text()
    edited = text.replace("39 words possible:\n", "Possible words remaining:\n39 words possible:\n")
    outcome = judge(edited, T.EASY_WORDLE, EASY_SCRIPT, "PERIS")
    shown = details(outcome)
    assert "is extra: 'Possible words remaining:'" in shown
    assert comparison.VALID_SAMPLE in shown and "(5 different words of the 39 possible)" not in shown


def test_printed_text_never_looks_like_a_coloured_letter():
    """A student printing "[R:green]" as text is told apart from a green R."""
    printed, coloured = screen_lines("[R:green]\\\n\x1b[42;1mR\x1b[0m\n")
    assert printed.text == "\\[R:green]\\\\"
    assert coloured.text == "[R:green]"


def test_the_guard_inside_a_docstring_is_no_guard():
    from grader.checks.information import guard_problems
    hidden = 'def main():\n    pass\n"""\nif __name__ == "__main__":\n    main()\n"""\n'
    assert guard_problems(hidden) and "inside a string" in guard_problems(hidden)[0]
    unparsable = hidden + "def broken(:\n"
    assert guard_problems(unparsable) and "there is no" in guard_problems(unparsable)[0]
    assert guard_problems(hidden.replace('"""\n', "")) == []


@pytest.mark.parametrize("source, phrase", [
    ("x = __import__('os')", "__import__"),
    ("import importlib\nimportlib.import_module('os')", "importlib"),
    ("import sys\nos = sys.modules['os']", "sys.modules"),
    ("import random\nrandom._os.system('ls')", "random._os"),
    ("import random as r\nr.os = 1\nr._os.getcwd()", "random._os"),
])
def test_imports_reached_other_ways_fail_the_import_check(source, phrase):
    from grader.checks.information import import_tricks
    assert any(phrase in trick for trick in import_tricks(source))


def test_plain_allowed_code_has_no_import_tricks():
    from grader.checks.information import import_tricks
    assert import_tricks("import random\nimport math\nx = random.choice([1]) + math.pi\n"
                         "random._inst.random()\n") == []


def test_a_games_cpu_limit_is_set_against_the_reference_programs_longest_game():
    """A slow but correct easy_wordle (the reference's own takes a few hundred ms for six
    guesses: filtering 14,855 words each time) may take 300 times that; the plain game has
    only the floor, as it does next to nothing."""
    box = program_box()
    for program in T.PROGRAMS:
        T.test_program(box, program, SEEDS)
    limits = dict(box.cpu_limits)
    easy_reference = reference_games.reference_game_cpu(T.EASY_WORDLE)
    assert easy_reference > 10 * reference_games.reference_game_cpu(T.WORDLE) > 0
    assert limits["easy_wordle"] == assignment.game_cpu_limit(easy_reference) == \
        assignment.CPU_MULTIPLE * easy_reference
    assert limits["wordle"] == assignment.GAME_CPU_FLOOR


def test_an_import_may_take_as_much_cpu_time_as_the_least_a_game_may():
    assert Limits().import_cpu_seconds == assignment.GAME_CPU_FLOOR


def test_a_game_stopped_at_its_cpu_limit_is_told_so_with_the_reference_s_time():
    run = RunResult(Status.CRASHED, stdout="Guess: ", detail="killed by signal SIGXCPU",
                    cpu_exhausted=True)
    problems = " ".join(judging.run_problems(T.EASY_WORDLE, run, ()))
    assert "used up its CPU time limit of %d s" % math.ceil(
        assignment.game_cpu_limit(reference_games.reference_game_cpu(T.EASY_WORDLE))) in problems
    assert "300 times that, at least %g s" % assignment.GAME_CPU_FLOOR in problems


# ------------------------------------------------------------------ screens through the student's own functions

RIGHT_CHECK_WORD = reference.load().wordle.check_word


def swapped_check_word(secret, guess):
    """A wrong check_word that always shows: grey and yellow swapped."""
    swap = {"grey": "yellow", "yellow": "grey", "green": "green"}
    return [swap[colour] for colour in RIGHT_CHECK_WORD(secret, guess)]


def program_with_check_word(check_word, edit=None):
    """A fake wordle.py that plays the reference game with its own check_word."""
    run = reference_program(T.WORDLE, edit=edit)

    def patched(stdin, seed):
        wordle = reference.load().wordle
        saved, wordle.check_word = wordle.check_word, check_word
        try:
            return run(stdin, seed)
        finally:
            wordle.check_word = saved
    return patched


def function_tests(functions):
    """What the function tests find of functions (a FunctionTestRun)."""
    return function_runner.function_tests(FakeBox(functions))


def graded_through_own_functions(functions, program, tested=None):
    box = FakeBox(functions, {"wordle": program})
    found = T.test_program(box, T.WORDLE, SEEDS)
    outcomes = dict(found.outcomes)
    first = {test_id: outcome.passed for test_id, outcome in outcomes.items()}
    outcomes.update(T.rejudge_through_own_functions(box, found.rejudges,
                                                    tested or function_tests(functions),
                                                    SEEDS.number))
    return first, outcomes


def test_a_screen_in_the_colours_of_the_students_own_check_word_passes_and_says_so():
    functions = dict(reference_functions(), check_word=swapped_check_word)
    first, outcomes = graded_through_own_functions(
        functions, program_with_check_word(swapped_check_word))
    assert not any(first.values())   # against the reference's screens alone
    assert all(outcome.passed for outcome in outcomes.values())
    assert all("the colours are your check_word's; its mistakes are counted in its tests"
               in details(outcome) for outcome in outcomes.values())


def test_the_programs_own_mistakes_still_fail_through_the_students_functions():
    functions = dict(reference_functions(), check_word=swapped_check_word)
    _, outcomes = graded_through_own_functions(functions, program_with_check_word(
        swapped_check_word, edit=lambda text: text.replace("Grey Letters:", "Grey letters:")))
    assert not any(outcome.passed for outcome in outcomes.values())
    assert "expected 'Grey Letters: ', got 'Grey letters: '" in details(
        outcomes["wordle_program.loss"])


def test_a_function_that_fails_in_the_sandbox_gives_no_other_screen():
    def raising(secret, guess):
        raise ValueError("no")
    functions = dict(reference_functions(), check_word=raising)
    _, outcomes = graded_through_own_functions(functions,
                                               program_with_check_word(swapped_check_word))
    assert not any(outcome.passed for outcome in outcomes.values())


def test_a_test_of_two_games_passes_through_the_students_functions_only_when_both_do():
    """The easy game's second game and its replay are one test: each failed screen must pass
    through the student's functions, or the test fails as the first that does not."""
    functions = dict(reference_functions(), check_word=swapped_check_word)
    own_colours = program_with_check_word(swapped_check_word)
    and_a_label = program_with_check_word(
        swapped_check_word, edit=lambda text: text.replace("Grey Letters:", "Grey letters:"))
    seed, script = 7, scripts.second_script(T.WORDLE, SEEDS)
    secret = fakes.secret_for(seed)
    games = []
    for program in (own_colours, and_a_label):
        run = program(scripts.stdin_text(script), seed)
        outcome = judging.judge_run(T.WORDLE, run, secret, script)
        assert not outcome.passed
        games.append(judging.Game("wordle_program.second_game", T.WORDLE, run, secret, script,
                                  outcome))
    tested = function_tests(functions)
    for rejudged, expected in ((games[:1], None), (games, games[1].outcome),
                               (games[::-1], games[1].outcome)):
        outcomes = T.rejudge_through_own_functions(FakeBox(functions), rejudged, tested,
                                                   SEEDS.number)
        found = outcomes["wordle_program.second_game"]
        assert (found.passed, found.details) == (False, expected.details) if expected \
            else found.passed


class TwoFaced:
    """A check_word that answers as `during` while the function tests run and all green
    afterwards (a student's module keeps state between calls)."""

    def __init__(self, during):
        self.during, self.tests_over = during, False

    def __call__(self, secret, guess):
        return ["green"] * 5 if self.tests_over else self.during(secret, guess)


def all_green_program():
    def all_green(secret, guess):
        return ["green"] * 5
    return program_with_check_word(all_green)


@pytest.mark.parametrize("during", [RIGHT_CHECK_WORD, swapped_check_word],
                         ids=["right in its tests", "wrong in its tests"])
def test_a_check_word_that_answers_otherwise_after_its_tests_accepts_no_game(during):
    check_word = TwoFaced(during)
    functions = dict(reference_functions(), check_word=check_word)
    tested = function_tests(functions)
    check_word.tests_over = True
    _, outcomes = graded_through_own_functions(functions, all_green_program(), tested)
    assert not any(outcome.passed for outcome in outcomes.values())
    if during is swapped_check_word:
        assert "check_word answered the same call differently at two times: check_word(" in \
            details(outcomes["wordle_program.loss"])
        assert "its answers depend on what was called before" in details(
            outcomes["wordle_program.loss"])


class MemoTwoFaced:
    """A check_word wrong by its tests (grey and yellow swapped) that remembers each answer
    and, once its process has served the tests, gives every new call no clues (all grey);
    a new process starts honest again."""

    def __init__(self):
        self.processes, self.memory = {}, None
        self.in_process(FIRST_CALLS, True)
        self.tests_over = False

    def in_process(self, name, new):
        self.memory = self.processes.setdefault(name, {})
        self.tests_over = not new

    def __call__(self, secret, guess):
        if (secret, guess) not in self.memory:
            self.memory[(secret, guess)] = (["grey"] * 5 if self.tests_over
                                            else swapped_check_word(secret, guess))
        return self.memory[(secret, guess)]


def no_clues(secret, guess):
    return ["green"] * 5 if secret == guess else ["grey"] * 5


def test_a_memory_of_the_tests_answers_no_game():
    check_word = MemoTwoFaced()
    functions = dict(reference_functions(), check_word=check_word)
    tested = function_tests(functions)
    check_word.tests_over = True
    box = FakeBox(functions, {"wordle": program_with_check_word(no_clues)})
    found = T.test_program(box, T.WORDLE, SEEDS)
    outcomes = dict(found.outcomes, **T.rejudge_through_own_functions(box, found.rejudges, tested,
                                                                      SEEDS.number))
    assert box.processes == [FIRST_CALLS, own_functions.GAMES_PROCESS, FIRST_CALLS]
    assert not any(outcome.passed for outcome in outcomes.values())
    assert "answers depend on what was called before" in details(outcomes["wordle_program.loss"])


FIRST_TEST_CALL = list(function_runner.cases_of(function_runner.FUNCTION_TESTS[0])[0].args)


class HistoryFaced:
    """A check_word wrong in one official case (so that it answers for itself) that turns
    its yellows grey where lies(history, secret, guess) says, history being the calls its
    process made before ((secret, guess) pairs; each process has its own)."""

    def __init__(self, lies):
        self.lies, self.histories, self.process = lies, {}, FIRST_CALLS

    def in_process(self, name, new):
        self.process = name

    def __call__(self, secret, guess):
        history = self.histories.setdefault(self.process, [])
        clue = RIGHT_CHECK_WORD(secret, guess)
        if [secret, guess] == FIRST_TEST_CALL:
            clue = clue[::-1]
        if self.lies(history, secret, guess):
            clue = ["grey" if colour == "yellow" else colour for colour in clue]
        history.append((secret, guess))
        return clue


def in_the_tests_process(history):
    return bool(history) and list(history[0]) == FIRST_TEST_CALL


HISTORY_FACED = {
    # the round-5 red team's: honest in its tests' process, known by its first call; elsewhere
    # a call with the previous call's secret (a game's later guess) loses its yellows
    "the previous call's secret": lambda history, secret, guess: not in_the_tests_process(
        history) and bool(history) and history[-1][0] == secret,
    "a count of calls": lambda history, secret, guess: not in_the_tests_process(history)
    and len(history) >= 1,
    "a secret seen before": lambda history, secret, guess: any(
        secret == seen for seen, _ in history),
    "the previous call's guess": lambda history, secret, guess: bool(history)
    and bool(set(history[-1][1]) & set(secret)),
}


@pytest.mark.parametrize("lies", list(HISTORY_FACED))
def test_a_function_whose_answers_depend_on_its_history_answers_no_game(lies):
    """Its program shows the colours it gives in a game (each run a process of its own); its
    tests mostly pass; it answers the games' calls one way in their order, in a process of
    their own, and another in its tests' process among its test calls: not trusted, and said."""
    check_word = HistoryFaced(HISTORY_FACED[lies])
    functions = dict(reference_functions(), check_word=check_word)
    tested = function_tests(functions)
    assert not tested.outcomes["check_word.official"].passed

    def program(stdin, seed):
        return program_with_check_word(HistoryFaced(HISTORY_FACED[lies]))(stdin, seed)
    first, outcomes = graded_through_own_functions(functions, program, tested)
    assert not any(first.values())
    assert not any(outcome.passed for outcome in outcomes.values())
    assert "check_word answered the same call differently at two times" in details(
        outcomes["wordle_program.win"])
    assert "its answers depend on what was called before" in details(
        outcomes["wordle_program.win"])


class Remembering:
    """A check_word wrong by its tests (grey and yellow swapped) with state that changes no
    answer: a cache of its answers, a count of its calls, a log of them."""

    def __init__(self):
        self.cache, self.count, self.log = {}, 0, []

    def __call__(self, secret, guess):
        self.count += 1
        self.log.append((secret, guess))
        if (secret, guess) not in self.cache:
            self.cache[(secret, guess)] = swapped_check_word(secret, guess)
        return list(self.cache[(secret, guess)])


def test_state_that_changes_no_answer_keeps_the_games_judged_through_the_function():
    check_word = Remembering()
    functions = dict(reference_functions(), check_word=check_word)
    _, outcomes = graded_through_own_functions(
        functions, program_with_check_word(Remembering()))
    assert all(outcome.passed for outcome in outcomes.values())
    assert all("the colours are your check_word's" in details(outcome)
               for outcome in outcomes.values())


def test_a_word_list_in_another_order_is_the_same_answer_but_other_words_are_not():
    from grader.checks.transcripts.own_functions import OwnFunctions
    args = [["crane", "slate"], [["CRANE", ["grey"] * 5]]]
    tested = function_runner.FunctionTestRun(
        {"filter_word_list.official": Outcome(False)},
        {"filter_word_list": {function_runner.call_key(args): ["crane", "slate"]}})
    own = OwnFunctions(FakeBox({}), tested, SEEDS.number)
    own._check_test_value("filter_word_list", args, ["slate", "crane"], "here")
    assert own.inconsistent == {}
    own._check_test_value("filter_word_list", args, ["slate"], "here")
    assert own.inconsistent == {"filter_word_list": own_functions.Difference(
        args, ["crane", "slate"], own_functions.IN_ITS_TESTS, ["slate"], "here")}


def test_a_function_all_of_whose_tests_passed_is_the_reference_for_its_games():
    """Right on every test call, wrong on the games' other calls: no screen in its colours."""
    tested = function_tests(reference_functions())
    assert tested.answers == {}     # nothing failed: no function answers for itself
    tested_calls = {function_runner.call_key(case.args) for test in function_runner.FUNCTION_TESTS
                    if test.function.name == "check_word"
                    for case in function_runner.cases_of(test)}

    def wrong_off_its_tests(secret, guess):
        if function_runner.call_key([secret, guess]) in tested_calls:
            return RIGHT_CHECK_WORD(secret, guess)
        return swapped_check_word(secret, guess)
    functions = dict(reference_functions(), check_word=wrong_off_its_tests)
    first, outcomes = graded_through_own_functions(
        functions, program_with_check_word(wrong_off_its_tests), tested)
    assert not any(first.values()) and not any(o.passed for o in outcomes.values())


def test_each_game_call_of_the_students_functions_is_made_once_in_each_of_two_processes():
    functions = dict(reference_functions(), check_word=swapped_check_word)
    box = FakeBox(functions, {"wordle": program_with_check_word(swapped_check_word)})
    T.rejudge_through_own_functions(box, T.test_program(box, T.WORDLE, SEEDS).rejudges,
                                    function_tests(functions), SEEDS.number)
    tested = {function_runner.call_key(case.args) for test in function_runner.FUNCTION_TESTS
              for case in function_runner.cases_of(test)}
    calls = [(name, function_runner.call_key(args), process)
             for (name, args), process in zip(box.calls, box.call_processes)
             if function_runner.call_key(args) not in tested]
    assert calls and len(calls) == len(set(calls))
    assert {process for _, _, process in calls} == {FIRST_CALLS, own_functions.GAMES_PROCESS}
    made = {process: {call[:2] for call in calls if call[2] == process}
            for process in (FIRST_CALLS, own_functions.GAMES_PROCESS)}
    assert made[FIRST_CALLS] == made[own_functions.GAMES_PROCESS]


def test_a_game_that_stops_where_the_students_function_stops_alone_passes_and_says_so():
    """A check_word that raises on the winning guess: the game ends with its error where
    the reference program with that check_word would, under every draw."""
    def raises_on_a_win(secret, guess):
        if secret == guess:
            raise ValueError("won")
        return RIGHT_CHECK_WORD(secret, guess)

    def program(stdin, seed):
        import io
        output = io.StringIO()
        wordle = reference.load().wordle
        saved, wordle.check_word = wordle.check_word, raises_on_a_win
        try:
            with reference_games.typed_into_reference(stdin.split("\n")[:-1], output):
                wordle.play(fakes.secret_for(seed))
            status = Status.OK
        except ValueError:
            status = Status.RAISED
        finally:
            wordle.check_word = saved
        return RunResult(status, stdout=output.getvalue(), detail="ValueError: won")
    _, outcomes = graded_through_own_functions(
        dict(reference_functions(), check_word=raises_on_a_win), program)
    assert outcomes["wordle_program.loss"].passed
    win = outcomes["wordle_program.win"]
    assert win.passed and "the game stopped at the call check_word(" in details(win)
    assert "raised an error when called alone too" in details(win)


# ------------------------------------------------------------------ guesses chosen for the secret

@pytest.mark.parametrize("secret", ["CRAYS", "LERED", "MAMMA", "XVIII", "SISSY", "PERIS", "EERIE"])
def test_the_won_game_types_a_guess_for_each_rule_case_the_secret_allows(secret):
    guesses = [line.lower() for line in scripts.win_script(T.WORDLE, secret, SEEDS)[2:-1]
               if line.lower() in reference.load().word_set]
    assert len(guesses) == 4 and secret.lower() not in guesses
    lower = secret.lower()
    allowed = [(name, case) for name, secret_count, guess_count, case in chosen_guesses.RULE_CASES
               if any(case(lower, letter, word) for letter in set(lower)
                      for word in reference.load().words if word != lower
                      and lower.count(letter) >= secret_count and word.count(letter) == guess_count)]
    for name, case in allowed[:4]:  # the first four the secret allows: the fifth guess wins
        assert any(case(lower, letter, guess) for letter in set(lower) for guess in guesses), name
    assert any(max(guess.count(letter) for letter in guess) == 3 for guess in guesses)


def extra_yellow(secret, guess):
    """The classic one-pass colouring: a letter in the secret is yellow in every copy."""
    return ["green" if guess[i] == secret[i] else "yellow" if guess[i] in secret else "grey"
            for i in range(5)]


@pytest.mark.parametrize("number", [1913, 5, 987654321, 2024, 77])
def test_a_program_colouring_a_rule_case_wrongly_fails_all_three_games_under_every_draw(number):
    """Its own colouring, not its check_word's (the reference answers for a function that
    passed its tests): the lost and second games are replayed typing the rule cases too."""
    box = FakeBox(reference_functions(), {"wordle": program_with_check_word(extra_yellow)})
    found = T.test_program(box, T.WORDLE, T.Seeds(number))
    outcomes = dict(found.outcomes, **T.rejudge_through_own_functions(
        box, found.rejudges, function_tests(reference_functions()), number))
    assert not any(outcome.passed for outcome in outcomes.values()), number
    first, second, _ = T.Seeds(number).runs(T.WORDLE)
    assert [seed for _, _, seed in box.runs][-2:] == [first, second]


def test_a_letter_twice_in_the_guess_and_once_in_the_secret_is_typed_in_place_and_out():
    guesses = scripts.win_script(T.WORDLE, "CRAYS", SEEDS)
    clues = [RIGHT_CHECK_WORD("CRAYS", guess.upper()) for guess in guesses[2:-1]
             if guess.lower() in reference.load().word_set]
    doubled = [(guess.upper(), clue) for guess, clue in zip(
        [g for g in guesses[2:-1] if g.lower() in reference.load().word_set], clues)]
    kinds = set()
    for guess, clue in doubled:
        for letter in set(guess):
            places = [i for i in range(5) if guess[i] == letter]
            if len(places) == 2 and "CRAYS".count(letter) == 1:
                kinds.add(tuple(sorted(clue[i] for i in places)))
    assert {("grey", "yellow"), ("green", "grey")} <= kinds


def first_games_sample_miss(secret1, secret2, seeds):
    """The counts of possible words in each turn of the easy game's games: the first two with
    secret1, the second with secret2."""
    def counts(secret, script):
        return [len(words) for words in reference_games.possible_after_each_guess(secret, tuple(script))]
    program = T.EASY_WORDLE
    return ([counts(secret1, scripts.loss_script(program, seeds)),
             counts(secret1, scripts.win_script(program, secret1, seeds))],
            [counts(secret2, scripts.second_script(program, seeds))],
            counts(secret2, scripts.win_script(program, secret2, seeds)))


def test_a_mistaken_sampling_shows_in_all_but_one_grading_in_a_million():
    """A program drawing with replacement (random.choices, repeated randint; randint(0,
    len(words)) is likelier still to show) gets through a grading's easy games without a
    repeated word with at most the probability grading_sample_miss bounds: the won game keeps
    five words possible for its four turns where it can ((5!/5^5)^4, about 2 in a million:
    not enough alone); its draws are the first game's (the same seed), the second game's are
    its own; where the three games leave more than one in a million, the second game is
    replayed with guesses chosen for its secret. Computed for 150 drawn gradings: every one
    is under one in a million, and most need no replay."""
    rng = random.Random(1913)
    words = reference.load().words
    bounds, replayed = [], 0
    for _ in range(150):
        secret1, secret2 = rng.choice(words).upper(), rng.choice(words).upper()
        first, second, replay = first_games_sample_miss(secret1, secret2,
                                                        T.Seeds(rng.randrange(T.SEED_RANGE)))
        bound = chosen_guesses.grading_sample_miss([first, second])
        if bound > chosen_guesses.SAMPLE_MISS_TARGET:
            replayed += 1
            bound = chosen_guesses.grading_sample_miss([first, second + [replay]])
        bounds.append(bound)
    assert max(bounds) <= 1e-6
    assert replayed <= 50


def test_games_with_one_seed_count_as_the_best_of_them():
    one_turn_of_five = 120 / 5 ** 5
    assert chosen_guesses.grading_sample_miss([[[5], [5, 5]]]) == pytest.approx(one_turn_of_five ** 2)
    assert chosen_guesses.grading_sample_miss([[[5]], [[5]]]) == pytest.approx(one_turn_of_five ** 2)
    assert chosen_guesses.grading_sample_miss([[[1, 1]], [[5]]]) == pytest.approx(one_turn_of_five)


def repeat_first_sample(output):
    """The output with the second word after the first 'N words possible:' (N >= 2) replaced
    by the first: a sample with a repeat."""
    lines = output.split("\n")
    for index, line in enumerate(lines):
        match = reading.COUNT_LINE.match(line)
        if match and int(match.group(1)) >= 2:
            lines[index + 2] = lines[index + 1]
            break
    return "\n".join(lines)


def test_the_second_game_is_replayed_exactly_when_the_first_games_leave_too_much_to_chance():
    """Over twelve gradings: a fourth run (the second game's seed again, with guesses chosen
    for its secret) exactly when the three games' bound is above one in a million; a program
    whose samples repeat only in that run fails the second game with the reason."""
    program = T.EASY_WORDLE
    outcomes_seen = set()
    for number in range(12):
        seeds = T.Seeds(number)
        correct = program_box()
        assert all(outcome.passed
                   for outcome in T.test_program(correct, program, seeds).outcomes.values())
        outputs = [correct.programs[program.module](stdin, seed)
                   for _, stdin, seed in correct.runs[:3]]
        bound = chosen_guesses.grading_sample_miss(
            [[reading.shown_counts(outputs[0]), reading.shown_counts(outputs[1])],
             [reading.shown_counts(outputs[2])]])
        replayed = len(correct.runs) == 4
        assert replayed == (bound > chosen_guesses.SAMPLE_MISS_TARGET), number
        outcomes_seen.add(replayed)
        if replayed:
            first, second, _ = seeds.runs(program)
            assert correct.runs[3][2] == second
            honest = reference_program(program)
            calls = []

            def lucky_until_the_replay(stdin, seed):
                calls.append(seed)
                result = honest(stdin, seed)
                if len(calls) == 4:
                    result = RunResult(result.status, stdout=repeat_first_sample(result.stdout),
                                       exit_code=result.exit_code)
                return result
            box = FakeBox({}, {program.module: lucky_until_the_replay})
            outcomes = T.test_program(box, program, seeds).outcomes
            failed = outcomes["easy_wordle_program.second_game"]
            assert not failed.passed and "the words shown repeat" in details(failed)
            assert games.SAMPLES_REPLAY in details(failed)
            assert outcomes["easy_wordle_program.win"].passed
    assert outcomes_seen == {True, False}


def test_the_miss_probability_is_that_of_the_draws():
    # five words possible, five drawn with replacement: all different in 5!/5^5 of draws
    assert chosen_guesses.sample_miss_probability([5], "choices") == pytest.approx(120 / 5 ** 5)
    # from the six indexes 0..5, none 5 and all different
    assert chosen_guesses.sample_miss_probability([5], "past_end") == pytest.approx(120 / 6 ** 5)
    assert chosen_guesses.sample_miss_probability([1], "choices") == 1
    assert chosen_guesses.sample_miss_probability([1], "past_end") == pytest.approx(0.5)


def test_a_program_that_stops_before_printing_is_not_asked_for_its_answer_line():
    """A SyntaxError: the error is the whole story, not a missing 'Answer:' nor an empty
    'end of what your program printed'."""
    def run(stdin, seed):
        return RunResult(Status.RAISED, stdout="", exit_code=1,
                         detail="SyntaxError: invalid syntax (wordle.py, line 97)",
                         stderr="Traceback (most recent call last):\nSyntaxError: invalid syntax\n")
    box = FakeBox({}, {program.module: run for program in T.PROGRAMS})
    outcomes = T.test_program(box, T.WORDLE, SEEDS).outcomes
    text = details(outcomes["wordle_program.loss"])
    assert "SyntaxError: invalid syntax (wordle.py, line 97)" in text
    assert "Answer: SECRET" not in text and "end of what your program printed" not in text


def test_a_program_that_ends_without_printing_is_told_so():
    box = program_box(edit=lambda text: "")
    text = details(T.test_program(box, T.WORDLE, SEEDS).outcomes["wordle_program.loss"])
    assert "the program printed nothing" in text and "end of what your program printed" not in text


def test_letters_as_a_list_answer_as_print_shows_them_and_other_wrong_types_not_at_all():
    yes_letters = assignment.FUNCTIONS["yes_letters"]
    assert own_functions.as_answer(yes_letters, "DR") == "DR"
    assert own_functions.as_answer(yes_letters, ["D", "R"]) == "['D', 'R']"
    assert own_functions.as_answer(yes_letters, ("D",)) == "('D',)"
    for value in (["D", 1], ("D", ["R"]), {"D": 1}, None, 7):
        assert own_functions.as_answer(yes_letters, value) is None
    filter_word_list = assignment.FUNCTIONS["filter_word_list"]
    assert own_functions.as_answer(filter_word_list, "crane") is None


def test_a_call_that_stops_one_game_leaves_the_next_game_s_calls_made():
    """A check_word that loops on one call: the game making it makes none of its later calls,
    but the next game's calls are made, so which game comes first (a draw) decides nothing
    (cw_loops_on_repeats scored 27, not 31, under one seed: a later game went unjudged)."""
    from grader.checks.transcripts.own_functions import NoAnswer, OwnFunctions
    secret = "CRANE"

    class LoopingBox(FakeBox):
        def call(self, module, function, args, **options):
            if function == "check_word" and args[1] == "BOOKS":
                self.calls.append((function, args))
                return CallResult(Status.TIMEOUT, detail="went over its CPU time limit",
                                  cpu_seconds=0.5)
            return super().call(module, function, args, **options)

    tested = function_runner.FunctionTestRun({"check_word.official": Outcome(False)},
                                             {"check_word": {}})
    own = OwnFunctions(LoopingBox(dict(reference_functions())), tested, SEEDS.number)
    own.fetch("check_word", [[secret, "SLATE"], [secret, "BOOKS"], [secret, "PIOUS"]], 0.5)
    assert own.answers[("check_word", function_runner.call_key([secret, "PIOUS"]))].status \
        == own_functions.NOT_CALLED
    own.fetch("check_word", [[secret, "TRACE"], [secret, "CRANE"]], 0.5)
    for guess in ("TRACE", "CRANE"):
        answer = own.answers[("check_word", function_runner.call_key([secret, guess]))]
        assert not isinstance(answer, NoAnswer) and answer == RIGHT_CHECK_WORD(secret, guess)
