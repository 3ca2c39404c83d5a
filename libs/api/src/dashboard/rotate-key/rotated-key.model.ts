import { ApiProperty } from '@nestjs/swagger';

export class RotatedKeyModel {
  @ApiProperty({ example: '9f1c2b3a4d5e6f70' }) keyId!: string;
  @ApiProperty({ example: 'mk_9f1c2b3a4d5e6f70_…', description: 'Shown once' }) apiKey!: string;
  @ApiProperty({ example: true, description: 'false: recorded, takes effect as soon as the projector catches up' })
  effective!: boolean;
}
