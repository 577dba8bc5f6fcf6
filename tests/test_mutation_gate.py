"""The mutation gate's own rule: a verdict stands only once the selection that caught the mutant passes on the
code as it is, and each selection is run so at most once (tools/mutate.py, ``Baseline``)."""

from __future__ import annotations

import importlib.util
import sys
import threading
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[1] / "tools" / "mutate.py"


@pytest.fixture(scope="module")
def mutate():
    spec = importlib.util.spec_from_file_location("mutation_gate", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutation_gate"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    del sys.modules["mutation_gate"]


class Copies:
    """Stands in for the repository copies: the selections named in ``failing`` fail on the code as it is."""

    def __init__(self, failing=()):
        self.failing, self.runs, self.lock = set(failing), [], threading.Lock()

    def judge(self, mutant, tests, timeout):
        assert mutant is None  # the baseline never writes a mutant
        (selection,) = tests
        with self.lock:
            self.runs.append(selection)
        return (f"{selection}::test_broken", selection) if selection in self.failing else None


def test_a_selection_is_run_once_however_many_verdicts_rest_on_it(mutate):
    copies = Copies()
    baseline = mutate.Baseline(copies, ceiling=1)
    threads = [threading.Thread(target=baseline.check, args=(name,)) for name in ["a.py", "b.py"] * 8]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(copies.runs) == ["a.py", "b.py"]


def test_a_selection_failing_without_a_mutant_stops_every_verdict_resting_on_it(mutate):
    copies = Copies(failing={"b.py"})
    baseline = mutate.Baseline(copies, ceiling=1)
    baseline.check("a.py")
    for _ in range(2):  # asked again, it is not run again and still refuses
        with pytest.raises(mutate.BrokenBaseline, match="b.py::test_broken"):
            baseline.check("b.py")
    assert copies.runs == ["a.py", "b.py"]


def test_a_mutant_caught_by_a_broken_selection_fails_the_gate_with_status_2(mutate, monkeypatch, capsys):
    """The whole gate on one target whose second selection fails without a mutant and catches them all: status 2,
    and it says which test (the first selection passes, so this is the check made when a verdict rests on one)."""

    class Everything(Copies):
        def __init__(self, jobs):
            super().__init__(failing={"broken.py"})

        def judge(self, mutant, tests, timeout):
            if mutant is None:
                return super().judge(mutant, tests, timeout)
            return ("broken.py::test_broken", "broken.py")

        def close(self):
            pass

    target = mutate.Target("toy", "scorekeeper/core/transfers.py", (), ("fine.py", "broken.py"))
    monkeypatch.setattr(mutate, "Copies", Everything)
    monkeypatch.setattr(mutate, "chosen", lambda names: [target])
    monkeypatch.setattr(sys, "argv", ["mutate.py"])
    assert mutate.main() == 2
    assert "the tests fail on the code as it is (broken.py::test_broken)" in capsys.readouterr().out


def test_a_mutant_tries_first_what_caught_its_neighbours_and_still_every_selection(mutate):
    tests = ("worked.py", "pagat.py", "french.py", "properties.py")
    french = [mutate.Mutant("engine/french.py", n, "+", "-", "", "", tests) for n in (1, 2)]
    puesta = mutate.Mutant("engine/puesta.py", 1, "+", "-", "", "", tests)
    catchers = mutate.Catchers()
    assert catchers.order(french[0]) == tests  # nothing caught yet: the written order, fastest first
    catchers.note(french[0], "french.py")
    catchers.note(french[1], "french.py")
    catchers.note(french[1], "properties.py")
    assert catchers.order(french[1]) == ("french.py", "properties.py", "worked.py", "pagat.py")
    assert catchers.order(puesta) == tests  # another module's mutants keep their own order


def test_a_mutant_may_take_eight_times_its_selections_time_without_it_and_at_least_thirty_seconds(mutate):
    class Timed(Copies):
        def judge(self, mutant, tests, limit):
            assert limit(tests[0]) == 4 * 240  # the baseline itself is given four times the ceiling
            return super().judge(mutant, tests, limit)

    baseline = mutate.Baseline(Timed(), ceiling=240)
    assert baseline.limit("a.py") == 240  # not yet timed: the ceiling
    baseline._seconds.update({"a.py": 2.0, "b.py": 10.0, "c.py": 100.0})
    assert [baseline.limit(s) for s in ("a.py", "b.py", "c.py")] == [30.0, 80.0, 240]
    baseline.check("d.py")
    assert 0 <= baseline.limit("d.py") == 30.0
