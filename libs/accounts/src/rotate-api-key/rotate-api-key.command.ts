import { Command } from '@nestjs/cqrs';

/** `effective`: the old secret is already refused and the new one accepted in every process. */
export interface RotatedKey {
  keyId: string;
  apiKey: string;
  effective: boolean;
}

export class RotateApiKeyCommand extends Command<RotatedKey> {
  constructor(readonly keyId: string) {
    super();
  }
}
