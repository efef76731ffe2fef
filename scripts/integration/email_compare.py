"""Checks Formsmith's e-mail addresses against email-validator (see email-validator.sh).

1. Every address `formsmith generate` writes for the shipped forms (COUNT questionnaires each)
   must pass email-validator's syntax check (check_deliverability=False: no DNS).
2. The `format: email` examples of the check catalog (Sources/FormsmithCore/Checks/
   FormatCheck.swift) must get the same verdict from email-validator as from Formsmith:
   passing examples pass both, failing examples fail both.
"""
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from email_validator import EmailNotValidError, validate_email

ROOT = Path(__file__).resolve().parents[2]
TODAY = "2026-11-22"


def strict(address):
    """None when email-validator accepts the address, else its reason."""
    try:
        validate_email(address, check_deliverability=False)
        return None
    except EmailNotValidError as error:
        return str(error)


def addresses(value, key=""):
    """Every string under a key named like an e-mail field, anywhere in a questionnaire."""
    if isinstance(value, dict):
        for name, member in value.items():
            yield from addresses(member, name)
    elif isinstance(value, list):
        for item in value:
            yield from addresses(item, key)
    elif isinstance(value, str) and "email" in key.lower():
        yield value


def generated(binary, count, seed):
    failures, total = [], 0
    for rules in sorted((ROOT / "Rules").glob("*.yaml")):
        out = subprocess.run([binary, "generate", "--rules", str(rules), "--count", str(count), "--seed", str(seed),
                              "--today", TODAY], check=True, capture_output=True, text=True).stdout
        found = 0
        for line in out.splitlines():
            for address in addresses(json.loads(line)):
                found += 1
                reason = strict(address)
                if reason:
                    failures.append(f"{rules.name}: {address!r}: {reason}")
        total += found
        print(f"{rules.name}: {found} generated addresses checked")
    return failures, total


def catalog_examples():
    """The passing and failing examples of the `format: email` catalog entry."""
    source = (ROOT / "Sources/FormsmithCore/Checks/FormatCheck.swift").read_text()
    entry = source[source.index("`format: email`"):]
    entry = entry[:entry.index("CheckDescription(")]
    def strings(label):
        block = re.search(label + r":\s*\[(.*?)\]", entry, re.S).group(1)
        return [json.loads('"' + s + '"') for s in re.findall(r'\\"((?:[^"\\]|\\.)*?)\\"', block)]
    return strings("passing"), strings("failing")


def formsmith_verdicts(binary, values):
    """Whether Formsmith accepts each value in a `format: email` field."""
    with tempfile.TemporaryDirectory() as folder:
        rules = Path(folder) / "email.yaml"
        rules.write_text("id: email\nfields:\n  email: {type: string, format: email}\n")
        data = Path(folder) / "emails.jsonl"
        data.write_text("".join(json.dumps({"email": v}) + "\n" for v in values))
        report = subprocess.run([binary, "validate", "--rules", str(rules), "--report", "jsonl", str(data)],
                                capture_output=True, text=True).stdout
        bad_lines = {json.loads(line).get("line") for line in report.splitlines() if line.strip()}
        return [index + 1 not in bad_lines for index in range(len(values))]


def main():
    binary, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    failures, total = generated(binary, count, seed)
    passing, failing = catalog_examples()
    if not passing or not failing:
        failures.append("no format: email examples found in FormatCheck.swift")
    values = passing + failing
    for value, accepted, expected in zip(values, formsmith_verdicts(binary, values),
                                         [True] * len(passing) + [False] * len(failing)):
        external = strict(value) is None
        if accepted != expected or external != expected:
            failures.append(f"catalog example {value!r}: documented {'valid' if expected else 'invalid'}, "
                            f"Formsmith says {'valid' if accepted else 'invalid'}, "
                            f"email-validator says {'valid' if external else 'invalid'}")
    print(f"catalog: {len(passing)} passing and {len(failing)} failing e-mail examples compared")
    for failure in failures[:30]:
        print("FAIL " + failure)
    if failures:
        print(f"{len(failures)} disagreements (of {total} generated addresses and {len(values)} examples)")
        sys.exit(1)
    print(f"email-validator agrees: {total} generated addresses and {len(values)} catalog examples")


if __name__ == "__main__":
    main()
