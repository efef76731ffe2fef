"""Checks formsmith_spark against one run of the binary (run by scripts/integration/spark.sh).

usage: check_spark.py BINARY RULES DATA.jsonl LABELS.jsonl SINGLE-REPORT.jsonl TODAY
Runs Spark in local mode (local[2]) over DATA in several partitions, then checks that the
results are exactly the single run's (same files, lines, ids, violations, messages, values),
that the merged summary equals the single run's, and that every labelled defect was found.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pyspark.sql import SparkSession  # noqa: E402

from formsmith_spark import validate_jsonl  # noqa: E402


def main():
    binary, rules, data, labels_path, single_path, today = sys.argv[1:7]
    spark = (SparkSession.builder.master("local[2]").appName("formsmith-check")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", "2").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    # Everything travels as a cluster job ships it (--py-files, --files): the module by
    # addPyFile, the binary and the rules by addFile, used by bare name.
    spark.sparkContext.addPyFile(os.path.join(os.path.dirname(os.path.abspath(__file__)), "formsmith_spark.py"))
    spark.sparkContext.addFile(binary)
    rules_folder = os.path.dirname(rules)  # shipped whole: rule files include libraries beside them
    spark.sparkContext.addFile(rules_folder, recursive=True)
    shipped_rules = os.path.join(os.path.basename(rules_folder), os.path.basename(rules))
    results, summary = validate_jsonl(spark, data, shipped_rules, binary=os.path.basename(binary),
                                      today=today, partitions=7, driver_binary=binary)
    partitions = results.rdd.getNumPartitions()
    rows = [row.asDict(recursive=True) for row in results.orderBy("line").collect()]
    spark.stop()

    single_lines = open(single_path, encoding="utf-8").read().splitlines()
    single_summary = json.loads(single_lines[-1])["summary"]
    single = [json.loads(line) for line in single_lines[:-1]]

    def canonical(result):
        errors = [{key: value for key, value in error.items() if value is not None} for error in result["errors"]]
        kept = {key: result.get(key) for key in ("file", "line", "index", "id", "unreadable")}
        return json.dumps({**{k: v for k, v in kept.items() if v is not None}, "errors": errors},
                          ensure_ascii=False, sort_keys=True)

    spark_results = [canonical(row) for row in rows]
    single_results = [canonical(result) for result in single]
    problems = []
    if partitions < 2:
        problems.append(f"the data was read in {partitions} partition(s); the check needs several")
    if spark_results != single_results:
        missing = sorted(set(single_results) - set(spark_results))[:3]
        extra = sorted(set(spark_results) - set(single_results))[:3]
        problems.append(f"results differ: {len(spark_results)} from Spark, {len(single_results)} from one run; "
                        f"missing {missing}, extra {extra}")
    if summary != single_summary:
        problems.append(f"merged summary differs:\n  spark  {json.dumps(summary)[:600]}\n"
                        f"  single {json.dumps(single_summary)[:600]}")
    found = {(row["line"], error["field"], error["rule"]) for row in rows for error in row["errors"]}
    labels = [json.loads(line) for line in open(labels_path, encoding="utf-8")]
    unfound = [label for label in labels if (label["line"], label["field"], label["rule"]) not in found]
    if not labels or unfound:
        problems.append(f"{len(unfound)} of {len(labels)} labelled defects not found, e.g. {unfound[:3]}")
    if problems:
        print("spark: FAILED\n" + "\n".join(problems))
        sys.exit(1)
    print(f"spark: {summary['records']} questionnaires in {partitions} partitions: {len(rows)} results and the "
          f"merged summary ({summary['invalid']} invalid, {summary['violations']} violations) equal one run's; "
          f"all {len(labels)} labelled defects found")


if __name__ == "__main__":
    main()
