import { isParticle } from './name-words';

/** A way to write a name in a mailbox before transliteration, with its relative likelihood (0..1). */
export interface NameForm {
  text: string;
  weight: number;
}

// Relative likelihoods of the reduced surname forms against the full joined one: estimates, since
// no published data splits mailbox names by how multi-part surnames were shortened.
export const SURNAME_FORM_WEIGHTS = {
  joined: 1,
  firstPart: 0.7,
  withoutParticles: 0.6,
  hyphenKept: 0.4,
} as const;

interface Segment {
  text: string;
  particle: boolean;
  hyphenBefore: boolean;
}

function segmentsOf(words: string[]): Segment[] {
  const segments = words.flatMap((word) =>
    word.split('-').map((text, index) => ({ text, particle: false, hyphenBefore: index > 0 })),
  );
  // A particle is only a particle when a core part follows: "Le" alone is a surname.
  return segments.map((segment, index) => ({
    ...segment,
    particle: index < segments.length - 1 && isParticle(segment.text),
  }));
}

const joined = (segments: Segment[]) => segments.map((s) => s.text).join('');
const hyphenated = (segments: Segment[]) =>
  segments.map((s, index) => (s.hyphenBefore && index > 0 ? `-${s.text}` : s.text)).join('');

/**
 * The surname forms to try for a multi-part, hyphenated or particle surname, most likely first:
 * "van der Berg" -> vanderberg, berg; "Smith-Jones" -> smithjones, smith, smith-jones;
 * "García López" -> garcialopez, garcia.
 */
export function surnameForms(words: string[]): NameForm[] {
  const segments = segmentsOf(words);
  const cores = segments.filter((s) => !s.particle);
  const forms: NameForm[] = [{ text: joined(segments), weight: SURNAME_FORM_WEIGHTS.joined }];
  if (segments.some((s) => s.hyphenBefore)) {
    forms.push({ text: hyphenated(segments), weight: SURNAME_FORM_WEIGHTS.hyphenKept });
  }
  if (cores.length < segments.length) {
    forms.push({ text: joined(cores), weight: SURNAME_FORM_WEIGHTS.withoutParticles });
  }
  if (cores.length > 1) {
    const firstCore = segments.indexOf(cores[0]);
    const firstGroup = segments.slice(0, firstCore + 1);
    forms.push({ text: joined(firstGroup), weight: SURNAME_FORM_WEIGHTS.firstPart });
    if (firstGroup.length > 1) {
      const weight = SURNAME_FORM_WEIGHTS.firstPart * SURNAME_FORM_WEIGHTS.withoutParticles;
      forms.push({ text: cores[0].text, weight });
    }
  }
  return forms;
}
