import { Module } from '@nestjs/common';
import { PersonalDataRegistry, PersonalMessageRegistry } from '@lib/personal-data';
import { ERASURE_PERSONAL_DATA } from '@lib/erasure';
import { VERIFICATION_PERSONAL_DATA } from '@lib/paid-verification';
import { VERIFICATION_CHUNK_MESSAGE_PERSONAL_DATA, VERIFICATION_JOB_PERSONAL_DATA } from '@lib/verification-jobs';
import { FINDER_CHUNK_MESSAGE_PERSONAL_DATA, FINDER_PERSONAL_DATA } from '@lib/finder';
import { IDEMPOTENCY_PERSONAL_DATA } from '@lib/idempotency';

/**
 * Every event type that carries personal data, with the policy that seals it (docs/personal-data.md lists
 * them): one list, registered in every process that appends or reads events (each role, the CLI) before it
 * does either, since a sealed event can be read only by a process that knows its policy.
 */
const POLICIES = [
  ...VERIFICATION_PERSONAL_DATA,
  ...VERIFICATION_JOB_PERSONAL_DATA,
  ...FINDER_PERSONAL_DATA,
  ...IDEMPOTENCY_PERSONAL_DATA,
  ...ERASURE_PERSONAL_DATA,
];

/** Every bus topic whose messages carry personal data (list jobs' chunks), sealed on the bus the same way. */
const MESSAGE_POLICIES = [VERIFICATION_CHUNK_MESSAGE_PERSONAL_DATA, FINDER_CHUNK_MESSAGE_PERSONAL_DATA];

@Module({})
export class PersonalDataPoliciesModule {
  constructor(registry: PersonalDataRegistry, messages: PersonalMessageRegistry) {
    for (const policy of POLICIES) registry.register(policy);
    for (const policy of MESSAGE_POLICIES) messages.register(policy);
  }
}
