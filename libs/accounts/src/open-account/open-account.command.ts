import { Command } from '@nestjs/cqrs';

export interface OpenedAccount {
  accountId: string;
  keyId: string;
  /** Shown once; only its hash is stored. */
  apiKey: string;
  position: number;
}

export class OpenAccountCommand extends Command<OpenedAccount> {
  constructor(readonly name: string, readonly accountId?: string) {
    super();
  }
}
