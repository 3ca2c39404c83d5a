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

export class PendingInviteModel {
  @ApiProperty({ example: '5f0c2a9d41b7e318' }) inviteId!: string;
  @ApiProperty({ example: 'grace@example.com' }) email!: string;
  @ApiProperty({ enum: ['admin', 'member'] }) role!: string;
  @ApiProperty({ example: '3349518220705792', description: 'The user who sent it' }) invitedBy!: string;
  @ApiProperty({ example: '2025-06-01T12:00:00.000Z' }) invitedAt!: string;
  @ApiProperty({ example: '2025-06-08T12:00:00.000Z' }) expiresAt!: string;
}

export class PendingInviteListModel {
  @ApiProperty({ type: [PendingInviteModel], description: 'Pending invitations, the oldest first' })
  items!: PendingInviteModel[];
}

export class RevokedInviteModel {
  @ApiProperty({ example: '5f0c2a9d41b7e318' }) inviteId!: string;
  @ApiProperty({ example: '2025-06-02T09:30:00.000Z' }) revokedAt!: string;
}
