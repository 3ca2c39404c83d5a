import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ErasureTargetDto {
  @ApiProperty({
    enum: ['job', 'address', 'account'],
    description: "A job's data, one address across the account, or the whole account at its closure",
  })
  kind!: string;
  @ApiPropertyOptional({ type: 'integer', format: 'int64', example: 42, description: 'kind job: the job' })
  jobId?: number;
  @ApiPropertyOptional({ example: 'verification', description: "kind job: the job's kind (verification, finder)" })
  jobKind?: string;
  @ApiPropertyOptional({
    example: '3f1c0b6e9d2a47a1b8e5c4d3a2b1c0d9',
    description:
      "kind address: the address's digest, keyed with the account's own secret (the address itself is never stored with the erasure)",
  })
  digest?: string;
  @ApiPropertyOptional({
    type: [String],
    example: ['3349518220705793', 'test_3349518220705793'],
    description: 'kind account: the closed account and its test-mode account',
  })
  accountIds?: string[];
}

export class ErasureRequesterDto {
  @ApiProperty({ example: 'key_8f2c', description: 'The API key or dashboard session that asked' })
  keyId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The team member who asked, when known' })
  userId!: string | null;
}

/** What an auditor is shown of one erasure; holds no personal data. */
export class ErasureReceiptDto {
  @ApiProperty({ example: 'job-42' }) erasureId!: string;
  @ApiProperty({ type: ErasureTargetDto }) target!: ErasureTargetDto;
  @ApiProperty({ type: ErasureRequesterDto }) requestedBy!: ErasureRequesterDto;
  @ApiProperty({ format: 'date-time' }) requestedAt!: string;
  @ApiProperty({
    enum: ['erasing', 'done'],
    description:
      'done once the keys are destroyed, the stores cleaned and every process has let go of the keys (DATA_KEY_CACHE_SECONDS after they were destroyed)',
  })
  status!: string;
  @ApiProperty({
    type: [String],
    example: ['account:acc_1:job:42'],
    description: 'The data-key scopes destroyed: everything sealed under them is unreadable',
  })
  scopes!: string[];
  @ApiProperty({ type: 'integer', format: 'int32', description: 'Key generations destroyed' })
  keysDestroyed!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) keysDestroyedAt!: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: "When every process's key cache has let go of the destroyed keys",
  })
  inForceAt!: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { jobsPurged: 1 },
    description: 'What was removed beside the keys, by count',
  })
  removed!: Record<string, number>;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt!: string | null;
}

export class ErasureListDto {
  @ApiProperty({ type: [ErasureReceiptDto] }) items!: ErasureReceiptDto[];
}
