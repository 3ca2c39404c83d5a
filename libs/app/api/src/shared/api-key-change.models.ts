import { ApiProperty } from '@nestjs/swagger';
import { API_KEY_KINDS, type ApiKeyKind, KEY_SCOPES, type KeyScope } from '@lib/accounts';

// One answer for a key changed from the dashboard or the admin API: both run the same accounts command.

/**
 * Why a change can be recorded but not yet in force: authentication in every process reads the
 * projected key, and the command waits for the projector only so long (KeyCommandRunner).
 */
const EFFECTIVE =
  'true: authentication in every process already sees the change; false: recorded, takes effect as soon as the projector catches up';

export class RevokedKeyModel {
  @ApiProperty({ example: '9f1c2b3a4d5e6f70' }) keyId!: string;
  @ApiProperty({ example: '2025-06-01T12:00:00.000Z', format: 'date-time' }) revokedAt!: string;
  @ApiProperty({ example: true, description: EFFECTIVE }) effective!: boolean;
}

export class RotatedKeyModel {
  @ApiProperty({ example: '9f1c2b3a4d5e6f70' }) keyId!: string;
  @ApiProperty({ example: 'mk_9f1c2b3a4d5e6f70_…', description: 'The new secret; shown only here' }) apiKey!: string;
  @ApiProperty({ example: true, description: EFFECTIVE }) effective!: boolean;
}

/** A key's limits as they are now (null: none). */
export class KeyRestrictionsModel {
  @ApiProperty({
    type: [String],
    enum: KEY_SCOPES,
    nullable: true,
    example: ['verify', 'credits:read'],
    description: 'null: every scope',
  })
  scopes!: KeyScope[] | null;
  @ApiProperty({ type: [String], nullable: true, example: ['203.0.113.0/24'], description: 'null: every address' })
  allowedAddresses!: string[] | null;
  @ApiProperty({ type: Number, nullable: true, example: 5000, description: 'null: no monthly credit cap' })
  monthlyCreditCap!: number | null;
  @ApiProperty({
    type: [String],
    nullable: true,
    example: null,
    description: "A publishable key's web origins; null for live and test keys",
  })
  allowedOrigins!: string[] | null;
}

/** A key's limits and what it is for. */
export class KeyDescriptionModel extends KeyRestrictionsModel {
  @ApiProperty({
    enum: API_KEY_KINDS,
    example: 'live',
    description:
      'live: a server-side secret spending the balance; test: answers from the magic-address table with a test balance; publishable: single verify from listed web origins',
  })
  kind!: ApiKeyKind;
}

export class RestrictedKeyModel extends KeyRestrictionsModel {
  @ApiProperty({ example: '9f1c2b3a4d5e6f70' }) keyId!: string;
  @ApiProperty({ example: true, description: EFFECTIVE }) effective!: boolean;
}
