#!/usr/bin/env python3
"""Summarizes side-by-side runs of one Google Benchmark program built twice.

Reads, for each build, the CSV output (--benchmark_format=csv) of any number
of runs appended to one file, and prints one Markdown row per benchmark: the
quickest repetition of each build (a shared machine's load can only slow a
repetition, never speed it, so the minimum is the least noisy figure), the
ratio first / second (above 1: the second build is faster) and whether the
two builds' user counters agree (the counters a benchmark reports about its
result, e.g. faces, area and force of a contact surface: equal counters say
the builds computed the same thing).

usage: summarize_runs.py [--tolerance T] [--names A,B] FIRST.csv SECOND.csv

Exit status: 0 when every benchmark ran in both builds without error and
their counters agree (relative difference at most T, default 1e-9); 1
otherwise (the table still prints, the disagreeing rows marked); 2 for bad
arguments or unreadable files.
"""

import argparse
import csv
import math
import sys

# The columns Google Benchmark writes itself; the others are user counters.
STANDARD_COLUMNS = {
    "name", "iterations", "real_time", "cpu_time", "time_unit", "bytes_per_second",
    "items_per_second", "label", "error_occurred", "error_message",
}
AGGREGATE_SUFFIXES = ("_mean", "_median", "_stddev", "_cv")
# Factors to microseconds.
UNIT_TO_US = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}


class RunsError(Exception):
    """A file that is not Google Benchmark CSV output."""


class Benchmark:
    """What one build's runs say about one benchmark."""

    def __init__(self):
        self.best_us = math.inf
        self.counters = {}  # name -> list of values, one per repetition
        self.errors = []

    def add(self, time_us, counters, error):
        if error:
            self.errors.append(error)
            return
        self.best_us = min(self.best_us, time_us)
        for name, value in counters.items():
            self.counters.setdefault(name, []).append(value)


def read_runs(path):
    """Benchmarks by name, in first-seen order, from the CSV runs in `path`
    (each run starts with its own header line; other lines, such as the
    context Google Benchmark prints, are skipped)."""
    benchmarks = {}
    header = None
    try:
        with open(path, newline="") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise RunsError(f"{path}: {e.strerror}") from e
    for line_number, row in enumerate(csv.reader(lines), start=1):
        if not row:
            continue
        if row[0] == "name":
            header = row
            continue
        if header is None or len(row) != len(header):
            continue  # Context lines before a header, or a line of another shape.
        fields = dict(zip(header, row))
        name = fields["name"]
        if name.endswith(AGGREGATE_SUFFIXES):
            continue
        failed = fields.get("error_occurred") == "true"
        error = (fields.get("error_message") or "error") if failed else ""
        time_us = math.nan
        counters = {}
        if not error:
            unit = fields.get("time_unit", "")
            if unit not in UNIT_TO_US:
                raise RunsError(f"{path}:{line_number}: unknown time unit '{unit}' for {name}")
            try:
                time_us = float(fields["real_time"]) * UNIT_TO_US[unit]
                counters = {k: float(v) for k, v in fields.items()
                            if k not in STANDARD_COLUMNS and v != ""}
            except ValueError as e:
                raise RunsError(f"{path}:{line_number}: {e}") from e
        benchmarks.setdefault(name, Benchmark()).add(time_us, counters, error)
    if not benchmarks:
        raise RunsError(f"{path}: no benchmark results (expected --benchmark_format=csv output)")
    return benchmarks


def counters_agree(a, b, tolerance):
    """Whether every counter value of a and b (all repetitions of both) agrees
    with every other to the relative tolerance, and both report the same
    counters."""
    if set(a.counters) != set(b.counters):
        return False
    for name in a.counters:
        values = a.counters[name] + b.counters[name]
        scale = max(abs(v) for v in values)
        if any(not math.isfinite(v) for v in values):
            return False
        if max(values) - min(values) > tolerance * scale:
            return False
    return True


def format_time(us):
    if us >= 1000:
        return f"{us / 1000:.3g} ms" if us < 1e5 else f"{us / 1000:.0f} ms"
    return f"{us:.3g} µs"


def summarize(first, second, names, tolerance):
    """The Markdown table's lines and whether every row is clean."""
    lines = [f"| benchmark | {names[0]} | {names[1]} | {names[0]} / {names[1]} | results |",
             "| --- | ---: | ---: | ---: | --- |"]
    clean = True
    for name in list(first) + [n for n in second if n not in first]:
        a, b = first.get(name), second.get(name)
        if a is None or b is None:
            missing = names[0] if a is None else names[1]
            lines.append(f"| {name} | | | | not run by {missing} |")
            clean = False
            continue
        if a.errors or b.errors:
            message = "; ".join(sorted(set(a.errors + b.errors)))
            lines.append(f"| {name} | | | | error: {message} |")
            clean = False
            continue
        agree = counters_agree(a, b, tolerance)
        clean = clean and agree
        verdict = ("same" if a.counters else "no counters") if agree else "DIFFERENT"
        lines.append(f"| {name} | {format_time(a.best_us)} | {format_time(b.best_us)} | "
                     f"{a.best_us / b.best_us:.2f}× | {verdict} |")
    return lines, clean


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--names", default="first,second",
                        help="the two builds' column names, comma-separated")
    parser.add_argument("--tolerance", type=float, default=1e-9,
                        help="relative difference allowed between counters")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    names = args.names.split(",")
    if len(names) != 2 or not all(names):
        print(f"summarize_runs.py: --names needs two names separated by a comma, got "
              f"'{args.names}'", file=sys.stderr)
        return 2
    if not (args.tolerance >= 0 and math.isfinite(args.tolerance)):
        print(f"summarize_runs.py: --tolerance must be finite and >= 0, got {args.tolerance}",
              file=sys.stderr)
        return 2
    try:
        first, second = read_runs(args.first), read_runs(args.second)
    except RunsError as e:
        print(f"summarize_runs.py: {e}", file=sys.stderr)
        return 2
    lines, clean = summarize(first, second, names, args.tolerance)
    print("\n".join(lines))
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
