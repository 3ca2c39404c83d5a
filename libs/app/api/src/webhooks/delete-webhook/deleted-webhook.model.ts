import { ApiProperty } from '@nestjs/swagger';

export class DeletedWebhookModel {
  @ApiProperty({ type: 'integer', format: 'int64' })
  id!: number;

  @ApiProperty({ enum: [true] })
  deleted!: true;
}
