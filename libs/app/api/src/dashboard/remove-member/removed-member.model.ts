import { ApiProperty } from '@nestjs/swagger';

export class RemovedMemberModel {
  @ApiProperty({ example: '3349518220705792' }) userId!: string;
  @ApiProperty({ example: 2, description: 'Keys of the member revoked with the removal' }) revokedKeys!: number;
}
