"""atari.rules2048: the kit's 2048 rules, as the seed's description of the game states them."""

import pytest

from atari.rules2048 import empty_cells, lines_toward, move, slide_line

# The seed's examples of moves to the right, one row each.
SEED_EXAMPLES = {
    (0, 0, 4, 4): (0, 0, 0, 8), (0, 4, 0, 4): (0, 0, 0, 8), (4, 0, 0, 4): (0, 0, 0, 8),
    (4, 0, 4, 0): (0, 0, 0, 8), (4, 4, 0, 0): (0, 0, 0, 8),
    (0, 4, 4, 4): (0, 0, 4, 8), (4, 4, 0, 4): (0, 0, 4, 8), (4, 0, 4, 4): (0, 0, 4, 8),
    (4, 4, 4, 0): (0, 0, 4, 8),
    (4, 4, 4, 4): (0, 0, 8, 8), (8, 0, 4, 4): (0, 0, 8, 8), (8, 4, 0, 4): (0, 0, 8, 8),
    (8, 4, 4, 0): (0, 0, 8, 8), (0, 4, 4, 8): (0, 0, 8, 8), (4, 0, 4, 8): (0, 0, 8, 8),
    (4, 4, 0, 8): (0, 0, 8, 8),
}


@pytest.mark.parametrize("row, expected", SEED_EXAMPLES.items())
def test_moves_to_the_right_as_the_seed_states(row, expected):
    board, _ = move(list(row) + [0] * 12, "right")
    assert tuple(board[:4]) == expected and board[4:] == [0] * 12


def test_every_direction_slides_toward_its_edge():
    board = [0, 2, 0, 2,
             0, 0, 0, 0,
             4, 0, 0, 0,
             4, 0, 0, 8]
    assert move(board, "left") == ([4, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 4, 8, 0, 0], 4)
    assert move(board, "up") == ([8, 2, 0, 2, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0], 8)
    assert move(board, "down") == ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 8, 2, 0, 8], 8)


def test_a_merged_tile_does_not_merge_again_and_the_score_adds_merged_values():
    assert slide_line([2, 2, 4, 8]) == ([4, 4, 8, 0], 4)
    assert slide_line([4, 4, 8, 16]) == ([8, 8, 16, 0], 8)
    assert slide_line([2, 2, 2, 2]) == ([4, 4, 0, 0], 8)


def test_a_move_that_changes_nothing_scores_nothing():
    board = [2, 4, 8, 16] + [0] * 12
    assert move(board, "left") == (board, 0) and move(board, "up") == (board, 0)


def test_empty_cells_and_directions():
    assert empty_cells([2, 0, 4, 0] + [8] * 12) == [1, 3]
    assert lines_toward("right")[0] == [3, 2, 1, 0] and lines_toward("down")[0] == [12, 8, 4, 0]
    with pytest.raises(ValueError):
        lines_toward("sideways")
