"""`python -m atari compare 2048`: B2048.LST's own screens against atari.rules2048.

Each seeded run of the program makes three kinds of move:
- compared moves: a random board and score are set, a random direction pushed, and the
  board, score and new tile on the screen are held against rules2048.move;
- placement probes: an empty board, G=1 (nothing slides on an empty board, so G stays 1
  and line 1 places exactly one tile): where that tile lands, every cell empty;
- fills: an empty board and G=16: line 1 fills the board, 16 tile values at once.
The usual rules (any empty cell equally likely, a 4 one time in ten) are tested against
the placements and the values with Pearson's chi-square and an exact binomial test.
"""

import random
import time
from collections import Counter
from dataclasses import dataclass

from atari.listings import load_listing
from atari.rules2048 import CELLS, DIRECTIONS, FOUR_CHANCE, NEW_TILE_VALUES, SIZE, move

from .play2048 import Session2048, Step, error_of
from .stats import SIGNIFICANCE, binomial_p_value, chi_square_test, wilson_interval

DEFAULT_RUNS = 20
DEFAULT_MOVES = 250        # compared moves per run
DEFAULT_PLACEMENTS = 200   # placement probes per run
DEFAULT_FILLS = 50         # fills per run
LARGEST_RANDOM_EXPONENT = 11   # tiles up to 2048: pre-sliding and the move itself stay below 16384
MAX_RANDOM_SCORE = 100_000
PRE_SLID_SHARE = 0.25
# What line 1 does, read from the program: R=2+INT(RND(0)*1.1)*2 is a 4 when RND >= 1/1.1;
# I=RND(0)*16 indexes Q(I) rounded to the nearest, so cell 0 gets [0, 0.5), cells 1..15 a
# width of 1, and [15.5, 16) picks Q(16) (never 0: a draw again).
PROGRAM_FOUR_CHANCE = 1 / 11
PROGRAM_CELL_WEIGHTS = [0.5] + [1.0] * (CELLS - 1)


def random_board(rng, direction):
    """A board with a random share of its cells filled from a few neighbouring powers of 2,
    so that moves slide and merge often; one time in four already slid toward `direction`,
    so that many moves change nothing or only merge."""
    top = rng.randint(1, LARGEST_RANDOM_EXPONENT)
    filled = rng.uniform(0.2, 1.0)
    board = [2 ** rng.randint(max(1, top - 3), top) if rng.random() < filled else 0 for _ in range(CELLS)]
    if rng.random() < PRE_SLID_SHARE:
        board = move(board, direction)[0]
    return tuple(board)


def plan_run(seed, moves, placements, fills):
    """The steps of one run: compared moves, then placement probes, then fills."""
    rng = random.Random(f"boards {seed}")
    empty = (0,) * CELLS
    steps = []
    for _ in range(moves):
        direction = rng.choice(DIRECTIONS)
        steps.append(Step(direction, random_board(rng, direction), rng.randrange(MAX_RANDOM_SCORE)))
    steps += [Step(rng.choice(DIRECTIONS), empty, None, 1) for _ in range(placements)]
    steps += [Step(rng.choice(DIRECTIONS), empty, None, CELLS) for _ in range(fills)]
    return steps


@dataclass(frozen=True)
class MoveCheck:
    """A compared move: what the rules give, whether a tile appeared on the screen (its
    cell and value), and what differs: "board", "new tile" and/or "score"."""
    rules_board: list
    rules_score: int
    changed: bool
    new_tile: tuple
    differs_in: list


def check_move(step, shown):
    """The screen after a compared move held against rules2048.move."""
    expected, points = move(step.board, step.direction)
    changed = expected != list(step.board)
    new_cells = [cell for cell in range(CELLS) if shown.board[cell] != expected[cell]]
    new_tile = None
    if len(new_cells) == 1 and expected[new_cells[0]] == 0 and shown.board[new_cells[0]] in NEW_TILE_VALUES:
        new_tile = (new_cells[0], shown.board[new_cells[0]])
    differs_in = []
    if new_cells and new_tile is None:
        differs_in.append("board")  # more than one new tile, or tiles the rules do not have
    elif (new_tile is not None) != changed:
        differs_in.append("new tile")
    if shown.score != step.score + points:
        differs_in.append("score")
    return MoveCheck(expected, step.score + points, changed, new_tile, differs_in)


