"""The fairness bench's statistics: chi-square p-values against known quantiles, and a short run
of every deck and die test (the bench itself prints figures and asserts nothing)."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "fairness.py"


@pytest.fixture(scope="module")
def fairness() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_fairness", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("statistic", "df", "p"),
    [
        (3.841458820694124, 1, 0.05),  # scipy.stats.chi2.ppf(0.95, 1)
        (6.634896601021214, 1, 0.01),
        (11.070497693516351, 5, 0.05),
        (0.0, 3, 1.0),
    ],
)
def test_chi2_sf_matches_known_quantiles(
    fairness: ModuleType, statistic: float, df: int, p: float
) -> None:
    assert fairness.chi2_sf(statistic, df) == pytest.approx(p, abs=5e-4)


@pytest.mark.parametrize("ratio", [0.97, 1.0, 1.02, 1.04])
def test_chi2_sf_large_df_matches_wilson_hilferty(fairness: ModuleType, ratio: float) -> None:
    df = 5625  # a 76-card position table
    k = 2 / (9 * df)
    z = ((ratio) ** (1 / 3) - (1 - k)) / math.sqrt(k)
    normal_sf = 0.5 * math.erfc(z / math.sqrt(2))
    assert fairness.chi2_sf(ratio * df, df) == pytest.approx(normal_sf, abs=1e-3)


def test_gamma_q_series_and_fraction_agree(fairness: ModuleType) -> None:
    for a in (0.5, 2.0, 30.0, 2812.0):
        below, above = fairness.gamma_q(a, a + 0.999), fairness.gamma_q(a, a + 1.001)
        assert 0.0 < above < below < 1.0 and below - above < 0.01
    assert fairness.gamma_q(1.0, 3.0) == pytest.approx(math.exp(-3.0))


def test_a_biased_die_is_caught_and_a_fair_one_is_not(fairness: ModuleType) -> None:
    # A fixed master: with a random one a fair die falls below p = 1e-4 once in 10 000 runs.
    master = bytes(range(32))
    fair = fairness.dice_test(lambda rng: rng.randint(1, 6), (1, 2, 3, 4, 5, 6), 6000, master)
    assert fair[1] == 5 and fair[2] > 1e-4
    loaded = fairness.dice_test(
        lambda rng: min(rng.randint(1, 6), 5), (1, 2, 3, 4, 5, 6), 6000, master
    )
    assert loaded[2] < 1e-10


def test_short_run_of_every_test(fairness: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert fairness.main(["--shuffles", "300", "--rolls", "300"]) == 0
    out = capsys.readouterr().out
    assert out.count("position: ") == 6 and out.count("faces: ") == 3
    assert fairness.chi_square([10, 10], [10.0, 10.0]) == 0.0
