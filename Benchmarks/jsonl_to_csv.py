#!/usr/bin/env python3
"""Writes the benchmark's JSON Lines workload as CSV, so both formats carry the same questionnaires.

Columns are the osago-policy fields by dotted path (drivers.0.lastName ... drivers.4.*, the
rules' maxItems: a column for a sixth driver would be a header problem, so a sixth driver is left
out). A boolean becomes true/false, a
number its plain decimal notation, null an empty cell; a value of the wrong shape (an object where
text is expected) is written as its JSON text, so it stays invalid. Members that are not fields
of the rules are left out (a CSV column that names no field is a header problem of the whole file).

    Benchmarks/jsonl_to_csv.py bench-data/osago-1000000.jsonl bench-data/osago-1000000.csv

Standard library only (tooling, never a runtime dependency).
"""
import csv
import json
import sys

SCALARS = [
    "id",
    "insurant.lastName", "insurant.firstName", "insurant.middleName", "insurant.birthDate",
    "insurant.phone", "insurant.email", "insurant.inn", "insurant.documentType",
    "insurant.documentNumber",
    "vehicle.make", "vehicle.model", "vehicle.year", "vehicle.vin", "vehicle.hasPlate",
    "vehicle.plate", "vehicle.enginePower", "vehicle.purpose",
    "owner.sameAsInsurant", "owner.lastName", "owner.firstName", "owner.birthDate",
    "policy.startDate", "policy.periodMonths", "policy.unlimitedDrivers",
]
DRIVER_FIELDS = ["lastName", "firstName", "birthDate", "licenseNumber", "licenseIssued"]
DRIVER_ITEMS = 5  # maxItems of drivers
COLUMNS = SCALARS + [f"drivers.{i}.{f}" for i in range(DRIVER_ITEMS) for f in DRIVER_FIELDS]


def cell(value):
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        return format(value, "f").rstrip("0").rstrip(".") if "e" in text else text
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def member(record, path):
    value = record
    for key in path.split("."):
        if isinstance(value, dict):
            value = value.get(key)
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            return None
    return value


def main():
    source, target = sys.argv[1], sys.argv[2]
    with open(source, encoding="utf-8") as lines, open(target, "w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for line in lines:
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError:
                continue  # a line that is not JSON has no CSV form
            if not isinstance(record, dict):
                continue
            writer.writerow([cell(member(record, column)) for column in COLUMNS])


if __name__ == "__main__":
    main()
