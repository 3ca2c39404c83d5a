import { ApiProperty } from '@nestjs/swagger';

export class AdminRevokedKeyModel {
  @ApiProperty() keyId!: string;
  @ApiProperty({ format: 'date-time' }) revokedAt!: string;
  @ApiProperty({ description: 'false when the key was already revoked' }) effective!: boolean;
}
