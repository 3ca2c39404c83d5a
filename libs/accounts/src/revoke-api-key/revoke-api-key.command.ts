import { Command } from '@nestjs/cqrs';

export class RevokeApiKeyCommand extends Command<{ keyId: string; revokedAt: string }> {
  constructor(readonly keyId: string) {
    super();
  }
}
