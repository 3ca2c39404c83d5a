import { ApiProperty } from '@nestjs/swagger';

export class InvitationModel {
  @ApiProperty({ example: 'grace@example.com' }) email!: string;
  @ApiProperty({ enum: ['admin', 'member'] }) role!: string;
  @ApiProperty({ example: '2025-06-08T12:00:00.000Z' }) expiresAt!: string;
}

export class JoinedTeamModel {
  @ApiProperty({ example: '3349518220705793' }) accountId!: string;
  @ApiProperty({ enum: ['admin', 'member'] }) role!: string;
}
