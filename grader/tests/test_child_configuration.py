"""The child's configuration crosses the process boundary as JSON and comes back the same typed
object; a misspelt or unknown field fails loudly on either side."""
import pytest

from grader.sandbox.child.configuration import (ChildConfig, Ids, ImportRules, Jail, Seal,
                                                SealRequired)


def a_config():
    return ChildConfig("program", module="wordle", seed=3, limits={"RLIMIT_CPU": 2},
                       imports=ImportRules(["math"], ["words"]),
                       seal=Seal(read=["/box"], list=[], execute=[], write=["/tmp"],
                                 require=SealRequired(seccomp=True, landlock=3)),
                       jail=Jail("/root", 1000, 1000, 1 << 20, 64, ["/usr"], user_namespace=True,
                                 outer=Ids(1_200_001, 1_200_001)))


def test_the_configuration_comes_back_from_json_as_it_went():
    config = a_config()
    back = ChildConfig.from_json(config.to_json())
    assert back == config
    assert back.jail.outer.uid == 1_200_001 and back.seal.require.landlock == 3


def test_a_misspelt_field_fails_loudly():
    with pytest.raises(TypeError, match="modul"):
        ChildConfig.from_json(a_config().to_json().replace('"module"', '"modul"'))
    with pytest.raises(AttributeError):
        a_config().jail.user_namspace = True
    with pytest.raises(AttributeError):
        a_config().honour_seed
