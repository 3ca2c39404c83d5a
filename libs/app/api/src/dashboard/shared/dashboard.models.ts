import { ApiProperty } from '@nestjs/swagger';

// OpenAPI shapes of the dashboard responses (the `data` inside the envelope).

export class AcceptedModel {
  @ApiProperty({ example: true }) accepted!: boolean;
  @ApiProperty({ example: 'If the address can be used, a message is on its way to it.' }) message!: string;
}

export class DashboardUserModel {
  @ApiProperty({ example: '3349518220705792' }) userId!: string;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
  @ApiProperty({ example: 'Ada Lovelace' }) name!: string;
  @ApiProperty({ example: '3349518220705793', description: 'The team account whose balance this user spends' })
  accountId!: string;
  @ApiProperty({ enum: ['owner', 'admin', 'member'], required: false, description: 'Role in that team (in GET /me)' })
  role?: string;
}

/** A confirmed address: the request that used the link is signed in (session cookie set, like sign-in). */
export class ConfirmedModel extends AcceptedModel {
  @ApiProperty({ example: true, description: 'Always true: confirming signs in' }) signedIn!: boolean;
  @ApiProperty({ type: DashboardUserModel }) user!: DashboardUserModel;
  @ApiProperty({ description: 'The new session-bound CSRF token (also in the mc_csrf cookie)' }) csrfToken!: string;
}
