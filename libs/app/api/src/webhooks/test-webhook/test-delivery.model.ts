import { ApiProperty } from '@nestjs/swagger';

export class TestDeliveryModel {
  @ApiProperty({ format: 'uuid' })
  deliveryId!: string;

  @ApiProperty({ format: 'uuid', description: 'The `id` in the test payload' })
  eventId!: string;

  @ApiProperty({ description: 'The receiver answered 2xx within the timeout' })
  success!: boolean;

  @ApiProperty({
    type: 'integer',
    format: 'int32',
    nullable: true,
    description: "The receiver's HTTP status; null when it did not answer",
  })
  statusCode!: number | null;

  @ApiProperty({ type: 'integer', format: 'int32' })
  durationMs!: number;

  @ApiProperty({ type: 'string', nullable: true, example: null })
  error!: string | null;
}
