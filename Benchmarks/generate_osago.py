#!/usr/bin/env python3
"""Generates a realistic osago-policy workload as JSON Lines for the benchmark.

Each valid questionnaire takes the shape of one of SampleData/osago-policy/valid.jsonl (which
optional fields are filled, how many drivers, plate or not, owner or not) and gets fresh values
that still follow Rules/osago-policy.yaml for --today 2026-11-22: names from the seed lists,
dates inside their relative bounds, phone, VIN, plate and document numbers of the right shape,
INNs with valid check digits. About one questionnaire in ten (--invalid-share) is a line of
SampleData/osago-policy/invalid.jsonl (each breaks known rules). Ids are unique (Q-0000000 on).

Deterministic for a given --seed. Standard library only (tooling, never a runtime dependency).

    Benchmarks/generate_osago.py --records 1000000 --output bench-data/osago-1000000.jsonl
"""
import argparse
import datetime
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TODAY = datetime.date(2026, 11, 22)
PLATE_LETTERS = "АВЕКМНОРСТУХ"
VIN_ALPHABET = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
INN_WEIGHTS = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]
EMAIL_DOMAINS = ["mail.ru", "yandex.ru", "gmail.com", "rambler.ru", "bk.ru", "list.ru", "inbox.ru"]
TRANSLIT = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                    ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p",
                     "r", "s", "t", "u", "f", "h", "ts", "ch", "sh", "sch", "", "y", "", "e", "yu", "ya"]))


def seed_list(name):
    with open(os.path.join(ROOT, "SampleData", "seeds", name), encoding="utf-8") as handle:
        lines = (line.strip() for line in handle)
        return [line for line in lines if line and not line.startswith("#")]


def shift_years(day, years):
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # 29 February
        return day.replace(year=day.year + years, day=28)


