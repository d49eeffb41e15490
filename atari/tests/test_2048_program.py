"""B2048.LST played through the whole kit (`python -m atari run --stick --rnd --dump`).

Each scripted game is checked against a model of 2048 as the program plays it: tiles slide
and merge as atari.rules2048 says (toward the stick's edge, each pair merging once, nearest
the edge first); after a move that changed the board line 1 draws R=2+INT(RND*1.1)*2 and
I=RND*16 (rounded to the nearest cell by Q(I)) until it hits an empty cell.
"""

import re

import pytest

from atari import rules2048
from atari.listings.scripted_run import run_scripted

DIRECTION_OF_STICK = {"U": "up", "D": "down", "L": "left", "R": "right"}


def atari_round(value):
    """Atari BASIC's float-to-integer conversion: to the nearest, halves up."""
    return int(value + 0.5)


def place_tiles(board, count, rnd):
    """Line 1: draw value and cell pairs from RND until COUNT tiles landed on empty cells."""
    while count:
        value = 2 + int(next(rnd) * 1.1) * 2
        cell = atari_round(next(rnd) * 16)
        if cell < 16 and board[cell] == 0:
            board[cell] = value
            count -= 1


def model_game(moves, rnd_values):
    """The board and score after the start and after each move, as the program should show them."""
    rnd = iter(rnd_values)
    board, score = [0] * 16, 0
    place_tiles(board, 2, rnd)
    states = [(list(board), score)]
    for move in moves:
        if move in DIRECTION_OF_STICK:
            new_board, points = rules2048.move(board, DIRECTION_OF_STICK[move])
            if new_board != board:
                board, score = new_board, score + points
                place_tiles(board, 1, rnd)
        states.append((list(board), score))
    return states


def screen_board_and_score(dump):
    """(16 cell values, score) read back from the screen text."""
    text = "".join(dump["text"])
    found = re.search(r"score", text, re.IGNORECASE)
    assert found, text
    numbers = [int(number) for number in re.findall(r"\d+", text[found.end():])]
    return numbers[1:17], numbers[0]


# The start draws a 2 at RND*16 = 2.72, which rounds up to cell 3, then a 4 at cell 12. Later
# draws hit the off-board I=16 (0.99*16 rounds to 16) and an occupied cell, which line 1 skips.
RND = [0.10, 0.17, 0.95, 0.75, 0.30, 0.80, 0.20, 0.99, 0.40, 0.0, 0.93, 0.20, 0.50, 0.45,
       0.05, 0.30, 0.60, 0.62, 0.15, 0.33, 0.70, 0.90, 0.25, 0.58, 0.85, 0.12,
       0.35, 0.05, 0.45, 0.68, 0.55, 0.27, 0.65, 0.93, 0.75, 0.40, 0.22, 0.51]
MOVES = "RCRRUUURLL"  # C: centred stick, no move; one of the U moves changes nothing


def test_script_exercises_skipped_draws_a_no_op_move_and_merges():
    """Guards the script itself: every RND value comes from it, and the cases worth testing occur."""
    states = model_game(MOVES, RND)  # StopIteration if the script would run out
    assert sum(1 for i, move in enumerate(MOVES) if move != "C" and states[i] == states[i + 1]) >= 1
    assert sum(1 for i in range(len(MOVES)) if states[i + 1][1] > states[i][1]) >= 3
    assert states[0][0][3] == 2 and states[0][0][12] == 4


@pytest.mark.parametrize("move_count", range(len(MOVES) + 1))
def test_board_and_score_after_each_move(move_count):
    expected_board, expected_score = model_game(MOVES, RND)[move_count]
    dump = run_scripted("B2048", stick=MOVES[:move_count], rnd=RND)
    variables = dump["variables"]
    assert [int(value) for value in variables["Q("][:16]] == expected_board
    assert variables.get("A", 0) == expected_score
    assert screen_board_and_score(dump) == (expected_board, expected_score)


def test_colours_before_2048():
    """Line 2 with W=1: SETCOLOR 0,1,4 / 1,1,12 / 2,1,8 / 3,3,8 and line 0's SETCOLOR 4,0,15."""
    dump = run_scripted("B2048", rnd=RND)
    assert dump["colors"] == [0x14, 0x1C, 0x18, 0x38, 0x0F]
