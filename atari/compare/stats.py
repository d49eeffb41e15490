"""The two tests the 2048 comparison needs, with the standard library only.

SciPy has both (scipy.stats.chisquare, scipy.stats.binomtest) but is tens of megabytes
for two short functions; the tests of this module check these against values SciPy gives.
"""

import math
from statistics import NormalDist

SIGNIFICANCE = 0.001  # a difference is called real only below this p-value
_GAMMA_EPSILON = 1e-15
_GAMMA_ITERATIONS = 10_000
_TINY = 1e-300


def chi_square_p_value(statistic, degrees_of_freedom):
    """P(X >= statistic) for X chi-square distributed: the upper regularized gamma
    function Q(k/2, x/2), by its series below a+1 and its continued fraction above."""
    if degrees_of_freedom < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    if statistic <= 0:
        return 1.0
    a, x = degrees_of_freedom / 2, statistic / 2
    log_prefactor = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        for n in range(1, _GAMMA_ITERATIONS):
            term *= x / (a + n)
            total += term
            if abs(term) < abs(total) * _GAMMA_EPSILON:
                break
        return max(0.0, 1 - total * math.exp(log_prefactor))
    # Lentz's method for the continued fraction of Q(a, x).
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    fraction = d
    for n in range(1, _GAMMA_ITERATIONS):
        an = -n * (n - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        step = d * c
        fraction *= step
        if abs(step - 1) < _GAMMA_EPSILON:
            break
    return math.exp(log_prefactor) * fraction


def chi_square_test(observed, probabilities):
    """Pearson's goodness-of-fit test of counts against category probabilities:
    (statistic, degrees of freedom, p-value)."""
    total = sum(observed)
    if total == 0 or len(observed) != len(probabilities) or len(observed) < 2:
        raise ValueError("a chi-square test needs counts in two or more categories")
    statistic = sum((count - total * p) ** 2 / (total * p) for count, p in zip(observed, probabilities))
    degrees = len(observed) - 1
    return statistic, degrees, chi_square_p_value(statistic, degrees)


def binomial_p_value(successes, trials, probability):
    """Exact two-sided binomial test: the chance of an outcome no likelier than the one
    seen (the definition scipy.stats.binomtest uses)."""
    if not 0 <= successes <= trials or trials == 0 or not 0 < probability < 1:
        raise ValueError("a binomial test needs 0 <= successes <= trials, trials > 0 and 0 < p < 1")
    log_p, log_q = math.log(probability), math.log1p(-probability)
    log_n = math.lgamma(trials + 1)

    def log_pmf(k):
        return log_n - math.lgamma(k + 1) - math.lgamma(trials - k + 1) + k * log_p + (trials - k) * log_q

    threshold = log_pmf(successes) + 1e-7  # relative tolerance for ties, as SciPy allows
    return min(1.0, sum(math.exp(log_pmf(k)) for k in range(trials + 1) if log_pmf(k) <= threshold))


def wilson_interval(successes, trials, confidence=1 - SIGNIFICANCE):
    """The Wilson score interval for a proportion, as (low, high)."""
    if trials == 0:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z / (1 + z * z / trials) * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    return max(0.0, centre - spread), min(1.0, centre + spread)
