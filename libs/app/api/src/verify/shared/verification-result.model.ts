import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class VerificationResultModel {
  @ApiProperty({ example: 'jane@acme.com', description: 'The address verified, echoed from the request' })
  email!: string;
  @ApiProperty({ enum: ['ok', 'invalid', 'catch_all', 'unknown', 'disposable', 'error'] }) result!: string;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 1,
    description: '1 ok, 2 catch_all, 3 unknown, 4 error, 5 disposable, 6 invalid',
  })
  resultCode!: number;
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'ok',
    description:
      'ok, greylisted, ip_blocked, mailbox_full, no_mailbox, reserved_domain, invalid_syntax, dns_error, timeout … (open-ended; every value in libs/verification/README.md)',
  })
  subResult!: string | null;
  @ApiProperty({ enum: ['good', 'risky', 'bad', ''], description: 'Empty for an error result' }) quality!: string;
  @ApiProperty() free!: boolean;
  @ApiProperty() role!: boolean;
  @ApiProperty() disposable!: boolean;
  @ApiProperty() catchAll!: boolean;
  @ApiProperty({ nullable: true, type: String, example: null }) didYouMean!: string | null;
  @ApiProperty({ example: 'google', description: 'Empty when unknown' }) provider!: string;
  @ApiProperty() antiSpam!: boolean;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 12,
    description: '0-100, lower is safer: 0-29 good, 30-69 risky, 70-100 bad',
  })
  riskScore!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 1,
    description: '1 on ok, invalid, catch_all, disposable; 0 on unknown and error (and on a repeated batch address)',
  })
  creditsCharged!: number;
  @ApiProperty({ type: 'integer', format: 'int64', example: 99, description: 'Available credits after this call' })
  creditsRemaining!: number;
  @ApiProperty({ type: 'integer', format: 'int32', example: 840 }) executionMs!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    nullable: true,
    example: null,
    description:
      'On an unknown result a later attempt may decide (greylisted, rate_limited, timeout …): milliseconds after this answer before asking again is worth it; for rate_limited, no earlier than the end of the pause the service keeps on that mail server. Null on every other result',
  })
  retryAfterMs!: number | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'aspmx.l.google.com',
    description: 'Evidence (only with evidence=true): the MX host spoken to',
  })
  mxHost?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: '142.250.27.26',
    description: 'Evidence: the address of that MX host',
  })
  mxAddress?: string | null;
  @ApiPropertyOptional({
    type: 'integer',
    format: 'int32',
    nullable: true,
    example: 550,
    description: 'Evidence: the SMTP reply code that decided the result',
  })
  smtpCode?: number | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: '5.1.1',
    description: 'Evidence: its RFC 3463 enhanced status code',
  })
  smtpEnhanced?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'The email account that you tried to reach does not exist.',
    description: 'Evidence: the reply text',
  })
  smtpReply?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'eu-proxy-1',
    description:
      "Evidence: the egress route the probe went out on (the operator's SMTP_ROUTES names; 'default' without them)",
  })
  egressRoute?: string | null;
}

/** The one description of the opt-in evidence switch, for single and batch. */
export const EVIDENCE_DOC =
  "Add the evidence behind each result: mxHost, mxAddress, smtpCode, smtpEnhanced, smtpReply, egressRoute (null where no SMTP reply decided it). Default false: the spec's fields only.";

export class BatchSummaryModel {
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    description: 'Number of results (request positions, duplicates included)',
  })
  total!: number;
  @ApiProperty({ type: 'integer', format: 'int32', description: 'Results `ok`' }) valid!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) invalid!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) catchAll!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) unknown!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) disposable!: number;
  @ApiProperty({ type: 'integer', format: 'int32' }) error!: number;
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    description: 'Sum of the results’ creditsCharged: one per unique decisive address',
  })
  creditsCharged!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) creditsRemaining!: number;
}

export class BatchResponseModel {
  @ApiProperty({ type: [VerificationResultModel] }) results!: VerificationResultModel[];
  @ApiProperty({ type: BatchSummaryModel }) summary!: BatchSummaryModel;
}
