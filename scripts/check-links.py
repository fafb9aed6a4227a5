#!/usr/bin/env python3
"""Checks the relative links of every tracked Markdown file.

Every relative link and image (`[text](path)`, `![alt](path)`, `[ref]: path`,
`<a href>`, `<img src>`) must point to a file or folder of the repository, and
every `#anchor` (in the same file or in another `.md` file) to a heading of that
file, named as GitHub names it. Links with a scheme (`https:`, `mailto:`) are
not followed. Code blocks and code spans are skipped.

    python3 scripts/check-links.py        # exit 0 when every link resolves, else 1

Prints `FILE:LINE: broken link ...` for each bad link.
"""

import os
import re
import subprocess
import sys
from urllib.parse import unquote

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
IMAGE = re.compile(r"!\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
LINK = re.compile(r"\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
REF_DEF = re.compile(r"^\s{0,3}\[([^\]]+)\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HTML_ATTR = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*[\"']([^\"']*)[\"']", re.I)
HTML_ANCHOR = re.compile(r"<[a-z][^>]*?\b(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.I)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
# Characters GitHub drops from a heading when it makes the anchor (github-slugger):
# ASCII punctuation except '-' and '_', and a few symbols.
SLUG_DROP = re.compile(r"[\x00-\x1f!-,./:-@\[-^`{-\xa9\xab-\xb4\xb6-\xb9\xbb-\xbf\xd7\xf7]")


def tracked_markdown():
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--", "*.md"], cwd=ROOT, capture_output=True, check=True
        ).stdout.decode()
        return sorted(f for f in out.split("\0") if f)
    except (OSError, subprocess.CalledProcessError):
        found = []
        for d, dirs, files in os.walk(ROOT):
            dirs[:] = [x for x in dirs if x not in (".git", "target", "node_modules")]
            found += [os.path.relpath(os.path.join(d, f), ROOT) for f in files if f.endswith(".md")]
        return sorted(found)


def lines_outside_code(text):
    """(line number, line) for every line outside fenced code blocks."""
    fence = None
    for n, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        yield n, line


def plain_heading(text):
    """A heading's text as GitHub renders it, before slugging."""
    text = CODE_SPAN.sub(lambda m: m.group(2), text)
    text = IMAGE.sub(lambda m: m.group(1), text)
    text = LINK.sub(lambda m: m.group(1), text)
    text = re.sub(r"<[^>]+>", "", text)
    return text


def slug(text):
    return SLUG_DROP.sub("", plain_heading(text).strip().lower()).replace(" ", "-")


_anchors = {}


def anchors(path):
    """Every anchor of a Markdown file: headings (with GitHub's -1, -2 suffixes) and ids."""
    if path not in _anchors:
        seen = {}
        found = set()
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for _, line in lines_outside_code(text):
            m = HEADING.match(line)
            if m:
                base = slug(m.group(2))
                k = seen.get(base, 0)
                seen[base] = k + 1
                found.add(base if k == 0 else f"{base}-{k}")
            for a in HTML_ANCHOR.findall(line):
                found.add(a)
        _anchors[path] = found
    return _anchors[path]


def links(text):
    """(line number, target) for every link and image outside code."""
    for n, line in lines_outside_code(text):
        line = CODE_SPAN.sub("", line)
        m = REF_DEF.match(line)
        if m:
            yield n, m.group(2)
            continue
        for img in IMAGE.finditer(line):
            yield n, img.group(2)
        line = IMAGE.sub(lambda m: m.group(1) or "image", line)
        for ln in LINK.finditer(line):
            yield n, ln.group(2)
        for h in HTML_ATTR.findall(line):
            yield n, h


def check(md):
    """Problems with the links of one tracked Markdown file (path relative to ROOT)."""
    path = os.path.join(ROOT, md)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    problems = []
    for n, target in links(text):
        if not target or SCHEME.match(target) or target.startswith("//"):
            continue
        dest, _, anchor = target.partition("#")
        dest = unquote(dest.split("?", 1)[0])
        if dest.startswith("/"):
            full = os.path.join(ROOT, dest.lstrip("/"))
        elif dest:
            full = os.path.normpath(os.path.join(os.path.dirname(path), dest))
        else:
            full = path
        if not os.path.exists(full):
            problems.append(f"{md}:{n}: broken link {target}: no such file")
            continue
        if not os.path.realpath(full).startswith(os.path.realpath(ROOT) + os.sep):
            problems.append(f"{md}:{n}: broken link {target}: outside the repository")
            continue
        if anchor and full.endswith(".md") and os.path.isfile(full):
            if unquote(anchor).lower() not in anchors(full):
                problems.append(f"{md}:{n}: broken link {target}: no heading #{anchor}")
    return problems


def main():
    files = tracked_markdown()
    problems = [p for md in files for p in check(md)]
    for p in problems:
        print(p)
    print(f"check-links: {len(files)} Markdown files, {len(problems)} broken link(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
