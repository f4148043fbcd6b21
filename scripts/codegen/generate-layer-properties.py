#!/usr/bin/env python3
"""Generates CALayer's property code from scripts/codegen/layer-properties.tsv.

The table is the one source of truth for CALayer's stored properties. This script rewrites
the blocks between `// BEGIN GENERATED <region>` and `// END GENERATED <region>` in the
Swift files below and writes two whole generated files. Run it after editing the table
(`make generate`); `--check` exits 1 when a file is out of date (the tests run it).
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TABLE = os.path.join(ROOT, "scripts", "codegen", "layer-properties.tsv")
NOTE = "generated from scripts/codegen/layer-properties.tsv by scripts/codegen/generate-layer-properties.py: edit the table, not this"


def load():
    rows = []
    header = None
    for line in open(TABLE, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            header = cells
            continue
        if len(cells) != len(header):
            sys.exit(f"layer-properties.tsv: {len(cells)} cells, {len(header)} expected: {line}")
        row = dict(zip(header, cells))
        for k in ("action", "uiview"):
            row[k] = row[k] == "yes"
        for k in ("key", "value", "check", "direct", "doc"):
            if row[k] == "-":
                row[k] = None
        rows.append(row)
    return rows


def doc(row, indent):
    if not row["doc"]:
        return []
    # Wrap at about 100 columns.
    words, lines, cur = row["doc"].split(), [], ""
    for w in words:
        if len(indent) + 4 + len(cur) + len(w) + 1 > 100 and cur:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}".strip()
    lines.append(cur)
    return [f"{indent}/// {l}" for l in lines]


def numeric_type(row):
    return {"Float": "Float", "CGFloat": "CGFloat", "Double": "Double"}[row["type"]]


# MARK: regions

def layer_values_hot(rows):
    out = []
    for r in rows:
        if r["storage"] == "hot":
            out.append(f"    public var {r['swift']}: {r['type']} = {r['default']}")
    return out


def layer_values_cold_accessors(rows):
    out = []
    for r in rows:
        if r["storage"] == "cold":
            out += [
                f"    public var {r['swift']}: {r['type']} {{",
                f"        get {{ cold.{r['swift']} }}",
                f"        set {{ editCold().{r['swift']} = newValue }}",
                "    }",
            ]
        elif r["storage"] == "contents":
            out += [
                "    /// Usually a `CGImage`. Stored boxed (`ContentsBox`) so the storage holds no `Any`",
                "    /// inline (a copy then needs plain retains, not value-witness calls).",
                f"    public var {r['swift']}: {r['type']} {{",
                f"        get {{ cold.{r['swift']}Box?.value }}",
                f"        set {{ editCold().{r['swift']}Box = newValue.map(ContentsBox.init) }}",
                "    }",
                f"    var {r['swift']}Box: ContentsBox? {{",
                f"        get {{ cold.{r['swift']}Box }}",
                f"        set {{ editCold().{r['swift']}Box = newValue }}",
                "    }",
            ]
    return out


def cold_storage(rows):
    out = []
    for r in rows:
        if r["storage"] == "cold":
            out.append(f"    var {r['swift']}: {r['type']} = {r['default']}")
        elif r["storage"] == "contents":
            out.append(f"    var {r['swift']}Box: ContentsBox? = nil")
    return out


def cold_copy(rows):
    out = []
    for r in rows:
        if r["storage"] == "cold":
            out.append(f"        {r['swift']} = o.{r['swift']}")
        elif r["storage"] == "contents":
            out.append(f"        {r['swift']}Box = o.{r['swift']}Box")
    return out


def layer_properties(rows):
    out = []
    for r in rows:
        name, typ = r["swift"], r["type"]
        out += doc(r, "    ")
        check, action = r["check"], r["action"]
        if not check and not action:
            out.append(f"    open var {name}: {typ} {{ get {{ state.{name} }} set {{ state.{name} = newValue }} }}")
            continue
        out += [f"    open var {name}: {typ} {{", f"        get {{ state.{name} }}", "        set {"]
        label = r["key"] or name
        if check == "finite":
            out.append(f"            guard accepts(newValue, \"{label}\", old: state.{name}) else {{ return }}")
        elif check == "notNaN":
            out.append(f"            guard accepts(newValue, \"{label}\", old: state.{name}, if: !newValue.isNaN) else {{ return }}")
        if action:
            out += [
                f"            let old = state.{name}",
                f"            keyValueObservers?.willChange(\"{r['key']}\")",
                f"            state.{name} = newValue",
                f"            if !isPresentationCopy {{ propertyDidChange(\"{r['key']}\", old) }}",
                f"            keyValueObservers?.didChange(\"{r['key']}\")",
            ]
        else:
            out.append(f"            state.{name} = newValue")
        out += ["        }", "    }"]
    return out


def keyed(rows):
    return [r for r in rows if r["key"]]


def layer_key(rows):
    ks = keyed(rows)
    out = [
        "/// A CALayer property the engine reads and writes without string matching: every property",
        "/// of the table with a key-value-coding key, and `custom` for any other key.",
        "enum LayerKey: Hashable {",
    ]
    line = "    case"
    names = [r["key"] for r in ks]
    for i, n in enumerate(names):
        piece = f" {n}" + ("," if i < len(names) - 1 else "")
        if len(line) + len(piece) > 100:
            out.append(line.rstrip(","))
            line = "    case"
            piece = piece
        line += piece
    out.append(line.rstrip(","))
    out += ["    case custom(String)", "", "    init(_ name: String) {", "        switch name {"]
    for r in ks:
        labels = [f"\"{r['key']}\""] + ([f"\"{r['swift']}\""] if r["swift"] != r["key"] else [])
        out.append(f"        case {', '.join(labels)}: self = .{r['key']}")
    out += ["        default: self = .custom(name)", "        }", "    }", "}"]
    return out


def read_switch(rows):
    out = []
    for r in keyed(rows):
        k, s, v = r["key"], r["swift"], r["value"]
        expr = {
            "number": f".number(Double(state.{s}))", "point": f".point(state.{s})", "size": f".size(state.{s})",
            "rect": f".rect(state.{s})", "transform": f".transform(state.{s})", "color": f".color(state.{s})",
            "bool": f".other(state.{s})", "path": f".other(state.{s})", "contents": f".other(state.{s})",
        }[v]
        out.append(f"        case .{k}: return {expr}")
    return out


def write_cases(rows, target):
    out = []
    for r in keyed(rows):
        k, s, v = r["key"], r["swift"], r["value"]
        lhs = f"{target}{s}"
        if v == "number":
            out.append(f"        case (.{k}, .number(let v)): {lhs} = {numeric_type(r)}(v)")
        elif v in ("point", "size", "rect", "transform", "color"):
            out.append(f"        case (.{k}, .{v}(let v)): {lhs} = v")
            if v == "transform":
                out.append(f"        case (.{k}, .affine(let v)): {lhs} = CATransform3DMakeAffineTransform(v)")
        elif v == "bool":
            out.append(f"        case (.{k}, .other(let v as Bool)): {lhs} = v")
            out.append(f"        case (.{k}, .number(let v)): {lhs} = v != 0")
        elif v == "path":
            out.append(f"        case (.{k}, .other(let v)): {lhs} = v as? CGPath")
        elif v == "contents":
            out.append(f"        case (.{k}, .other(let v)): {lhs} = v")
    return out


def implicit_keys(rows):
    keys = [f"\"{r['key']}\"" for r in rows if r["key"] and r["action"]]
    out, line = [], "            "
    for i, k in enumerate(keys):
        piece = k + ", "
        if len(line) + len(piece) > 110:
            out.append(line.rstrip())
            line = "            "
        line += piece
    out.append(line.rstrip())
    return ["        ["] + out + ["        ]"]


def direct_file(rows):
    by = {kind: [r for r in rows if r["direct"] == kind] for kind in ("number", "point", "color")}
    out = [f"// This file is {NOTE} file.", "import Foundation", "import FlipbookGeometry", ""]
    for kind, title in (("number", "Number"), ("point", "Point"), ("color", "Color")):
        names = [r["key"] for r in by[kind]]
        out += [
            f"/// The {kind} properties the presentation walk writes directly (no `AnimatableValue`): a",
            "/// trivially copyable field name, so compiled plans copy without reference counting.",
            f"enum Direct{title}Field: Sendable {{",
            f"    case {', '.join(names)}",
            "",
            "    /// The field of `key`, or nil when the walk has no direct write for it.",
            "    init?(_ key: LayerKey) {",
            "        switch key {",
        ]
        for n in names:
            out.append(f"        case .{n}: self = .{n}")
        out += ["        default: return nil", "        }", "    }", "}", ""]
    out += ["extension LayerValues {"]
    out += [
        "    /// Stores a directly written number, converted to the property's type.",
        "    @inline(__always)",
        "    mutating func set(_ field: DirectNumberField, _ v: Double) {",
        "        switch field {",
    ]
    for r in by["number"]:
        out.append(f"        case .{r['key']}: {r['swift']} = {numeric_type(r)}(v)")
    out += ["        }", "    }", ""]
    out += ["    /// Stores a directly written point.", "    @inline(__always)",
            "    mutating func set(_ field: DirectPointField, _ p: CGPoint) {", "        switch field {"]
    for r in by["point"]:
        out.append(f"        case .{r['key']}: {r['swift']} = p")
    out += ["        }", "    }", ""]
    out += ["    /// Stores a directly written colour.", "    @inline(__always)",
            "    mutating func set(_ field: DirectColorField, _ c: CGColor) {", "        switch field {"]
    for r in by["color"]:
        out.append(f"        case .{r['key']}: {r['swift']} = c")
    out += ["        }", "    }", "}", ""]
    return out


def uikit_file(rows):
    anim = [r for r in rows if r["uiview"]]
    out = [f"// This file is {NOTE} file.", "import Foundation", "import FlipbookGeometry", "import FlipbookQuartz", "",
           "extension AnimatableLayerKeys {",
           "    /// The keys UIView animation blocks capture (the table's `uiview` column).",
           "    static let all: Set<String> = ["]
    keys = [f"\"{r['key']}\"" for r in anim]
    line = "        "
    for k in keys:
        piece = k + ", "
        if len(line) + len(piece) > 110:
            out.append(line.rstrip())
            line = "        "
        line += piece
    out += [line.rstrip(), "    ]", "",
            "    /// The keys whose values are colours (a nil colour reads as clear).",
            "    static let colorKeys: Set<String> = [" + ", ".join(f"\"{r['key']}\"" for r in anim if r["value"] == "color") + "]",
            "",
            "    /// The current value of `key` on `layer` (model or presentation copy), boxed as the type",
            "    /// Core Animation expects in `fromValue`/`toValue`; nil for keys not in `all`.",
            "    static func value(of layer: CALayer, forKey key: String) -> Any? {",
            "        switch key {"]
    for r in anim:
        expr = f"layer.{r['swift']}" + (" ?? clearColor" if r["value"] == "color" else "")
        out.append(f"        case \"{r['key']}\": {expr}")
    out += ["        default: nil", "        }", "    }", "}", ""]
    return out


REGIONS = {
    "Sources/FlipbookQuartz/LayerValues.swift": {
        "hot-storage": layer_values_hot, "cold-accessors": layer_values_cold_accessors,
        "cold-storage": cold_storage, "cold-copy": cold_copy,
    },
    "Sources/FlipbookQuartz/CALayer.swift": {"properties": layer_properties},
    "Sources/FlipbookQuartz/CALayer+KeyPath.swift": {"layer-key": layer_key},
    "Sources/FlipbookQuartz/CALayer+Values.swift": {
        "read": read_switch,
        "write-presentation": lambda rows: write_cases(rows, "state."),
        "write-model": lambda rows: write_cases(rows, ""),
    },
    "Sources/FlipbookQuartz/CALayer+Actions.swift": {"implicit-keys": implicit_keys},
}
def observing_file(rows):
    out = [
        f"// {NOTE}",
        "import FlipbookGeometry",
        "",
        "extension CALayer {",
        "    /// The key-value observing name of `keyPath` when it is one of the stored properties whose",
        "    /// setters announce changes (docs/API-Status.md, \"Key-value observing\"), else nil.",
        "    @preconcurrency @MainActor",
        "    package static func observedKey<Root: CALayer>(of keyPath: AnyKeyPath, root: Root.Type) -> String? {",
    ]
    for r in rows:
        if r["action"] and r["key"]:
            out.append(f"        if keyPath == \\Root.{r['swift']} as AnyKeyPath {{ return \"{r['key']}\" }}")
    out += ["        return nil", "    }", "}", ""]
    return out


WHOLE = {
    "Sources/FlipbookQuartz/CALayer+Observing.generated.swift": observing_file,
    "Sources/FlipbookQuartz/LayerProperties+Direct.generated.swift": direct_file,
    "Sources/FlipbookUIKit/Animation/AnimatableLayerKeys.generated.swift": uikit_file,
}


def render_regions(text, path, regions, rows):
    for name, fn in regions.items():
        pat = re.compile(
            r"(^[ \t]*// BEGIN GENERATED " + re.escape(name) + r"\b[^\n]*\n)(.*?)(^[ \t]*// END GENERATED " + re.escape(name) + r"\b)",
            re.S | re.M)
        m = pat.search(text)
        if not m:
            sys.exit(f"{path}: no '// BEGIN GENERATED {name}' ... '// END GENERATED {name}' block")
        body = "\n".join(fn(rows)) + "\n"
        text = text[:m.start(2)] + body + text[m.end(2):]
    return text


def main():
    check = "--check" in sys.argv
    rows = load()
    stale = []
    outputs = {}
    for rel, regions in REGIONS.items():
        path = os.path.join(ROOT, rel)
        old = open(path, encoding="utf-8").read()
        outputs[rel] = (old, render_regions(old, rel, regions, rows))
    for rel, fn in WHOLE.items():
        path = os.path.join(ROOT, rel)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        outputs[rel] = (old, "\n".join(fn(rows)))
    for rel, (old, new) in outputs.items():
        if old != new:
            stale.append(rel)
            if not check:
                with open(os.path.join(ROOT, rel), "w", encoding="utf-8") as f:
                    f.write(new)
    if check and stale:
        print("out of date (run `make generate`): " + ", ".join(stale))
        sys.exit(1)
    if not check:
        print("updated: " + ", ".join(stale) if stale else "up to date")


if __name__ == "__main__":
    main()
