import { ApiProperty } from '@nestjs/swagger';
import { KeyRestrictionsModel } from '../../shared/api-key-change.models';

export class CreatedKeyModel extends KeyRestrictionsModel {
  @ApiProperty({ example: '9f1c2b3a4d5e6f70' }) keyId!: string;
  @ApiProperty({ example: 'mk_9f1c2b3a4d5e6f70_…', description: 'Shown once' }) apiKey!: string;
  @ApiProperty({ example: 'CRM integration' }) label!: string;
}
