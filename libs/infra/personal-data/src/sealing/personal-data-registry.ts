import type { PersonalDataPolicy } from './personal-data-policy';

/**
 * The policies of every event type that carries personal data, filled by the domain modules as they start
 * (before anything is appended) and read by the sealing event store on every append and read.
 */
export class PersonalDataRegistry {
  private readonly byType = new Map<string, PersonalDataPolicy>();

  register(policy: PersonalDataPolicy): void {
    for (const type of policy.eventTypes) {
      const known = this.byType.get(type);
      if (known && known !== policy) throw new Error(`two personal-data policies for event type ${type}`);
      this.byType.set(type, policy);
    }
  }

  policyFor(type: string): PersonalDataPolicy | undefined {
    return this.byType.get(type);
  }
}
