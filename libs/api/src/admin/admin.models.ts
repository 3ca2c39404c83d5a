import { ApiProperty } from '@nestjs/swagger';

// OpenAPI shapes of the admin answers (the `data` inside the envelope).

export class OpenedAccountModel {
  @ApiProperty({ example: '187223478438566' }) accountId!: string;
  @ApiProperty({ example: 'key_3f2c…' }) keyId!: string;
  @ApiProperty({ description: 'The owner key; shown only here', example: 'mk_934172a49faa628b_…' }) apiKey!: string;
  @ApiProperty({ type: 'integer', format: 'int64', example: 1000 }) credits!: number;
}

export class IssuedKeyModel {
  @ApiProperty({ example: 'key_3f2c…' }) keyId!: string;
  @ApiProperty({ description: 'Shown only here', example: 'mk_934172a49faa628b_…' }) apiKey!: string;
}

export class AdminRevokedKeyModel {
  @ApiProperty() keyId!: string;
  @ApiProperty({ format: 'date-time' }) revokedAt!: string;
  @ApiProperty({ description: 'false when the key was already revoked' }) effective!: boolean;
}

export class AdminRotatedKeyModel {
  @ApiProperty() keyId!: string;
  @ApiProperty({ description: 'The new secret; shown only here' }) apiKey!: string;
  @ApiProperty() effective!: boolean;
}

export class AdjustedBalanceModel {
  @ApiProperty({ type: 'integer', format: 'int64' }) balance!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) held!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) available!: number;
}
