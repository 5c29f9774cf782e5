/**
 * The relative links of a Markdown file, and whether each resolves among a set of files (a
 * tarball's list): the target file or folder, and its #anchor among the target's headings
 * (GitHub's slugs), so a link that works on the repository's web page works in the package too.
 */
import * as path from "path";

export interface Link {
  text: string;
  target: string;
}

/** `[text](target)` links that are neither absolute URLs nor mail addresses; code is skipped. */
export function relativeLinks(markdown: string): Link[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  const links: Link[] = [];
  for (const m of prose.matchAll(/\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(m[2])) links.push({ text: m[1], target: m[2] });
  }
  return links;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

export function anchorsOf(markdown: string): Set<string> {
  const prose = markdown.replace(/```[\s\S]*?```/g, "");
  const anchors = new Set<string>();
  for (const m of prose.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1].replace(/`/g, ""));
    let a = base;
    for (let i = 1; anchors.has(a); i++) a = `${base}-${i}`;
    anchors.add(a);
  }
  return anchors;
}

/**
 * What is wrong with `link` of the file `from` (a path inside the package), or undefined when it
 * resolves: `files` are the package's paths; `read` returns a packed Markdown file's text.
 */
export function brokenLink(from: string, link: Link, files: readonly string[], read: (file: string) => string): string | undefined {
  const [rawPath, anchor] = link.target.split("#", 2);
  const target = rawPath ? path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURI(rawPath))).replace(/\/$/, "") : from;
  if (target.startsWith("../")) return `${from}: ${link.target} points outside the package`;
  const isFile = files.includes(target);
  const isDir = files.some((f) => f.startsWith(`${target}/`));
  if (!isFile && !isDir) return `${from}: ${link.target} is not in the package`;
  if (anchor && isFile && target.endsWith(".md") && !anchorsOf(read(target)).has(anchor)) {
    return `${from}: ${link.target} names no heading of ${target}`;
  }
  return undefined;
}