def run_comparison(runs, moves, placements, fills, examples, progress=None):
    """Play `runs` seeded runs and compare; the figures as a dict."""
    started = time.perf_counter()
    program = load_listing("B2048")
    kinds, differing, example_moves = Counter(), 0, []
    tiles_after = {True: 0, False: 0}
    moves_by_change = {True: 0, False: 0}
    cell_counts = [0] * CELLS
    values = Counter()
    for seed in range(1, runs + 1):
        steps = plan_run(seed, moves, placements, fills)
        outcomes = Session2048(program, seed, progress).play(steps)
        for step, shown in zip(steps, outcomes):
            if step.tiles_to_place is not None:
                tiles = [(cell, value) for cell, value in enumerate(shown.board) if value]
                values.update(value for _, value in tiles)
                if step.tiles_to_place == 1 and len(tiles) == 1:
                    cell_counts[tiles[0][0]] += 1
                continue
            check = check_move(step, shown)
            moves_by_change[check.changed] += 1
            if check.new_tile:
                tiles_after[check.changed] += 1
                values[check.new_tile[1]] += 1
            if check.differs_in:
                differing += 1
                kinds.update(check.differs_in)
                if len(example_moves) < examples:
                    example_moves.append({"seed": seed, "direction": step.direction, "board": list(step.board),
                                          "score": step.score, "rules_board": check.rules_board,
                                          "rules_score": check.rules_score, "screen_board": list(shown.board),
                                          "screen_score": shown.score, "differs_in": check.differs_in})
    figures = {
        "program": "atari/listings/B2048.LST",
        "runs": runs,
        "moves_made": expected_moves(runs, moves, placements, fills),
        "moves_compared": runs * moves,
        "moves_that_change_the_board": moves_by_change[True],
        "moves_that_change_nothing": moves_by_change[False],
        "tiles_after_moves_that_change_the_board": tiles_after[True],
        "tiles_after_moves_that_change_nothing": tiles_after[False],
        "moves_differing": differing,
        "moves_differing_by_kind": dict(sorted(kinds.items())),
        "examples": example_moves,
        "placements": placement_figures(cell_counts),
        "values": value_figures(values, sources={"placement probes": runs * placements,
                                                 "fills": runs * fills * CELLS,
                                                 "after compared moves": tiles_after[True] + tiles_after[False]}),
        "largest_tile": largest_tile_figures(program),
    }
    figures["seconds"] = round(time.perf_counter() - started, 2)
    return figures


def placement_figures(cell_counts):
    """Where single tiles landed on an empty board, against the usual rules and line 1's arithmetic."""
    total = sum(cell_counts)
    usual = [1 / CELLS] * CELLS
    program = [weight / sum(PROGRAM_CELL_WEIGHTS) for weight in PROGRAM_CELL_WEIGHTS]
    figures = {"tiles": total, "by_cell": cell_counts}
    if total:
        for name, shares in (("usual_rules", usual), ("line_1_arithmetic", program)):
            statistic, degrees, p_value = chi_square_test(cell_counts, shares)
            figures[name] = {"expected_shares": [round(share, 5) for share in shares], "chi_square": round(statistic, 2),
                             "degrees_of_freedom": degrees, "p_value": p_value, "real_difference": p_value < SIGNIFICANCE}
    return figures


def value_figures(values, sources):
    """How often a new tile was a 4, against the usual one in ten and line 1's one in eleven."""
    total, fours = sum(values.values()), values[4]
    figures = {"tiles": total, "fours": fours, "other_values": {str(value): count for value, count in values.items()
                                                                if value not in NEW_TILE_VALUES},
               "sources": sources}
    if total:
        low, high = wilson_interval(fours, total)
        figures["four_share"] = fours / total
        figures["four_share_interval"] = [low, high]
        for name, chance in (("usual_rules", FOUR_CHANCE), ("line_1_arithmetic", PROGRAM_FOUR_CHANCE)):
            p_value = binomial_p_value(fours, total, chance)
            figures[name] = {"four_chance": chance, "p_value": p_value, "real_difference": p_value < SIGNIFICANCE}
    return figures


def largest_tile_figures(program):
    """What happens when a move makes 16384: the rules go on, the program stops."""
    board = (8192, 8192) + (0,) * (CELLS - 2)
    return {"board": list(board), "direction": "left", "rules_board": move(board, "left")[0],
            "program_stops_with": error_of(program, Step("left", board, 0))}


def expected_moves(runs, moves, placements, fills):
    """How many moves a comparison makes (for the progress bar)."""
    return runs * (moves + placements + fills)


