"""The corpus's manifest (submissions/expected.json): for each submission folder its score and
each test that must fail with a phrase its explanation must contain, graded with CORPUS_SEED
(test_corpus.py checks it; other tests and benchmarks/corpus_under_load.py hold gradings to
it)."""
import json
import pathlib

SUBMISSIONS = pathlib.Path(__file__).resolve().parent / "submissions"
MANIFEST = json.loads((SUBMISSIONS / "expected.json").read_text())["submissions"]
# The manifest's gradings use one seed, so the phrases that name a secret or a line hold; that a
# submission fails the same tests whatever the seed is test_key_invariance's and test_stability's.
CORPUS_SEED = 1913
