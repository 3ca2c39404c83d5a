import { Command } from '@nestjs/cqrs';

export interface OpenedAccount {
  accountId: string;
  /** The owner key, shown once (only its hash is stored); null when opened without one. */
  keyId: string | null;
  apiKey: string | null;
  position: number;
}

export class OpenAccountCommand extends Command<OpenedAccount> {
  constructor(
    readonly name: string,
    readonly accountId?: string,
    readonly withOwnerKey = true,
    readonly ownerUserId?: string,
  ) {
    super();
  }
}
