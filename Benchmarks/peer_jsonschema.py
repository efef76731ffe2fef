#!/usr/bin/env python3
"""The benchmark's peer: validates a JSON Lines file with jsonschema-rs, parsing with orjson.

Run by Benchmarks/validate.sh in a throw-away virtual environment (never a Formsmith
dependency). --part K/N validates the K-th of N byte ranges of the file, each cut at line
boundaries, so N processes can split one file between them. Every violation of an invalid
record is collected (iter_errors), as Formsmith does; valid records take the is_valid fast path.
Prints "records invalid" for its part.
"""
import argparse
import os

import jsonschema_rs
import orjson


def line_range(path, part, parts):
    """The byte range [start, end) of part `part` (0-based) of `parts`, at line boundaries."""
    size = os.path.getsize(path)

    def boundary(offset):
        if offset <= 0:
            return 0
        if offset >= size:
            return size
        with open(path, "rb") as handle:
            handle.seek(offset - 1)
            handle.readline()  # finish the line the offset falls in
            return handle.tell()

    return boundary(size * part // parts), boundary(size * (part + 1) // parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--schema", required=True)
    parser.add_argument("--part", default="1/1", help="K/N: validate the K-th (1-based) of N parts")
    parser.add_argument("input")
    arguments = parser.parse_args()
    part, parts = (int(x) for x in arguments.part.split("/"))

    with open(arguments.schema, "rb") as handle:
        validator = jsonschema_rs.validator_for(orjson.loads(handle.read()), validate_formats=True)
    start, end = line_range(arguments.input, part - 1, parts)
    records = invalid = violations = 0
    with open(arguments.input, "rb") as handle:
        handle.seek(start)
        position = start
        for line in handle:
            position += len(line)
            if line.strip():
                records += 1
                try:
                    instance = orjson.loads(line)
                except orjson.JSONDecodeError:
                    invalid += 1
                else:
                    if not validator.is_valid(instance):
                        invalid += 1
                        violations += sum(1 for _ in validator.iter_errors(instance))
            if position >= end:
                break
    print(records, invalid, violations)


if __name__ == "__main__":
    main()
