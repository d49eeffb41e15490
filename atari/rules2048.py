"""The kit's rules of 2048, as the seed's description of the game states them.

The board is 16 numbers, row by row (cell = column + 4 * row), 0 for an empty cell.
A move slides every tile toward one edge; two equal tiles that meet merge into their sum,
nearest the edge first, and a merged tile does not merge again in the same move. The
score goes up by the value of each merged tile. After a move that changed the board, a
new tile appears on an empty cell, every empty cell equally likely: a 4 one time in ten,
otherwise a 2. A move that changes nothing adds no tile.
"""

SIZE = 4
CELLS = SIZE * SIZE
DIRECTIONS = ("up", "down", "left", "right")
NEW_TILE_VALUES = (2, 4)
FOUR_CHANCE = 0.1


def lines_toward(direction):
    """The cells of each row or column, starting at the edge the tiles move to."""
    if direction not in DIRECTIONS:
        raise ValueError(f"{direction!r} is not one of {', '.join(DIRECTIONS)}")
    if direction == "up":
        return [[column + SIZE * row for row in range(SIZE)] for column in range(SIZE)]
    if direction == "down":
        return [[column + SIZE * row for row in reversed(range(SIZE))] for column in range(SIZE)]
    if direction == "left":
        return [[column + SIZE * row for column in range(SIZE)] for row in range(SIZE)]
    return [[column + SIZE * row for column in reversed(range(SIZE))] for row in range(SIZE)]


def slide_line(values):
    """One line's values, first value at the edge: (the line after the move, points won).

    [4, 4, 4, 4] gives ([8, 8, 0, 0], 16): the two pairs nearest the edge merge, once each.
    """
    tiles = [value for value in values if value]
    result = []
    points = 0
    while tiles:
        if len(tiles) > 1 and tiles[0] == tiles[1]:
            result.append(tiles[0] * 2)
            points += tiles[0] * 2
            tiles = tiles[2:]
        else:
            result.append(tiles.pop(0))
    return result + [0] * (len(values) - len(result)), points


def move(board, direction):
    """(the board after sliding toward `direction`, the points the move scores)."""
    moved = list(board)
    points = 0
    for cells in lines_toward(direction):
        line, line_points = slide_line([board[cell] for cell in cells])
        for cell, value in zip(cells, line):
            moved[cell] = value
        points += line_points
    return moved, points


def empty_cells(board):
    """The cells a new tile may land on: each equally likely under these rules."""
    return [cell for cell, value in enumerate(board) if value == 0]
