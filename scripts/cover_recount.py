#!/usr/bin/env python3
"""Independent recount of a Formsmith coverage report (issue 23).

Reads the questionnaires a covering set wrote (JSON Lines, or a JSON array in a .json file) and
the report's factor list, works out each questionnaire's factor values from the JSON itself
(field paths, enum values, boundary classes, list sizes, options, sections), and recounts the
tuples covered. Condition factors (the truth of visibleIf/requiredIf/cases conditions) are
taken from the report's rows: this script has no expression evaluator.

Checks, each failing with a message: every factor value it reads equals the report's row; the
number of tuples required, and covered; that every tuple the report says covered is held by the
questionnaire it names; that no impossible or not-found tuple is held by any questionnaire;
that covered + impossible + not found = required.

Usage: cover_recount.py REPORT.json QUESTIONNAIRES.jsonl   (exit 0: agrees, 1: disagrees)
Standard library only.
"""
import itertools
import json
import re
import sys
from decimal import Decimal, InvalidOperation

STRENGTH = {"each": 1, "pairs": 2, "triples": 3}
NA = object()


def load_questionnaires(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    options = dict(parse_float=str, parse_int=str)
    if path.endswith(".json"):
        return json.loads(text, **options)
    return [json.loads(line, **options) for line in text.splitlines() if line.strip()]


def walk(document, path):
    """The value at a path like 'drivers[0].documents[0].number'; NA when a list on the way has
    no such item; None when a member is missing."""
    value = document
    for part in path.split("."):
        match = re.fullmatch(r"(.*?)((?:\[\d+\])*)", part)
        key, indices = match.group(1), re.findall(r"\[(\d+)\]", match.group(2))
        if not isinstance(value, dict):
            return None
        value = value.get(key)
        for index in indices:
            if not isinstance(value, list) or len(value) <= int(index):
                return NA
            value = value[int(index)]
    return value


def empty(value):
    return value is None or value == "" or value == [] or value == {}


def text(value):
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


def same_number(left, right):
    try:
        return Decimal(left) == Decimal(right)
    except (InvalidOperation, TypeError):
        return left == right


def read(factor, document):
    kind = factor["kind"]
    if kind == "section":
        values = [walk(document, member) for member in factor["members"]]
        if all(value is NA for value in values):
            return NA
        return "filled" if any(value is not NA and not empty(value) for value in values) else "empty"
    value = walk(document, factor["path"])
    if value is NA:
        return NA
    if kind == "option":
        return "yes" if isinstance(value, list) and factor["option"] in [text(v) for v in value] else "no"
    if empty(value):
        return "absent"
    if kind == "presence":
        return "filled"
    if kind == "value":
        return text(value)
    if kind == "range":
        if "min" in factor and same_number(text(value), factor["min"]):
            return "min"
        if "max" in factor and same_number(text(value), factor["max"]):
            return "max"
        return "inside"
    if kind == "size":
        count = len(value)
        if count == factor["minItems"]:
            return "min"
        if count == factor["maxItems"]:
            return "max"
        return "mid"
    raise ValueError("unknown factor kind " + kind)


def main():
    report_path, questionnaires_path = sys.argv[1], sys.argv[2]
    with open(report_path, encoding="utf-8") as handle:
        report = json.load(handle)
    questionnaires = load_questionnaires(questionnaires_path)
    # Invalid questionnaires (--invalid) follow the valid ones and are not part of the coverage.
    if len(questionnaires) != report["questionnaires"] + report.get("invalid", 0):
        print("cover_recount: the file holds %d questionnaires, the report %d valid and %d invalid"
              % (len(questionnaires), report["questionnaires"], report.get("invalid", 0)), file=sys.stderr)
        return 1
    questionnaires = questionnaires[:report["questionnaires"]]
    factors = report["factors"]
    names = [factor["name"] for factor in factors]
    problems = []
    if len(questionnaires) != report["questionnaires"] or len(report["rows"]) != len(questionnaires):
        problems.append("the report counts %d questionnaires, the file holds %d"
                        % (report["questionnaires"], len(questionnaires)))
    rows = []
    for number, (document, reported) in enumerate(zip(questionnaires, report["rows"]), start=1):
        row = []
        for position, factor in enumerate(factors):
            if factor["kind"] == "condition":
                row.append(reported[position])
                continue
            value = read(factor, document)
            value = None if value is NA else value
            if value is not None and value not in factor["values"]:
                value = None
            if value != reported[position]:
                problems.append("questionnaire %d, factor %s: read %r, the report says %r"
                                % (number, factor["name"], value, reported[position]))
            row.append(value)
        rows.append(row)
    strength = STRENGTH[report["strength"]]
    required = 0
    held = {}
    for combination in itertools.combinations(range(len(factors)), strength):
        size = 1
        for factor in combination:
            size *= len(factors[factor]["values"])
        required += size
        for number, row in enumerate(rows):
            values = tuple(row[factor] for factor in combination)
            if None not in values:
                held.setdefault((combination, values), number)
    if required != report["required"]:
        problems.append("required: recounted %d, the report says %d" % (required, report["required"]))
    if len(held) != report["covered"]:
        problems.append("covered: recounted %d, the report says %d" % (len(held), report["covered"]))

    def key(tuple_entry):
        combination = tuple(names.index(item["factor"]) for item in tuple_entry)
        return combination, tuple(item["value"] for item in tuple_entry)

    for entry in report["coveredTuples"]:
        combination, values = key(entry["tuple"])
        if tuple(rows[entry["questionnaire"]][factor] for factor in combination) != values:
            problems.append("covered tuple %s is not held by questionnaire %d" % (entry["tuple"], entry["questionnaire"]))
    for section in ("impossibleTuples", "notFoundTuples"):
        for entry in report[section]:
            if key(entry["tuple"]) in held:
                problems.append("%s lists %s, but questionnaire %d holds it"
                                % (section, entry["tuple"], held[key(entry["tuple"])]))
    total = report["covered"] + report["impossible"] + report["notFound"]
    if total != report["required"]:
        problems.append("covered + impossible + not found = %d, required %d" % (total, report["required"]))
    for problem in problems[:20]:
        print("cover_recount: " + problem, file=sys.stderr)
    if problems:
        print("cover_recount: %d disagreements" % len(problems), file=sys.stderr)
        return 1
    print("cover_recount: agrees: %d questionnaires, %d factors, %d tuples required, %d covered, %d impossible, "
          "%d not found" % (len(rows), len(factors), required, len(held), report["impossible"], report["notFound"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
