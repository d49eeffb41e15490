"""The corpus's manifest (submissions/expected.json): for each submission folder its score and
each test that must fail with a phrase its explanation must contain (test_corpus.py checks
it; other tests and benchmarks/corpus_under_load.py hold gradings to it)."""
import json
import pathlib

SUBMISSIONS = pathlib.Path(__file__).resolve().parent / "submissions"
MANIFEST = json.loads((SUBMISSIONS / "expected.json").read_text())["submissions"]
