import { ApiProperty } from '@nestjs/swagger';

export class AdminRotatedKeyModel {
  @ApiProperty() keyId!: string;
  @ApiProperty({ description: 'The new secret; shown only here' }) apiKey!: string;
  @ApiProperty() effective!: boolean;
}
