import type { PersonalPart } from '../sealing/personal-data-policy';

/**
 * How the messages of some topics hold personal data (a list job's chunk carries its rows): the same split and
 * join as an event's PersonalDataPolicy, so a message is sealed under the scopes its rows are sealed under in
 * the log, and one erasure (the job's, the address's, the account's) makes both unreadable. Kafka cannot delete
 * one message; what it keeps until the topic's retention is then ciphertext only.
 */
export interface PersonalMessagePolicy {
  /** Whether this policy reads and writes the messages of `topic`. */
  appliesTo(topic: string): boolean;
  split(value: Record<string, unknown>): { clear: Record<string, unknown>; parts: PersonalPart[] };
  /** The message as its consumer reads it; a part whose key was destroyed arrives as null. */
  join(clear: Record<string, unknown>, parts: Array<unknown | null>): Record<string, unknown>;
}

/** The message policies of every topic that carries personal data, filled by the domain modules as they start. */
export class PersonalMessageRegistry {
  private readonly policies: PersonalMessagePolicy[] = [];

  register(policy: PersonalMessagePolicy): void {
    if (!this.policies.includes(policy)) this.policies.push(policy);
  }

  policyFor(topic: string): PersonalMessagePolicy | undefined {
    const matching = this.policies.filter((policy) => policy.appliesTo(topic));
    if (matching.length > 1) throw new Error(`two personal-data policies for topic ${topic}`);
    return matching[0];
  }
}
