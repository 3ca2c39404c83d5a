import { ApiProperty } from '@nestjs/swagger';

/** Calls and credits over a span; every row of the usage report carries them. */
class UsageTotalsModel {
  @ApiProperty({ type: 'integer', example: 120 }) verifications!: number;
  @ApiProperty({ type: 'integer', example: 8 }) finderCalls!: number;
  @ApiProperty({ type: 'integer', example: 110 }) credits!: number;
}

export class UsageDayModel extends UsageTotalsModel {
  @ApiProperty({ example: '2026-11-27', description: 'UTC day' }) day!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { ok: 90, invalid: 20, unknown: 10 },
    description: 'Verifications per result',
  })
  byResult!: Record<string, number>;
}

export class UsageByKeyModel extends UsageTotalsModel {
  @ApiProperty({ description: 'An API key id, or session:<id> for calls made from the dashboard' }) keyId!: string;
  @ApiProperty({ type: String, nullable: true }) label!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Who made the calls; null for keys an operator made' })
  ownerUserId!: string | null;
}

export class UsageByMemberModel extends UsageTotalsModel {
  @ApiProperty({ type: String, nullable: true }) userId!: string | null;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
}

/** GET /dashboard/v1/team/usage: per day (UTC) and result, per key and per member, over the last `days` days. */
export class TeamUsageModel {
  @ApiProperty({ example: '2026-10-29' }) from!: string;
  @ApiProperty({ example: '2026-11-27' }) to!: string;
  @ApiProperty({ type: [UsageDayModel] }) daily!: UsageDayModel[];
  @ApiProperty({ type: [UsageByKeyModel] }) byKey!: UsageByKeyModel[];
  @ApiProperty({ type: [UsageByMemberModel] }) byMember!: UsageByMemberModel[];
}
