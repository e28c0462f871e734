"""The samplers' shuffle, sample and randrange draw exactly as `random.Random`'s (issue 28)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from cardgames import _shuffle


@given(seed=st.integers(0, 2**64), n=st.integers(0, 300))
def test_shuffle_permutes_as_the_standard_library(seed: int, n: int) -> None:
    """A shuffle gives the standard library's permutation and leaves the generator in its state."""
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, standard = list(range(n)), list(range(n))
    _shuffle.shuffle(ours, mine)
    theirs.shuffle(standard)
    assert mine == standard
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**64), n=st.integers(0, 300), data=st.data())
def test_sample_draws_as_the_standard_library(seed: int, n: int, data: st.DataObject) -> None:
    """A sample of any size, from the list path or the set path, equals the standard one."""
    k = data.draw(st.integers(0, n))
    ours, theirs = random.Random(seed), random.Random(seed)
    population = tuple(range(100, 100 + n))
    assert _shuffle.sample(ours, population, k) == theirs.sample(population, k)
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**64), n=st.integers(1, 10**6))
def test_below_draws_as_randrange(seed: int, n: int) -> None:
    """`below` returns ``randrange(n)``'s number and consumes the same bits."""
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [_shuffle.below(ours, n) for _ in range(5)] == [theirs.randrange(n) for _ in range(5)]
    assert ours.getstate() == theirs.getstate()


class _Tripled(random.Random):
    """A generator that draws its own way: the helpers must leave it to its own methods."""

    def random(self) -> float:
        return super().random() / 3


def test_a_generator_of_another_class_keeps_its_own_draws() -> None:
    """For a subclass of ``random.Random``, the helpers call its own shuffle, sample, randrange."""
    ours, theirs = _Tripled(5), _Tripled(5)
    mine, standard = list(range(40)), list(range(40))
    _shuffle.shuffle(ours, mine)
    theirs.shuffle(standard)
    assert mine == standard
    assert _shuffle.sample(ours, range(30), 10) == theirs.sample(range(30), 10)
    assert _shuffle.below(ours, 17) == theirs.randrange(17)
    assert ours.getstate() == theirs.getstate()


def test_this_interpreter_takes_the_fast_path() -> None:
    """CPython 3.11 to 3.13 draw as the helpers do, so the import-time check enables them."""
    assert _shuffle._FAST_TYPE is random.Random


def test_sample_switches_to_the_set_path_where_the_standard_library_does() -> None:
    """Around the standard library's list-or-set threshold, every size samples the same."""
    for k in range(12):
        for n in range(max(k, 15), 80):
            ours, theirs = random.Random(n * 100 + k), random.Random(n * 100 + k)
            assert _shuffle.sample(ours, range(n), k) == theirs.sample(range(n), k), (n, k)
            assert ours.getstate() == theirs.getstate()
