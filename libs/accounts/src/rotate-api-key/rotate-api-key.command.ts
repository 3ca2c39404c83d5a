import { Command } from '@nestjs/cqrs';

export class RotateApiKeyCommand extends Command<{ keyId: string; apiKey: string }> {
  constructor(readonly keyId: string) {
    super();
  }
}
