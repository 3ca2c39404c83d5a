import { ApiProperty } from '@nestjs/swagger';

export class OpenedAccountModel {
  @ApiProperty({ example: '187223478438566' }) accountId!: string;
  @ApiProperty({ example: 'key_3f2c…' }) keyId!: string;
  @ApiProperty({ description: 'The owner key; shown only here', example: 'mk_934172a49faa628b_…' }) apiKey!: string;
  @ApiProperty({ type: 'integer', format: 'int64', example: 1000 }) credits!: number;
}
