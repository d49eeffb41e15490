"""atari.compare.stats: the chi-square and exact binomial tests, against SciPy's values.

The reference values were computed with scipy.stats.chi2.sf, scipy.stats.binomtest(...).pvalue
and binomtest(...).proportion_ci(0.999, "wilson") (SciPy 1.17), which the kit does not depend on.
"""

import pytest

from atari.compare.stats import binomial_p_value, chi_square_p_value, chi_square_test, wilson_interval


@pytest.mark.parametrize("statistic, degrees, expected", [
    (0.5, 15, 0.9999999982553599),
    (14, 15, 0.525529129762909),        # below a+1: the series
    (30.58, 15, 0.009993624225158452),  # the 1% critical value
    (60, 15, 2.522085078696141e-07),    # the continued fraction
    (200, 15, 2.124671199893185e-34),
    (3, 1, 0.08326451666355042),
    (25, 14, 0.03456739357724887),
])
def test_chi_square_p_value_matches_scipy(statistic, degrees, expected):
    assert chi_square_p_value(statistic, degrees) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("successes, trials, chance, expected", [
    (273, 3000, 0.1, 0.10668815814255612),
    (2900, 32000, 0.1, 1.5449809699366032e-08),
    (3, 10, 0.1, 0.0701908264),
    (0, 5, 0.1, 1.0),
    (45, 500, 0.1, 0.5023825613389059),
])
def test_exact_binomial_p_value_matches_scipy(successes, trials, chance, expected):
    assert binomial_p_value(successes, trials, chance) == pytest.approx(expected, rel=1e-9)


def test_wilson_interval_matches_scipy():
    assert wilson_interval(2900, 32000) == pytest.approx((0.08548191496926306, 0.09604502475633152), rel=1e-9)


def test_chi_square_test_of_a_fair_and_a_loaded_die():
    statistic, degrees, p_value = chi_square_test([10, 10, 10, 10, 10, 10], [1 / 6] * 6)
    assert (statistic, degrees, p_value) == (0, 5, 1.0)
    assert chi_square_test([30, 6, 6, 6, 6, 6], [1 / 6] * 6)[2] < 1e-6


@pytest.mark.parametrize("call", [
    lambda: chi_square_test([0, 0], [0.5, 0.5]),
    lambda: chi_square_test([1, 2], [1.0]),
    lambda: chi_square_p_value(3, 0),
    lambda: binomial_p_value(5, 4, 0.5),
    lambda: binomial_p_value(1, 4, 1.0),
])
def test_unusable_input_is_a_value_error(call):
    with pytest.raises(ValueError):
        call()
