"""The statement table drives the lexer, the parser and the compiler: each entry must
be complete for all three."""
from dataclasses import fields

import pytest

from atari.basic import lexer, parser
from atari.basic.statement_table import (CUSTOM_SHAPES, IMPLIED_LET, STATEMENT_NAMES,
                                         STATEMENTS, SYNTAX_ERROR)
from atari.basic.statements import StatementCompiler


def test_tokens_follow_the_source_books_statement_table():
    # SNTAB order, Atari BASIC Source Book; 0x36 and 0x37 follow the named statements
    assert STATEMENT_NAMES[:12] == ("REM", "DATA", "INPUT", "COLOR", "LIST", "ENTER", "LET",
                                    "IF", "FOR", "NEXT", "GOTO", "GO TO")
    assert STATEMENT_NAMES[-3:] == ("LPRINT", "CSAVE", "CLOAD") and len(STATEMENT_NAMES) == 0x36
    assert (IMPLIED_LET, SYNTAX_ERROR) == (0x36, 0x37)


@pytest.mark.parametrize("spec", STATEMENTS, ids=lambda spec: spec.name or "implied LET")
def test_every_shape_is_known_to_the_tokenizer_and_the_parser(spec):
    node_fields = [field.name for field in fields(spec.node)][1:]     # after token
    if spec.shape in CUSTOM_SHAPES:
        assert spec.shape == "text" or (spec.shape in lexer._CUSTOM_RULES
                                        and spec.shape in parser._CUSTOM_PARSERS)
        return
    for piece in spec.pieces:
        assert piece.rstrip("?") in lexer._PIECES and piece.rstrip("?") in parser._PIECES
    assert len(spec.pieces) == len(node_fields), (spec.pieces, node_fields)


@pytest.mark.parametrize("spec", STATEMENTS, ids=lambda spec: spec.name or "implied LET")
def test_every_statement_names_a_method_of_the_compiler(spec):
    assert callable(vars(StatementCompiler).get(spec.method)), spec.method
