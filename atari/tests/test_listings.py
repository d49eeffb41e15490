"""The rebuilt listings of WORDLE and 2048: format, contest limits, and the data inside them."""

import re

import pytest

from atari.atascii import EOL as ATASCII_EOL
from atari.listings import PROGRAM_NAMES, listing_lines, listing_path
from atari.listings import rebuild
from atari.listings.dictionary import DictionaryError, pack, q_string_from_listing, unpack

CONTEST_LINE_LIMIT = 80  # PUR-80: each logical line at most 80 characters as typed

# The dictionary as the author's encoder prints it (seed, "Encoding", line 20).
ENCODER_TEXT = ("NINJABACKEBABADGEAGLEKINGAFFELFINEIGHEDGELIDEMAILABELADENICHEMBEDANCEMCEENEMABIDELOPEPOCHE"
                "LLOAKENOMADECALAPELEACHIPPOFFALEGALIBELILACABALIMBOMEGABLEDENIMADAMAFIAGINGAMMAHEADINGOCEANIECEA")


@pytest.mark.parametrize("name", PROGRAM_NAMES)
def test_listing_has_lines_0_to_9_within_80_characters(name):
    lines = listing_lines(name)
    assert [int(re.match(rb"\d+", line).group()) for line in lines] == list(range(10))
    assert all(len(line) <= CONTEST_LINE_LIMIT for line in lines), [len(line) for line in lines]


@pytest.mark.parametrize("name", PROGRAM_NAMES)
def test_lst_ends_every_line_with_atascii_eol_and_txt_has_the_same_lines(name):
    lst = listing_path(name).read_bytes()
    txt = listing_path(name, ".LST.TXT").read_bytes()
    assert lst.endswith(bytes([ATASCII_EOL])) and b"\n" not in lst
    assert txt.endswith(b"\n") and bytes([ATASCII_EOL]) not in txt
    assert txt.split(b"\n")[:-1] == lst.split(bytes([ATASCII_EOL]))[:-1]


def test_committed_files_match_their_readable_sources():
    assert rebuild.main(["--check"]) == 0


def test_wordle_q_string_is_the_encoder_text_packed_in_three_pieces():
    lines = listing_lines("WORDLE")
    q_string = q_string_from_listing(lines)
    expected = bytes((ord(ENCODER_TEXT[i]) - 65) * 16 + ord(ENCODER_TEXT[i + 1]) - 65
                     for i in range(0, len(ENCODER_TEXT), 2))
    assert q_string == expected and len(q_string) == 93
    assert lines[1].endswith(q_string[:70]) and len(lines[1]) == 80
    assert list(q_string[70:77]) == [236, 70, 1, 180, 52, 216, 192]
    assert lines[8].endswith(b'Q$(78)="' + q_string[77:]) and len(lines[8]) == 80
    assert 34 not in q_string and ATASCII_EOL not in q_string and 10 not in q_string


def test_wordle_dictionary_decodes_to_46_chained_words():
    words = unpack(q_string_from_listing(listing_lines("WORDLE")), 46)
    assert len(set(words)) == 46
    assert words[:3] == ["NINJA", "ABACK", "KEBAB"] and words[-2:] == ["OCEAN", "NIECE"]
    assert all(word.isalpha() and set(word) <= set("ABCDEFGHIJKLMNOP") for word in words)
    assert all(word[0] == previous[-1] for previous, word in zip(words, words[1:]))


def test_wordle_first_game_only_sees_the_first_34_words():
    """Line 1 alone (N=34) must decode the first 34 words: word 33 ends inside byte 70."""
    line_1_only = q_string_from_listing(listing_lines("WORDLE")[:2])
    assert len(line_1_only) == 70
    assert unpack(line_1_only, 34) == unpack(q_string_from_listing(listing_lines("WORDLE")), 34)


def test_wordle_grey_boxes_and_cleared_word_area():
    lines = listing_lines("WORDLE")
    assert b'?#6;"' + bytes([0x80]) * 5 + b'"' in lines[4]
    assert b'?#6;"     ":' in lines[8]


def test_pack_refuses_words_that_break_the_chain_or_the_alphabet():
    with pytest.raises(DictionaryError):
        pack(["NINJA", "BACON"])
    with pytest.raises(DictionaryError):
        pack(["NINJA", "AZURE"])


def test_b2048_coloured_title_score_and_trailing_space():
    lines = listing_lines("B2048")
    assert b'?#6;"2\xb0\x14\x98",,,," score\xba ";A,,,' in lines[2]
    assert lines[5].endswith(b"THENG.9 ")
    assert all(byte < 0x80 for number, line in enumerate(lines) if number != 2 for byte in line)


def b2048_data_values():
    """Every DATA value of B2048 in READ order."""
    values = []
    for line in listing_lines("B2048"):
        data = re.search(rb":D\.([-\d,]+)$", line)
        if data:
            values += [int(value) for value in data.group(1).split(b",")]
    return values


def test_b2048_data_has_board_and_joystick_table():
    values = b2048_data_values()
    assert len(values) == 47
    assert values[:16] == [0] * 16
    joystick = dict(zip(range(5, 16), values[16:27]))
    moves = {14: 0, 11: 1, 7: 2, 13: 3}  # up, left, right, down
    assert joystick == {stick: moves.get(stick, 4) for stick in range(5, 16)}