class Generator:
    def __init__(self, seed):
        self.random = random.Random(seed)
        self.last_names = seed_list("ru-last-names.txt")
        self.first_names = seed_list("ru-first-names.txt")
        self.middle_names = seed_list("ru-middle-names.txt")
        self.makes = [make for make in seed_list("car-makes.txt") if len(make) <= 40]
        self.models = [model for model in seed_list("car-models.txt") if len(model) <= 40]
        self.epoch = datetime.date(1, 1, 1).toordinal()

    def digits(self, count):
        return "".join(self.random.choice("0123456789") for _ in range(count))

    def date_between(self, first, last):
        return datetime.date.fromordinal(self.random.randint(first.toordinal(), last.toordinal()))

    def adult_birth_date(self):
        return self.date_between(shift_years(TODAY, -100), shift_years(TODAY, -18))

    def inn(self):
        digits = [self.random.randint(0, 9) for _ in range(10)]
        for count in (10, 11):
            weights = INN_WEIGHTS[len(INN_WEIGHTS) - count:]
            digits.append(sum(d * w for d, w in zip(digits, weights)) % 11 % 10)
        return "".join(map(str, digits))

    def email(self, last_name):
        local = "".join(TRANSLIT.get(ch, "") for ch in last_name.lower()) or "user"
        return f"{local}{self.random.randint(1, 9999)}@{self.random.choice(EMAIL_DOMAINS)}"

    def plate(self):
        letters = [self.random.choice(PLATE_LETTERS) for _ in range(3)]
        region = str(self.random.randint(1, 199)).zfill(2)
        return f"{letters[0]}{self.digits(3)}{letters[1]}{letters[2]}{region}"

    def document_number(self, kind):
        if kind == "foreignPassport":
            return f"{self.digits(2)} {self.digits(7)}"
        return f"{self.digits(2)} {self.digits(2)} {self.digits(6)}"

    def insurant(self, shape):
        last = self.random.choice(self.last_names)
        out = {}
        for key in shape:
            if key == "lastName":
                out[key] = last
            elif key == "firstName":
                out[key] = self.random.choice(self.first_names)
            elif key == "middleName":
                out[key] = self.random.choice(self.middle_names)
            elif key == "birthDate":
                out[key] = self.adult_birth_date().isoformat()
            elif key == "phone":
                out[key] = f"+7 (9{self.digits(2)}) {self.digits(3)}-{self.digits(2)}-{self.digits(2)}"
            elif key == "email":
                out[key] = self.email(last)
            elif key == "inn":
                out[key] = self.inn()
            elif key == "documentType":
                out[key] = self.random.choice(["passport", "foreignPassport", "driverLicense"])
            elif key == "documentNumber":
                out[key] = self.document_number(out.get("documentType", shape["documentType"]))
        return out

    def vehicle(self, shape):
        out = {}
        for key, value in shape.items():
            if key == "make":
                out[key] = self.random.choice(self.makes)
            elif key == "model":
                out[key] = self.random.choice(self.models)
            elif key == "year":
                out[key] = self.random.randint(1995, TODAY.year)
            elif key == "vin":
                out[key] = "".join(self.random.choice(VIN_ALPHABET) for _ in range(17))
            elif key == "plate":
                out[key] = self.plate()
            elif key == "enginePower":
                power = self.random.randint(60, 400)
                out[key] = power + 0.5 if self.random.random() < 0.2 else power
            elif key == "purpose":
                out[key] = self.random.choice(["personal", "personal", "personal", "taxi", "training", "rental"])
            else:
                out[key] = value
        return out

    def owner(self, shape):
        out = {}
        for key, value in shape.items():
            if key == "lastName":
                out[key] = self.random.choice(self.last_names)
            elif key == "firstName":
                out[key] = self.random.choice(self.first_names)
            elif key == "birthDate":
                out[key] = self.adult_birth_date().isoformat()
            else:
                out[key] = value
        return out

    def policy(self, shape):
        out = dict(shape)
        out["startDate"] = self.date_between(TODAY, TODAY + datetime.timedelta(days=60)).isoformat()
        out["periodMonths"] = self.random.choice([3, 6, 12])
        return out

    def driver(self):
        birth = self.adult_birth_date()
        issued = self.date_between(shift_years(birth, 18), TODAY)
        return {"lastName": self.random.choice(self.last_names), "firstName": self.random.choice(self.first_names),
                "birthDate": birth.isoformat(), "licenseNumber": self.document_number("passport"),
                "licenseIssued": issued.isoformat()}

    def questionnaire(self, number, shape):
        out = {"id": f"Q-{number:07d}"}
        for key, value in shape.items():
            if key == "insurant":
                out[key] = self.insurant(value)
            elif key == "vehicle":
                out[key] = self.vehicle(value)
            elif key == "owner":
                out[key] = self.owner(value)
            elif key == "policy":
                out[key] = self.policy(value)
            elif key == "drivers":
                out[key] = [self.driver() for _ in value]
        return out


def read_lines(name):
    with open(os.path.join(ROOT, "SampleData", "osago-policy", name), encoding="utf-8") as handle:
        return [line.rstrip("\n") for line in handle if line.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--invalid-share", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--output", required=True)
    arguments = parser.parse_args()
    if not 0 < arguments.records <= 10_000_000:
        sys.exit("generate_osago.py: --records must be between 1 and 10,000,000 (ids have 7 digits)")

    generator = Generator(arguments.seed)
    shapes = [json.loads(line) for line in read_lines("valid.jsonl")]
    invalid = [json.loads(line) for line in read_lines("invalid.jsonl")]
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    with open(arguments.output, "w", encoding="utf-8") as output:
        batch = []
        for number in range(arguments.records):
            if generator.random.random() < arguments.invalid_share:
                record = dict(generator.random.choice(invalid))
                if isinstance(record.get("id"), str) and record["id"].startswith("Q-") and len(record["id"]) == 9:
                    record["id"] = f"Q-{number:07d}"  # keep the broken ids of the id samples
            else:
                record = generator.questionnaire(number, generator.random.choice(shapes))
            batch.append(encode(record))
            if len(batch) == 10_000:
                output.write("\n".join(batch) + "\n")
                batch.clear()
        if batch:
            output.write("\n".join(batch) + "\n")


if __name__ == "__main__":
    main()
