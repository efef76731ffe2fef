"""Run ``formsmith validate`` as a stage of Apache Spark.

Each partition of a JSON Lines file is piped through the Formsmith binary on the executor
that holds it, told the original file name and the line the partition starts after
(``--stdin-name``, ``--line-offset``), so every result points at the original file and line.
The binary exits 0 whatever the verdict (``--exit-zero``); the verdicts come back as a
DataFrame of results, one row per invalid or unreadable questionnaire, and the partitions'
summaries are merged by ``formsmith merge`` on the driver into the summary one run over the
whole file writes.

    from formsmith_spark import validate_jsonl
    results, summary = validate_jsonl(spark, "hdfs:///forms/2026-11.jsonl",
                                      rules="osago-policy.yaml", today="2026-11-22")
    results.groupBy("file").count().show()
    print(summary["invalid"], summary["byRule"][:3])

On a cluster, ship the binary with ``--files`` (or ``spark.sparkContext.addFile``) and the rules
folder (a rule file may ``include:`` libraries beside it) with ``addFile(folder, recursive=True)``
or ``--archives``, and pass names relative to what was shipped (``formsmith``,
``Rules/osago-policy.yaml``): they are looked up with ``SparkFiles.get`` on each executor. See
the README, "Spark".
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
from typing import Iterable, Iterator, Optional, Sequence

__all__ = ["validate_jsonl", "RESULT_SCHEMA", "FormsmithError"]

_VIOLATION_FIELDS = ("field", "rule", "message", "value")


class FormsmithError(RuntimeError):
    """The binary could not run or refused its input (a rules or usage problem, exit 2)."""


def _schema():
    from pyspark.sql.types import (ArrayType, LongType, StringType, StructField, StructType)

    violation = StructType([StructField(name, StringType(), name == "value") for name in _VIOLATION_FIELDS])
    return StructType([
        StructField("file", StringType(), False),
        StructField("line", LongType(), False),
        StructField("index", LongType(), True),
        StructField("id", StringType(), True),
        StructField("unreadable", StringType(), True),
        StructField("errors", ArrayType(violation, False), False),
    ])


def __getattr__(name):  # RESULT_SCHEMA without importing pyspark at module load
    if name == "RESULT_SCHEMA":
        return _schema()
    raise AttributeError(name)


def _resolve(name: str, executable: bool = False) -> str:
    """A path given as is, a file shipped with --files / addFile, or (for the binary) a
    command on PATH."""
    if os.path.isabs(name) or os.path.exists(name):
        path = name
    else:
        from pyspark import SparkFiles

        shipped = SparkFiles.get(name)  # also a path inside a folder shipped with addFile(recursive=True)
        path = shipped if os.path.exists(shipped) else (shutil.which(name) if executable else None) or name
    if executable and os.path.isfile(path) and not os.access(path, os.X_OK):
        os.chmod(path, os.stat(path).st_mode | 0o111)  # --files does not keep the execute bit
    return path


def _run_binary(binary: str, arguments: Sequence[str], lines: Iterable[str]) -> Iterator[str]:
    """Pipes ``lines`` (without line breaks) through the binary; yields its report lines."""
    process = subprocess.Popen([binary, *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    failure: list[BaseException] = []

    def feed():
        try:
            for line in lines:
                process.stdin.write(line.encode("utf-8"))
                process.stdin.write(b"\n")
        except BrokenPipeError:
            pass  # the binary stopped reading: its exit status says why
        except BaseException as error:  # noqa: BLE001 - handed to the caller's thread
            failure.append(error)
        finally:
            try:
                process.stdin.close()
            except BrokenPipeError:
                pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    for raw in process.stdout:
        yield raw.decode("utf-8").rstrip("\n")
    writer.join()
    errors = process.stderr.read().decode("utf-8", "replace")
    status = process.wait()
    if failure:
        raise failure[0]
    if status != 0:
        raise FormsmithError(f"formsmith exited with {status}: {errors.strip()}")


def _partition_runner(binary: str, rules: str, name: str, options: Sequence[str]):
    def run(rows: Iterator[tuple[str, int]]) -> Iterator[tuple[str, str]]:
        first = next(rows, None)
        if first is None:
            return
        offset = first[1]

        def lines():
            yield first[0]
            expected = offset + 1
            for text, index in rows:
                if index != expected:  # zipWithIndex numbers a partition without gaps
                    raise FormsmithError(f"line {index + 1} follows line {expected} in one partition")
                expected += 1
                yield text

        arguments = ["validate", "--rules", _resolve(rules), "--report", "jsonl", "--exit-zero", "--jobs", "1",
                     "--input-format", "jsonl", "--stdin-name", name, "--line-offset", str(offset), *options, "-"]
        for line in _run_binary(_resolve(binary, executable=True), arguments, lines()):
            yield ("summary" if line.startswith('{"summary":') else "result", line)

    return run


def _row(line: str):
    result = json.loads(line)
    return (result["file"], result["line"], result.get("index"), result.get("id"), result.get("unreadable"),
            [tuple(error.get(key) for key in _VIOLATION_FIELDS) for error in result.get("errors", [])])


def validate_jsonl(spark, path: str, rules: str, *, binary: str = "formsmith", today: Optional[str] = None,
                   name: Optional[str] = None, partitions: Optional[int] = None, redact: bool = False,
                   driver_binary: Optional[str] = None, extra_arguments: Sequence[str] = ()):
    """Validates the JSON Lines file(s) at ``path`` partition by partition.

    Returns ``(results, summary)``: a DataFrame with ``RESULT_SCHEMA`` (one row per invalid or
    unreadable questionnaire: file, line, index, id, unreadable, errors[field, rule, message,
    value]) and the merged summary as a dict (the ``summary`` object of a JSON report).

    ``binary`` and ``rules`` are paths on the executors, or bare names of files shipped with
    ``--files`` / ``addFile``; ``driver_binary`` (default: ``binary``) runs ``formsmith merge`` on
    the driver. ``name`` is the file name results carry (default: ``path``). ``today`` pins the
    rules' reference date (pass it: executors' clocks may disagree). ``partitions`` is the
    minimum number of partitions to read.
    """
    options = list(extra_arguments)
    if today:
        options += ["--today", today]
    if redact:
        options.append("--redact")
    lines = spark.sparkContext.textFile(path, partitions) if partitions else spark.sparkContext.textFile(path)
    # zipWithIndex runs one job to count each partition's lines, so each knows its first line.
    tagged = lines.zipWithIndex().mapPartitions(_partition_runner(binary, rules, name or path, options)).cache()
    summaries = tagged.filter(lambda item: item[0] == "summary").map(lambda item: item[1]).collect()
    results = spark.createDataFrame(tagged.filter(lambda item: item[0] == "result").map(lambda item: _row(item[1])),
                                    _schema())
    return results, merge_summaries(summaries, binary=driver_binary or binary)


def merge_summaries(summaries: Sequence[str], binary: str = "formsmith") -> dict:
    """Merges report summary lines (in input order) with ``formsmith merge``."""
    if not summaries:
        summaries = ['{"summary":{"records":0,"valid":0,"invalid":0,"unreadable":0,"violations":0,'
                     '"byRule":[],"byField":[]}}']
    with tempfile.TemporaryDirectory(prefix="formsmith-merge-") as folder:
        files = []
        for number, summary in enumerate(summaries):
            file = os.path.join(folder, f"part-{number:06d}.jsonl")
            with open(file, "w", encoding="utf-8") as handle:
                handle.write(summary + "\n")
            files.append(file)
        done = subprocess.run([_resolve(binary, executable=True), "merge", "--exit-zero", *files],
                              capture_output=True, text=True)
    if done.returncode != 0:
        raise FormsmithError(f"formsmith merge exited with {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)["summary"]
