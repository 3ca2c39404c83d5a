import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The front door (README.md), CONTRIBUTING.md and docs/ link to each other by relative paths and
 * `#anchors`; sections move between files, so a link that points nowhere is caught here instead of
 * by a reader. External links (http:, mailto:) are not followed. Lines stay readable in a terminal and a
 * diff: none over MAX_LINE characters, except a table row whose cells are all short (MAX_CELL: each cell
 * would fit on a line of its own; a longer one belongs in the prose under the table).
 */
const ROOT = join(__dirname, '..', '..');

const MAX_LINE = 200;
const MAX_CELL = 200;

/** A table row's cells: split on `|` outside code spans, `\|` kept. */
function tableCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  const text = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && text[i + 1] === '|') {
      cell += '\\|';
      i++;
    } else if (c === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else {
      if (c === '`') inCode = !inCode;
      cell += c;
    }
  }
  cells.push(cell.trim());
  return cells;
}

/** Why a line of a document is too long, or null. */
function lineProblem(line: string): string | null {
  const length = [...line].length;
  if (length <= MAX_LINE) return null;
  if (!line.trimStart().startsWith('|')) return `${length} characters (at most ${MAX_LINE})`;
  const longest = Math.max(...tableCells(line).map((cell) => [...cell].length));
  return longest > MAX_CELL
    ? `a table row of ${length} characters with a cell of ${longest} (at most ${MAX_CELL})`
    : null;
}

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

  it('measures lines and table cells', () => {
    expect(lineProblem('x'.repeat(200))).toBeNull();
    expect(lineProblem('x'.repeat(201))).toMatch(/201 characters/);
    const shortCells = `| ${Array.from({ length: 4 }, () => 'c'.repeat(60)).join(' | ')} |`;
    expect(lineProblem(shortCells)).toBeNull();
    expect(lineProblem(`| \`a|b\` | ${'c'.repeat(201)} | d |`)).toMatch(/cell of 201/);
    expect(tableCells('| `a|b` | c \\| d | e |')).toEqual(['`a|b`', 'c \\| d', 'e']);
  });

  it('has no line over 200 characters outside tables of short cells', () => {
    const long = documentationFiles().flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          const problem = lineProblem(line);
          return problem ? [`${file}:${i + 1}: ${problem}`] : [];
        }),
    );
    expect(long).toEqual([]);
  });

  it('has README.md link every document under docs/', () => {
    const linked = new Set(relativeLinks(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((t) => t.split('#')[0]));
    const pages = documentationFiles().filter((file) => /^docs\/[^/]+\.md$/.test(file));
    expect(pages.length).toBeGreaterThan(15);
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
    expect(linked.has('docs/decisions/')).toBe(true);
  });

  it('has every relative link and anchor resolve', () => {
    const broken = documentationFiles().flatMap((file) =>
      relativeLinks(readFileSync(join(ROOT, file), 'utf8')).flatMap((target) => brokenLink(file, target) ?? []),
    );
    expect(broken).toEqual([]);
  });
});
