"""Writes the schemas of the public OpenAPI document as Python TypedDicts (stdlib only).

Usage: python3 python_types.py public.json _generated.py

Each object schema becomes a TypedDict named like the schema; optional properties go in a second
class (total=False) so that Python 3.9 can say which keys are always present. Inline objects get a
name built from their parent and property.
"""
import json
import keyword
import sys

HEADER = '''"""Types of the service's API, generated from its OpenAPI document by sdks/openapi/python_types.py.

Do not edit: run sdks/openapi/generate.sh against a running service instead.
"""
# fmt: off
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union

'''


def literal(value):
    return repr(value) if isinstance(value, bool) else json.dumps(value)


def pascal(name):
    return "".join(part[:1].upper() + part[1:] for part in name.replace("-", "_").split("_") if part)


class Writer:
    def __init__(self, schemas):
        self.schemas = schemas
        self.classes = []
        self.names = set()

    def annotation(self, schema, context):
        if "$ref" in schema:
            return '"%s"' % schema["$ref"].rsplit("/", 1)[1]
        nullable = schema.get("nullable", False)
        if "enum" in schema:
            values = [v for v in schema["enum"] if v is not None]
            nullable = nullable or None in schema["enum"]
            inner = "Literal[%s]" % ", ".join(literal(v) for v in values) if values else "None"
        elif "anyOf" in schema or "oneOf" in schema:
            options = schema.get("anyOf") or schema.get("oneOf")
            inner = "Union[%s]" % ", ".join(
                self.annotation(option, "%s%d" % (context, i)) for i, option in enumerate(options)
            )
        else:
            kind = schema.get("type")
            if kind == "string":
                inner = "str"
            elif kind == "integer":
                inner = "int"
            elif kind == "number":
                inner = "float"
            elif kind == "boolean":
                inner = "bool"
            elif kind == "array":
                inner = "List[%s]" % self.annotation(schema.get("items", {}), context + "Item")
            elif kind == "object" and schema.get("properties"):
                inner = '"%s"' % self.object_class(context, schema)
            elif kind == "object" and isinstance(schema.get("additionalProperties"), dict):
                inner = "Dict[str, %s]" % self.annotation(schema["additionalProperties"], context + "Value")
            elif kind == "object":
                inner = "Dict[str, Any]"
            else:
                inner = "Any"
        return "Optional[%s]" % inner if nullable and inner not in ("Any", "None") else inner

    def object_class(self, name, schema):
        if name in self.names:
            return name
        self.names.add(name)
        required = set(schema.get("required", []))
        fields = {"required": [], "optional": []}
        for prop, prop_schema in schema.get("properties", {}).items():
            annotation = self.annotation(prop_schema, name + pascal(prop))
            fields["required" if prop in required else "optional"].append((prop, annotation))
        self.classes.append((name, fields, schema.get("description")))
        return name

    def render(self):
        out = []
        for name, fields, description in self.classes:
            identifiers = all(p.isidentifier() and not keyword.iskeyword(p) for p, _ in fields["required"] + fields["optional"])
            doc = '    """%s"""\n' % description.replace('"""', "'''") if description else ""
            if not identifiers:
                items = ", ".join('"%s": %s' % (p, a) for p, a in fields["required"] + fields["optional"])
                out.append('%s = TypedDict("%s", {%s}, total=False)\n' % (name, name, items))
                continue
            if fields["required"] and fields["optional"]:
                out.append("class _%sRequired(TypedDict):\n%s\n" % (name, "".join("    %s: %s\n" % f for f in fields["required"])))
                out.append("class %s(_%sRequired, total=False):\n%s%s\n" % (name, name, doc, "".join("    %s: %s\n" % f for f in fields["optional"])))
            elif fields["required"]:
                out.append("class %s(TypedDict):\n%s%s\n" % (name, doc, "".join("    %s: %s\n" % f for f in fields["required"])))
            else:
                out.append("class %s(TypedDict, total=False):\n%s%s\n" % (name, doc, "".join("    %s: %s\n" % f for f in fields["optional"]) or "    pass\n"))
        return HEADER + "\n".join(out)


def main(source, target):
    with open(source, encoding="utf-8") as handle:
        schemas = json.load(handle)["components"]["schemas"]
    writer = Writer(schemas)
    for name in sorted(schemas):
        schema = schemas[name]
        if schema.get("type") == "object" or "properties" in schema:
            writer.object_class(name, schema)
        else:
            writer.classes.append((name, None, None))
    rendered = writer.render()
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(rendered)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
