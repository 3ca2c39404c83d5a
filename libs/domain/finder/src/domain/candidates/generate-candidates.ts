import type { PersonName } from '../naming/normalise-name';
import { DIGRAPH_SPELLING_WEIGHT, type Spelling } from '../naming/transliterate';
import { patternBelief, type DomainFormat } from '../patterns/domain-format';
import { EMAIL_PATTERNS, renderPattern, rendersWith, type PatternName } from './email-patterns';

/** One local part to probe, the pattern it came from, and the weight it was ranked by. */
export interface Candidate {
  localPart: string;
  pattern: PatternName;
  /**
   * 0..1: the pattern's belief for this domain (its documented share, moved by domain evidence;
   * see patternBelief) times the relative likelihood of the name spellings used.
   */
  prior: number;
}

export interface CandidateOptions {
  /** Formats already inferred for the domain; the patterns they support rank first. */
  formats?: readonly DomainFormat[];
  /** At most this many candidates (default DEFAULT_MAX_CANDIDATES). */
  max?: number;
}

/**
 * Candidates per call: room for the ten sourced formats plus first-last with the person's own spelling,
 * and for a second surname spelling or two nicknames of the likeliest ones. Two sessions' worth of the
 * engine's default error budget (2 x 8), so a defended server is probed this deep without one session
 * reaching its error limit.
 */
export const DEFAULT_MAX_CANDIDATES = 16;

/**
 * Nickname addresses per call: mike.doe and mike for Michael Doe, or will.doe and bill.doe for
 * William Doe. With 8 probes a call, at least 6 of them stay on the person's own spellings.
 */
export const MAX_NICKNAME_CANDIDATES = 2;

// Dot-atom subset that every mail server accepts; also rules out empty and doubled separators.
const SAFE_LOCAL_PART = /^[a-z0-9]+([._-][a-z0-9]+)*$/;
const MAX_LOCAL_PART = 64;

const hasDigraph = (spellings: readonly Spelling[]) => spellings.some((s) => s.digraph);

/**
 * How likely this first/last spelling pair is. A person writes both names with one convention, so
 * jurgen.mueller is not tried when juergen.mueller is, and the digraph discount counts once.
 */
function pairWeight(first: Spelling | null, last: Spelling | null, name: PersonName): number | null {
  if (!first || !last) return first?.weight ?? last?.weight ?? null;
  if (first.digraph !== last.digraph && hasDigraph(name.first) && hasDigraph(name.last)) return null;
  const both = first.digraph && last.digraph;
  return (first.weight * last.weight) / (both ? DIGRAPH_SPELLING_WEIGHT : 1);
}

/** Every local part these given-name spellings render, each with its likeliest reading, most likely first. */
function rankCandidates(
  name: PersonName,
  firsts: readonly (Spelling | null)[],
  formats: readonly DomainFormat[],
): Candidate[] {
  const best = new Map<string, Candidate>();
  const lasts = name.last.length > 0 ? name.last : [null];
  const parts = { first: name.first.length > 0, last: name.last.length > 0 };
  for (const { name: pattern } of EMAIL_PATTERNS) {
    if (!rendersWith(pattern, parts)) continue;
    const belief = patternBelief(pattern, formats);
    for (const first of firsts) {
      for (const last of lasts) {
        const fields = { first: first?.value ?? null, last: last?.value ?? null, middleInitial: name.middleInitial };
        const localPart = renderPattern(pattern, fields);
        if (!localPart || localPart.length > MAX_LOCAL_PART || !SAFE_LOCAL_PART.test(localPart)) continue;
        const spellingWeight = pairWeight(first, last, name);
        if (spellingWeight === null) continue;
        const prior = belief * spellingWeight;
        const existing = best.get(localPart);
        if (!existing || existing.prior < prior) best.set(localPart, { localPart, pattern, prior });
      }
    }
  }
  // Array sort is stable, so equal priors keep the table's order (sourced rows before estimates).
  return [...best.values()].sort((a, b) => b.prior - a.prior);
}

/**
 * The local parts to try for this person, most likely first, deduplicated (flast for Jean-Luc and
 * for Jean is the same address; the likelier reading is kept) and capped. Without a last name only
 * the patterns that need none are used (`first`), without a first name likewise (`last`, once per
 * surname spelling: muller, mueller). Each keeps its own prior, so a contact that can only reach a
 * rare format ranks, and scores, as low as that format. Nickname spellings (mike.doe for Michael Doe) add at most
 * MAX_NICKNAME_CANDIDATES addresses the own spellings do not already give, ranked by their (low)
 * prior, so they only displace the own spellings' least likely formats.
 */
export function generateCandidates(name: PersonName, options: CandidateOptions = {}): Candidate[] {
  const formats = options.formats ?? [];
  const own = rankCandidates(name, name.first.length > 0 ? name.first : [null], formats);
  const taken = new Set(own.map((candidate) => candidate.localPart));
  const nicknames = rankCandidates(name, name.nicknames, formats)
    .filter((candidate) => !taken.has(candidate.localPart))
    .slice(0, MAX_NICKNAME_CANDIDATES);
  // Stable sort: on an equal prior the own spelling stays ahead of the nickname.
  return [...own, ...nicknames].sort((a, b) => b.prior - a.prior).slice(0, options.max ?? DEFAULT_MAX_CANDIDATES);
}
