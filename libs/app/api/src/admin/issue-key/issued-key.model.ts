import { ApiProperty } from '@nestjs/swagger';
import { KeyDescriptionModel } from '../../shared/api-key-change.models';

export class IssuedKeyModel extends KeyDescriptionModel {
  @ApiProperty({ example: 'key_3f2c…' }) keyId!: string;
  @ApiProperty({ description: 'Shown only here', example: 'mk_934172a49faa628b_…' }) apiKey!: string;
}