def report_lines(figures):
    """The comparison in words."""
    compared, differing = figures["moves_compared"], figures["moves_differing"]
    lines = [
        f"B2048.LST in the kit's interpreter against atari/rules2048.py: {figures['runs']} seeded "
        f"run{'s' if figures['runs'] != 1 else ''}, "
        f"{figures['moves_made']:,} moves in {figures['seconds']:.1f} s, boards and scores read from screen memory.",
        f"Compared moves (random board and score set, then a random direction): {compared:,} "
        f"({figures['moves_that_change_the_board']:,} change the board, {figures['moves_that_change_nothing']:,} "
        f"change nothing); a new tile appeared after {figures['tiles_after_moves_that_change_the_board']:,} of the "
        f"first and {figures['tiles_after_moves_that_change_nothing']:,} of the second.",
        f"Moves that differ from the rules (board, score or whether a tile appeared): {differing:,}"
        + (" (" + ", ".join(f"{kind}: {count}" for kind, count in figures["moves_differing_by_kind"].items()) + ")"
           if differing else "."),
    ]
    for example in figures["examples"]:
        lines += example_lines(example)
    largest = figures["largest_tile"]
    lines.append(f"A move that makes 16384 (8192 8192 to the left): the rules give {largest['rules_board'][0]}; "
                 f"the program stops: {largest['program_stops_with'] or 'no, it goes on'}"
                 + (" (line 3 pads each number to 5 characters with S$(1,5-LEN(STR$(N))), and S$(1,0) is an error)."
                    if largest["program_stops_with"] else "."))
    lines += _placement_lines(figures["placements"]) + _value_lines(figures["values"])
    return lines


def example_lines(example):
    """A differing move as three boards side by side: before, the rules' and the screen's."""
    boards = (example["board"], example["rules_board"], example["screen_board"])
    scores = (example["score"], example["rules_score"], example["screen_score"])
    width = max(len(str(value)) for board in boards for value in board) + 1
    column = width * SIZE + 3
    lines = [f"  run {example['seed']}, {example['direction']} (differs in {', '.join(example['differs_in'])}):",
             "    " + "".join(title.ljust(column) for title in ("before", "rules2048", "B2048.LST screen"))]
    for row in range(SIZE):
        lines.append("    " + "".join("".join(str(value).rjust(width) for value in board[row * SIZE:(row + 1) * SIZE])
                                      .ljust(column) for board in boards))
    lines.append("    " + "".join(f"score {score}".ljust(column) for score in scores))
    return [line.rstrip() for line in lines]


def _verdict(test):
    if test["real_difference"]:
        return f"p = {test['p_value']:.2g}: a real difference (p < {SIGNIFICANCE})"
    return f"p = {test['p_value']:.2g}: no difference shown (p >= {SIGNIFICANCE})"


def _placement_lines(placements):
    total = placements["tiles"]
    if not total:
        return ["Where new tiles land: not measured (no placement probes)."]
    counts = placements["by_cell"]
    usual, program = placements["usual_rules"], placements["line_1_arithmetic"]
    others = [count / total for count in counts[1:]]
    return [
        f"Where a new tile lands on an empty board ({total:,} placement probes): cell 0 (top left) "
        f"{100 * counts[0] / total:.1f}%, cells 1-15 {100 * min(others):.1f}% to {100 * max(others):.1f}%.",
        f"  usual rules (each cell 1/16 = 6.25%): chi-square {usual['chi_square']} with {usual['degrees_of_freedom']} "
        f"degrees of freedom, {_verdict(usual)}.",
        f"  line 1's arithmetic (I=RND(0)*16 rounded to the nearest cell: cell 0 half as likely, 1/31 = 3.2%): "
        f"chi-square {program['chi_square']}, {_verdict(program)}.",
    ]


def _value_lines(values):
    total = values["tiles"]
    if not total:
        return ["How often a 4 appears: not measured."]
    low, high = values["four_share_interval"]
    sources = ", ".join(f"{count:,} {source}" for source, count in values["sources"].items())
    lines = [
        f"How often a new tile is a 4: {values['fours']:,} of {total:,} tiles ({sources}): "
        f"{100 * values['four_share']:.2f}% (99.9% interval {100 * low:.2f}%-{100 * high:.2f}%).",
        f"  usual rules (1 in 10): exact binomial test, {_verdict(values['usual_rules'])}.",
        f"  line 1's arithmetic (R=2+INT(RND(0)*1.1)*2: 1 in 11 = 9.09%): {_verdict(values['line_1_arithmetic'])}.",
    ]
    if values["other_values"]:
        lines.append(f"  tiles other than 2 and 4: {values['other_values']}")
    return lines
