import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The front door (README.md), CONTRIBUTING.md and docs/ link to each other by relative paths and
 * `#anchors`; sections move between files, so a link that points nowhere is caught here instead of
 * by a reader. External links (http:, mailto:) are not followed.
 */
const ROOT = join(__dirname, '..', '..');

/** README.md, CONTRIBUTING.md and every Markdown file under docs/, repository-relative. */
function documentationFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir)).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(join(ROOT, path)).isDirectory()) return walk(path);
      return name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', 'CONTRIBUTING.md', ...walk('docs')];
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCodeBlocks(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, (c) => (c === '_' ? c : ''));
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** Inline links and images `[text](target)` outside code blocks and code spans. */
function relativeLinks(markdown: string): string[] {
  const prose = withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Why a link from `file` to `target` leads nowhere, or null when it resolves. */
function brokenLink(file: string, target: string): string | null {
  const [path, anchor] = target.split('#', 2);
  const destination = path === '' ? join(ROOT, file) : resolve(ROOT, dirname(file), decodeURI(path));
  if (!existsSync(destination)) return `${file}: ${target} (no such file)`;
  if (anchor === undefined || anchor === '') return null;
  if (!destination.endsWith('.md')) return `${file}: ${target} (an anchor into a file that is not Markdown)`;
  if (!headingAnchors(readFileSync(destination, 'utf8')).has(anchor))
    return `${file}: ${target} (no heading "#${anchor}" in ${relative(ROOT, destination)})`;
  return null;
}

describe('links between README.md, CONTRIBUTING.md and docs/', () => {
  it('finds the documents and their links', () => {
    const files = documentationFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/errors.md']));
    expect(files.flatMap((file) => relativeLinks(readFileSync(join(ROOT, file), 'utf8'))).length).toBeGreaterThan(50);
  });

  it('computes anchors the way GitHub does', () => {
    const anchors = headingAnchors(
      "# Egress routes: where the prober's connections come from\n## `npm run bench:probe` (b)\n## Retention\n## Retention\n```\n# not a heading\n```\n",
    );
    expect([...anchors]).toEqual([
      'egress-routes-where-the-probers-connections-come-from',
      'npm-run-benchprobe-b',
      'retention',
      'retention-1',
    ]);
  });

  it('reports a link to a missing file or heading', () => {
    expect(brokenLink('README.md', 'docs/no-such-page.md')).toMatch(/no such file/);
    expect(brokenLink('README.md', 'docs/errors.md#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink('docs/errors.md', '../README.md#personal-data')).toBeNull();
  });

  it('has every relative link and anchor resolve', () => {
    const broken = documentationFiles().flatMap((file) =>
      relativeLinks(readFileSync(join(ROOT, file), 'utf8')).flatMap((target) => brokenLink(file, target) ?? []),
    );
    expect(broken).toEqual([]);
  });
});
