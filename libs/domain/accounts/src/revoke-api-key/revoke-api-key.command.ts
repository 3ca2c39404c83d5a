import { Command } from '@nestjs/cqrs';

/** `effective`: authentication in every process already refuses the key (see runKeyCommand). */
export interface RevokedKey {
  keyId: string;
  revokedAt: string;
  effective: boolean;
}

/**
 * `by`: the dashboard user who asks, judged on the account stream (an owner or admin now, or a member
 * revoking their own key); absent for an operator.
 */
export class RevokeApiKeyCommand extends Command<RevokedKey> {
  constructor(
    readonly keyId: string,
    readonly by?: string,
  ) {
    super();
  }
}
