"""Runs the Python client's tests (unittest discovery in this folder) and appends one JSON line per
test, {suite, title, status}, to the file given, for sdks/check.sh's summary.

Usage: python tests/run.py RESULTS.jsonl
"""
import json
import os
import sys
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)


class RecordingResult(unittest.TextTestResult):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.records = []

    def _record(self, test, status):
        self.records.append({"suite": "python: " + type(test).__module__, "title": test.id().rsplit(".", 1)[-1], "status": status})

    def addSuccess(self, test):
        super().addSuccess(test)
        self._record(test, "passed")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._record(test, "failed")

    def addError(self, test, err):
        super().addError(test, err)
        # An error in setUpClass is reported against a placeholder "test": count it as one failure.
        self._record(test, "failed")

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._record(test, "pending")


def main(results_path):
    suite = unittest.defaultTestLoader.discover(here, pattern="test_*.py", top_level_dir=here)
    runner = unittest.TextTestRunner(resultclass=RecordingResult, verbosity=2)
    result = runner.run(suite)
    with open(results_path, "a", encoding="utf-8") as out:
        for record in result.records:
            out.write(json.dumps(record) + "\n")
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
