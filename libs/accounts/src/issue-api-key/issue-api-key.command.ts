import { Command } from '@nestjs/cqrs';

export interface IssuedKey {
  keyId: string;
  apiKey: string;
  position: number;
}

/** Issues a member key: it spends the account owner's credits. */
export class IssueApiKeyCommand extends Command<IssuedKey> {
  constructor(
    readonly accountId: string,
    readonly label: string,
    readonly userId?: string,
  ) {
    super();
  }
}
