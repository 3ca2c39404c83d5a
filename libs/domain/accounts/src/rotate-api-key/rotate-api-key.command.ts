import { Command } from '@nestjs/cqrs';

/** `effective`: the old secret is already refused and the new one accepted in every process. */
export interface RotatedKey {
  keyId: string;
  apiKey: string;
  effective: boolean;
}

/** `by`: the dashboard user who asks, judged on the account stream as for a revocation; absent for an operator. */
export class RotateApiKeyCommand extends Command<RotatedKey> {
  constructor(
    readonly keyId: string,
    readonly by?: string,
  ) {
    super();
  }
}
