"""openapi-python-client 0.29 generates a broken module (a body typed `A | A | A | Unset` without
importing Unset) for an operation whose body lists several JSON media types with one schema. The
API accepts application/json, text/json and application/*+json alike, so the Python client is
generated from the same document with the aliases dropped: it sends application/json."""
import json
import sys

ALIASES = ("text/json", "application/*+json")
document = json.load(open(sys.argv[1]))
for item in document["paths"].values():
    for operation in item.values():
        content = (operation.get("requestBody") or {}).get("content", {}) if isinstance(operation, dict) else {}
        if "application/json" in content:
            for alias in ALIASES:
                content.pop(alias, None)
json.dump(document, open(sys.argv[2], "w"))
