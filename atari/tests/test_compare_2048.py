"""python -m atari compare 2048: B2048.LST's own screens against atari.rules2048."""

import json
import subprocess
import sys

import pytest

from atari.cli import main
from atari.compare import compare2048
from atari.compare.compare2048 import PROGRAM_FOUR_CHANCE, check_move, run_comparison
from atari.compare.play2048 import Session2048, Shown, Step
from atari.listings import load_listing
from atari.rules2048 import FOUR_CHANCE, lines_toward

BOARD = (2, 2, 4, 0,
         0, 0, 0, 0,
         8, 0, 8, 16,
         0, 0, 0, 0)
LEFT = ([4, 4, 0, 0, 0, 0, 0, 0, 16, 16, 0, 0, 0, 0, 0, 0], 20)


def test_a_set_position_is_moved_by_the_program_and_read_from_its_screen():
    shown, = Session2048(load_listing("B2048"), seed=7).play([Step("left", BOARD, 1000)])
    rules_board, points = LEFT
    assert shown.score == 1000 + points
    new_cells = [cell for cell in range(16) if shown.board[cell] != rules_board[cell]]
    assert len(new_cells) == 1 and rules_board[new_cells[0]] == 0 and shown.board[new_cells[0]] in (2, 4)


def _shown(board, score):
    return Shown(tuple(board), score)


@pytest.mark.parametrize("board, score, differs_in", [
    (LEFT[0][:3] + [2] + LEFT[0][4:], 1020, []),                    # the rules' board and one new 2
    (LEFT[0], 1020, ["new tile"]),                                   # no tile after a real move
    (LEFT[0][:3] + [2, 2] + LEFT[0][5:], 1020, ["board"]),           # two new tiles
    ([8, 0, 0, 2] + LEFT[0][4:], 1020, ["board"]),                   # merged twice
    (LEFT[0][:3] + [4] + LEFT[0][4:], 1000, ["score"]),
])
def test_check_move_names_what_differs(board, score, differs_in):
    check = check_move(Step("left", BOARD, 1000), _shown(board, score))
    assert check.differs_in == differs_in and check.rules_board == LEFT[0] and check.changed


def test_a_tile_after_a_move_that_changes_nothing_is_a_difference():
    still = (2, 4, 0, 0) + (0,) * 12
    assert check_move(Step("left", still, 0), _shown(still, 0)).differs_in == []
    assert check_move(Step("left", still, 0), _shown((2, 4, 2, 0) + (0,) * 12, 0)).differs_in == ["new tile"]


def test_the_program_moves_as_the_rules_say():
    figures = run_comparison(runs=2, moves=60, placements=0, fills=0, examples=3)
    assert figures["moves_compared"] == 120 and figures["moves_differing"] == 0
    assert figures["moves_that_change_nothing"] > 10 and figures["moves_that_change_the_board"] > 60
    assert figures["tiles_after_moves_that_change_the_board"] == figures["moves_that_change_the_board"]
    assert figures["tiles_after_moves_that_change_nothing"] == 0


def test_the_comparison_catches_rules_the_program_does_not_follow(monkeypatch):
    def slide_without_merging(board, direction):
        moved = list(board)
        for cells in lines_toward(direction):
            tiles = [board[cell] for cell in cells if board[cell]]
            for cell, value in zip(cells, tiles + [0] * (len(cells) - len(tiles))):
                moved[cell] = value
        return moved, 0
    monkeypatch.setattr(compare2048, "move", slide_without_merging)
    figures = run_comparison(runs=1, moves=40, placements=0, fills=0, examples=2)
    assert 0 < figures["moves_differing"] < 40
    assert {"board", "score"} <= set(figures["moves_differing_by_kind"])
    assert len(figures["examples"]) == 2 and "score" in figures["examples"][0]["differs_in"]
    report = "\n".join(compare2048.report_lines(figures))
    assert "before" in report and "rules2048" in report and "B2048.LST screen" in report


def test_a_16384_tile_stops_the_program():
    largest = compare2048.largest_tile_figures(load_listing("B2048"))
    assert largest["rules_board"][0] == 16384
    assert largest["program_stops_with"] == "ERROR-  5 AT LINE 3"


def test_tile_statistics_on_a_reduced_size_stay_within_their_bounds():
    """1,000 placements and 4,800 tile values: too few to show the program's differences
    from the usual rules, and the report must not claim them; line 1's arithmetic fits."""
    figures = run_comparison(runs=2, moves=0, placements=500, fills=15, examples=0)
    placements, values = figures["placements"], figures["values"]
    assert placements["tiles"] == 1000 and sum(placements["by_cell"]) == 1000
    assert not placements["line_1_arithmetic"]["real_difference"]
    assert values["tiles"] == 1000 + 2 * 15 * 16 and values["other_values"] == {}
    low, high = values["four_share_interval"]
    assert low < PROGRAM_FOUR_CHANCE < high and low < FOUR_CHANCE < high
    assert not values["usual_rules"]["real_difference"] and not values["line_1_arithmetic"]["real_difference"]
    text = "\n".join(compare2048.report_lines(figures))
    assert "no difference shown" in text and "a real difference" not in text


def test_enough_fills_show_fours_are_one_in_eleven_not_one_in_ten():
    """22,400 tile values (seeds 1 and 2): the usual one in ten is rejected, one in eleven is not."""
    values = run_comparison(runs=2, moves=0, placements=0, fills=700, examples=0)["values"]
    assert values["tiles"] == 22_400
    assert values["usual_rules"]["real_difference"] and values["usual_rules"]["p_value"] < 0.001
    assert not values["line_1_arithmetic"]["real_difference"]
    low, high = values["four_share_interval"]
    assert low < PROGRAM_FOUR_CHANCE < high < FOUR_CHANCE


def test_command_reports_and_writes_json(tmp_path, capsys):
    path = tmp_path / "figures.json"
    assert main(["compare", "2048", "--runs", "1", "--moves", "10", "--placements", "5", "--fills", "2",
                 "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 seeded run, 17 moves" in out and "Moves that differ from the rules" in out
    figures = json.loads(path.read_text())
    assert figures["moves_compared"] == 10 and figures["placements"]["tiles"] == 5


@pytest.mark.parametrize("arguments", [["--runs", "0"], ["--moves", "-3"], ["--fills", "many"]])
def test_bad_option_values_are_usage_errors(capsys, arguments):
    with pytest.raises(SystemExit) as leaving:
        main(["compare", "2048"] + arguments)
    assert leaving.value.code == 2 and "usage:" in capsys.readouterr().err


def test_unwritable_json_exits_2(capsys):
    assert main(["compare", "2048", "--runs", "1", "--json", "/no/such/folder/x.json"]) == 2
    assert "compare 2048: cannot write /no/such/folder/x.json: there is no folder /no/such/folder" in capsys.readouterr().err


def test_a_pipe_closed_early_ends_without_a_traceback():
    process = subprocess.Popen([sys.executable, "-m", "atari", "compare", "2048", "--runs", "1", "--moves", "20",
                                "--placements", "0", "--fills", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # before the report is written
    _, errors = process.communicate(timeout=60)
    assert process.returncode == 1 and b"Traceback" not in errors


@pytest.mark.parametrize("score", [-6000, -20])
def test_a_score_below_0_is_read(score):
    """An edited B2048.LST's score can go below 0 (SCORE: -5221): read any number PRINT shows."""
    shown, = Session2048(load_listing("B2048"), seed=7).play([Step("left", BOARD, score)])
    assert shown.score == score + LEFT[1]
