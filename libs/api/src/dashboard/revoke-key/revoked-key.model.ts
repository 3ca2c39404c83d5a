import { ApiProperty } from '@nestjs/swagger';

export class RevokedKeyModel {
  @ApiProperty({ example: '9f1c2b3a4d5e6f70' }) keyId!: string;
  @ApiProperty({ example: '2025-06-01T12:00:00.000Z' }) revokedAt!: string;
  @ApiProperty({ example: true, description: 'false: recorded, takes effect as soon as the projector catches up' })
  effective!: boolean;
}
