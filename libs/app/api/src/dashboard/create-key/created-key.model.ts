import { ApiProperty } from '@nestjs/swagger';
import { KeyDescriptionModel } from '../../shared/api-key-change.models';

export class CreatedKeyModel extends KeyDescriptionModel {
  @ApiProperty({ example: '9f1c2b3a4d5e6f70' }) keyId!: string;
  @ApiProperty({
    example: 'mk_9f1c2b3a4d5e6f70_…',
    description: 'Shown once. Prefixed by kind: mk_ (live), mck_test_ (test), mck_pub_ (publishable)',
  })
  apiKey!: string;
  @ApiProperty({ example: 'CRM integration' }) label!: string;
}
