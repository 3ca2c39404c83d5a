import { EMAIL_PATTERNS, renderPattern, type PatternName } from '../candidates/email-patterns';
import { normaliseName, type PersonName } from '../naming/normalise-name';
import type { KnownAddressRecord } from '../../finder.ports';
import type { DomainFormat } from './domain-format';

/** The patterns that produce `localPart` for this person, under any of their spellings or nicknames (mike.doe for Michael Doe is first.last). */
export function patternsMatching(localPart: string, name: PersonName): Set<PatternName> {
  const matches = new Set<PatternName>();
  const lasts = name.last.length > 0 ? name.last.map((s) => s.value) : [null];
  const firsts = name.first.length > 0 ? [...name.first, ...name.nicknames].map((s) => s.value) : [null];
  for (const { name: pattern } of EMAIL_PATTERNS) {
    for (const first of firsts) {
      for (const last of lasts) {
        const fields = { first, last, middleInitial: name.middleInitial };
        if (renderPattern(pattern, fields) === localPart) matches.add(pattern);
      }
    }
  }
  return matches;
}

function splitAddress(email: string): { local: string; domain: string } | null {
  const at = email.lastIndexOf('@');
  if (at <= 0) return null;
  // Sub-addressing (+tag) is the same mailbox, so the tag says nothing about the format.
  const local = email.slice(0, at).toLowerCase().split('+')[0];
  return { local, domain: email.slice(at + 1).toLowerCase() };
}

/**
 * Which formats the domain uses, strongest first. Each usable address (same domain, name that
 * normalises) casts one vote, split evenly between the patterns it fits (Al Li fits several);
 * an address fitting none still counts, as evidence of a format we do not model. Then
 *
 *   strength(p) = votes(p) / (addresses + 1)
 *
 * The +1 keeps a single observation from claiming certainty: 1 of 1 gives 0.5, 3 of 3 give 0.75,
 * 9 of 9 give 0.9.
 */
export function inferDomainFormats(domain: string, known: readonly KnownAddressRecord[]): DomainFormat[] {
  const votes = new Map<PatternName, { votes: number; support: number }>();
  const seen = new Set<string>();
  let addresses = 0;
  for (const entry of known) {
    const address = splitAddress(entry.email);
    if (!address || address.domain !== domain.toLowerCase() || seen.has(address.local)) continue;
    const parsed = normaliseName(entry.firstName, entry.lastName);
    if (!parsed.ok) continue;
    seen.add(address.local);
    addresses++;
    const matches = patternsMatching(address.local, parsed.name);
    for (const pattern of matches) {
      const tally = votes.get(pattern) ?? { votes: 0, support: 0 };
      votes.set(pattern, { votes: tally.votes + 1 / matches.size, support: tally.support + 1 });
    }
  }
  return [...votes]
    .map(([pattern, tally]) => ({ pattern, strength: tally.votes / (addresses + 1), support: tally.support }))
    .sort((a, b) => b.strength - a.strength);
}