@pytest.mark.parametrize("move, edge", [(0, "top"), (1, "left"), (2, "right"), (3, "bottom")])
def test_b2048_direction_tables_sweep_every_row_from_the_target_edge(move, edge):
    """Walk the S/D/E/R/X tables as lines 5 and 9 do: each sweep starts at the edge, all 16 cells once."""
    values = b2048_data_values()
    start, delta, end, row_step, exit_index = (values[offset + move] for offset in (27, 31, 35, 39, 43))
    sweeps = []
    while True:
        sweeps.append(list(range(start, end + delta, delta)))
        start, end = start + row_step, end + row_step
        if end == exit_index:
            break
        assert len(sweeps) < 4
    assert sorted(cell for sweep in sweeps for cell in sweep) == list(range(16))
    edge_cells = {"top": range(0, 4), "bottom": range(12, 16), "left": range(0, 16, 4), "right": range(3, 16, 4)}
    assert sorted(sweep[0] for sweep in sweeps) == list(edge_cells[edge])
    assert all(len(sweep) == 4 for sweep in sweeps)


# Statement tokens in Atari BASIC's table order (the Atari BASIC Source Book), for reading .BAS files.
STATEMENT_NAMES = ("REM DATA INPUT COLOR LIST ENTER LET IF FOR NEXT GOTO GO_TO GOSUB TRAP BYE CONT COM CLOSE "
                   "CLR DEG DIM END NEW OPEN LOAD SAVE STATUS NOTE POINT XIO ON POKE PRINT RAD READ RESTORE "
                   "RETURN RUN STOP POP ? GET PUT GRAPHICS PLOT POSITION DOS DRAWTO SETCOLOR LOCATE SOUND "
                   "LPRINT CSAVE CLOAD IMPLIED_LET SYNTAX_ERROR").split()
IMMEDIATE_LINE = 32768
HEADER_WORDS = ("LOMEM", "VNTP", "VNTD", "VVTP", "STMTAB", "STMCUR", "STARP")


def read_saved_program(data):
    """(header, variable names, lines) of a SAVEd program; lines as (number, [statement token names])."""
    header = dict(zip(HEADER_WORDS, (int.from_bytes(data[i:i + 2], "little") for i in range(0, 14, 2))))
    body = data[14:]

    def at(address):
        return address - header["VNTP"]

    names, name = [], ""
    for byte in body[at(header["VNTP"]):at(header["VNTD"])]:
        name += chr(byte & 0x7F)
        if byte & 0x80:
            names.append(name)
            name = ""
    lines = []
    position = at(header["STMTAB"])
    while position < at(header["STARP"]):
        number = int.from_bytes(body[position:position + 2], "little")
        length = body[position + 2]
        statements, offset = [], 3
        while offset < length:
            statements.append(STATEMENT_NAMES[body[position + offset + 1]])
            next_offset = body[position + offset]
            assert offset < next_offset <= length
            offset = next_offset
        lines.append((number, statements))
        position += length
    assert position == at(header["STARP"])
    return header, names, lines


@pytest.mark.parametrize("name", PROGRAM_NAMES)
def test_bas_lists_back_to_the_listing(name):
    from atari.basic import detokenize, list_program, load_program

    from_listing = list_program(load_program(listing_path(name).read_bytes()))
    assert list_program(detokenize(listing_path(name, ".BAS").read_bytes())) == from_listing
    assert from_listing.startswith("0 DIM ")


@pytest.mark.parametrize("name, variables, line_0_statements", [
    ("WORDLE", "Q$ W$ N E S I W J H Y R C Z K V G M O",
     ["DIM", "GRAPHICS", "SETCOLOR", "SETCOLOR", "SETCOLOR", "SETCOLOR", "OPEN"]),
    ("B2048", "Q( S$ I X G W R N A Y D S E M J P C T",
     ["DIM", "IMPLIED_LET", "GRAPHICS", "FOR", "READ", "IMPLIED_LET", "NEXT", "IMPLIED_LET", "IMPLIED_LET",
      "SETCOLOR"]),
])
def test_bas_has_the_layout_load_expects(name, variables, line_0_statements):
    """Header of 7 offsets from LOMEM, name table, 8-byte value table, lines 0..9, then the immediate line."""
    data = listing_path(name, ".BAS").read_bytes()
    header, names, lines = read_saved_program(data)
    assert header["LOMEM"] == 0 and header["VNTP"] == 256       # the 256-byte token buffer sits at LOMEM
    assert data[14 + header["VNTD"] - header["VNTP"]] == 0 and header["VVTP"] == header["VNTD"] + 1
    assert header["STMTAB"] - header["VVTP"] == 8 * len(names)
    assert len(data) == 14 + header["STARP"] - header["VNTP"]
    assert names == variables.split()
    assert [number for number, _ in lines] == list(range(10)) + [IMMEDIATE_LINE]
    immediate_line = 14 + header["STMCUR"] - header["VNTP"]   # STMCUR: the immediate line, last before STARP
    assert data[immediate_line:immediate_line + 2] == IMMEDIATE_LINE.to_bytes(2, "little")
    assert header["STMCUR"] + data[immediate_line + 2] == header["STARP"]
    assert lines[0][1] == line_0_statements


def test_wordle_bas_keeps_q_string_bytes_verbatim():
    q_string = q_string_from_listing(listing_lines("WORDLE"))
    data = listing_path("WORDLE", ".BAS").read_bytes()
    assert bytes([0x0F, 70]) + q_string[:70] in data
    assert bytes([0x0F, 7]) + q_string[70:77] in data and bytes([0x0F, 16]) + q_string[77:] in data


def test_rebuild_reports_a_bad_source_without_a_traceback(tmp_path, monkeypatch, capsys):
    (tmp_path / "WORDLE.txt").write_text('0?"{dictionary 90-99}\n')
    (tmp_path / "B2048.txt").write_text('0?"{ZZ}\n')
    monkeypatch.setattr(rebuild, "SOURCE_DIR", tmp_path)
    assert rebuild.main(["--check"]) == 2
    assert "dictionary has bytes 1-93" in capsys.readouterr().err
