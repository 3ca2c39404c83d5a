import { ApiProperty } from '@nestjs/swagger';

export class TeamMemberModel {
  @ApiProperty({ example: '3349518220705792' }) userId!: string;
  @ApiProperty({ example: 'grace@example.com' }) email!: string;
  @ApiProperty({ example: 'Grace Hopper' }) name!: string;
  @ApiProperty({ enum: ['owner', 'admin', 'member'] }) role!: string;
  @ApiProperty({ example: '2025-06-01T12:00:00.000Z' }) joinedAt!: string;
}

export class TeamModel {
  @ApiProperty({ example: '3349518220705793' }) accountId!: string;
  @ApiProperty({ example: 'Engines Ltd', description: "The team's name (typed to confirm closing the account)" })
  name!: string;
  @ApiProperty({ enum: ['owner', 'admin', 'member'], description: 'Your role in it' }) role!: string;
  @ApiProperty({ type: [TeamMemberModel] }) members!: TeamMemberModel[];
}
