import { Command } from '@nestjs/cqrs';

/** `effective`: authentication in every process already refuses the key (see runKeyCommand). */
export interface RevokedKey {
  keyId: string;
  revokedAt: string;
  effective: boolean;
}

export class RevokeApiKeyCommand extends Command<RevokedKey> {
  constructor(readonly keyId: string) {
    super();
  }
}
