"""Tests of tools/benchmarks/summarize_runs.py on hand-written CSV runs whose
minima, ratios and verdicts are worked out in the comments."""

import importlib.util
import pathlib

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parents[3] / "tools" / "benchmarks" / "summarize_runs.py"
spec = importlib.util.spec_from_file_location("summarize_runs", SCRIPT)
summarize_runs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(summarize_runs)

HEADER = ('name,iterations,real_time,cpu_time,time_unit,bytes_per_second,items_per_second,'
          'label,error_occurred,error_message,"area","faces"')


def run(rows, context=True):
    """One run's CSV as Google Benchmark writes it: context lines (stderr
    mixed in when redirected together), the header, the rows."""
    lines = ["2026-11-28T09:22:35+00:00", "Running build/x", "Load Average: 0.3"] if context else []
    return "\n".join(lines + [HEADER] + rows) + "\n"


def row(name, time, unit="us", area="0.5", faces="10", error=""):
    flag = "true" if error else ""
    return f'"{name}",100,{time},{time},{unit},,,,{flag},{error},{area},{faces}'


def write(tmp_path, name, *runs):
    path = tmp_path / name
    path.write_text("".join(runs))
    return str(path)


def test_minimum_over_repetitions_and_runs_and_ratio(tmp_path, capsys):
    # The first build's repetitions of A: 3.0, 2.5 (run 1), 2.8 (run 2): its
    # minimum is 2.5 µs. The second's: 1.2 and 1.0 µs, given in ns (1200,
    # 1000) in run 2: minimum 1.0 µs. Ratio 2.5 / 1.0 = 2.50×. The
    # aggregate rows (_mean, _median, _stddev) must not count: a mean of
    # 0.1 µs would otherwise be the minimum.
    first = write(tmp_path, "first.csv",
                  run([row("A", 3.0), row("A", 2.5), row("A_mean", 0.1), row("A_stddev", 0.01)]),
                  run([row("A", 2.8)]))
    second = write(tmp_path, "second.csv",
                   run([row("A", 1.2)], context=False),
                   run([row("A", 1200, unit="ns"), row("A", 1000, unit="ns"), row("A_median", 0.1)]))
    assert summarize_runs.main(["--names", "old,new", first, second]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "| benchmark | old | new | old / new | results |"
    assert lines[2] == "| A | 2.5 µs | 1 µs | 2.50× | same |"
    assert len(lines) == 3


def test_units_are_converted_to_microseconds(tmp_path):
    # 2 ms = 2000 µs; 0.004 s = 4000 µs; 500000 ns = 500 µs.
    runs = summarize_runs.read_runs(write(tmp_path, "r.csv", run([
        row("ms", 2, unit="ms"), row("s", 0.004, unit="s"), row("ns", 500000, unit="ns")])))
    assert runs["ms"].best_us == pytest.approx(2000)
    assert runs["s"].best_us == pytest.approx(4000)
    assert runs["ns"].best_us == pytest.approx(500)


def test_different_counters_are_flagged(tmp_path, capsys):
    # B's faces differ (10 against 12): DIFFERENT, exit 1. C's areas differ
    # by 1e-12 relative: within the default tolerance 1e-9, the same. D's
    # areas differ by 1e-6 relative: different at 1e-9, the same at 1e-5.
    first = write(tmp_path, "first.csv", run([row("B", 2), row("C", 2, area="1.0"),
                                              row("D", 2, area="1.0")]))
    second = write(tmp_path, "second.csv", run([row("B", 1, faces="12"),
                                                row("C", 1, area="1.000000000001"),
                                                row("D", 1, area="1.000001")]))
    assert summarize_runs.main([first, second]) == 1
    out = capsys.readouterr().out
    assert "| B | 2 µs | 1 µs | 2.00× | DIFFERENT |" in out
    assert "| C | 2 µs | 1 µs | 2.00× | same |" in out
    assert "| D | 2 µs | 1 µs | 2.00× | DIFFERENT |" in out
    assert summarize_runs.main(["--tolerance", "1e-5", first, second]) == 1  # B still differs
    assert "| D | 2 µs | 1 µs | 2.00× | same |" in capsys.readouterr().out


def test_counters_that_vary_within_one_build_are_flagged(tmp_path, capsys):
    # Two repetitions of one build giving 10 and 11 faces: not a stable
    # result, so not "the same" as anything.
    first = write(tmp_path, "first.csv", run([row("E", 2), row("E", 2, faces="11")]))
    second = write(tmp_path, "second.csv", run([row("E", 1)]))
    assert summarize_runs.main([first, second]) == 1
    assert "| E | 2 µs | 1 µs | 2.00× | DIFFERENT |" in capsys.readouterr().out


def test_missing_and_failed_benchmarks_are_reported(tmp_path, capsys):
    # F only in the first build, G only in the second, H failed in the second.
    first = write(tmp_path, "first.csv", run([row("F", 2), row("H", 2)]))
    second = write(tmp_path, "second.csv",
                   run([row("G", 1), row("H", "", error="out of memory")]))
    assert summarize_runs.main(["--names", "a,b", first, second]) == 1
    out = capsys.readouterr().out
    assert "| F | | | | not run by b |" in out
    assert "| G | | | | not run by a |" in out
    assert "| H | | | | error: out of memory |" in out


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    good = write(tmp_path, "good.csv", run([row("A", 1)]))
    assert summarize_runs.main([str(tmp_path / "missing.csv"), good]) == 2
    assert "missing.csv: No such file or directory" in capsys.readouterr().err
    # Console output instead of CSV: no header, so no results.
    console = write(tmp_path, "console.csv", "A   1.0 us   1.0 us   100\n")
    assert summarize_runs.main([good, console]) == 2
    assert "console.csv: no benchmark results" in capsys.readouterr().err
    bad_unit = write(tmp_path, "unit.csv", run([row("A", 1, unit="fortnights")]))
    assert summarize_runs.main([good, bad_unit]) == 2
    assert "unknown time unit 'fortnights' for A" in capsys.readouterr().err
    bad_time = write(tmp_path, "time.csv", run([row("A", "fast")]))
    assert summarize_runs.main([good, bad_time]) == 2
    assert "time.csv:" in capsys.readouterr().err
    assert summarize_runs.main(["--names", "onlyone", good, good]) == 2
    assert "--names needs two names" in capsys.readouterr().err
    assert summarize_runs.main(["--tolerance", "nan", good, good]) == 2
    assert "--tolerance must be finite" in capsys.readouterr().err
    assert summarize_runs.main([good]) == 2
