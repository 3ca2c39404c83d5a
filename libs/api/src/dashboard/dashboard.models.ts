import { ApiProperty } from '@nestjs/swagger';

// OpenAPI shapes of the dashboard responses (the `data` inside the envelope).

export class AcceptedModel {
  @ApiProperty({ example: true }) accepted!: boolean;
  @ApiProperty({ example: 'If the address can be used, a message is on its way to it.' }) message!: string;
}

export class CsrfModel {
  @ApiProperty({
    example: 'b3Jp…',
    description: 'Echo in X-CSRF-Token on state-changing requests (also set as the mc_csrf cookie).',
  })
  csrfToken!: string;
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

export class SignedInModel {
  @ApiProperty({ type: DashboardUserModel }) user!: DashboardUserModel;
  @ApiProperty({
    example: 'b3Jp…',
    description: 'Bound to this session: send it in X-CSRF-Token (also set as the mc_csrf cookie)',
  })
  csrfToken!: string;
  @ApiProperty({ example: '2025-06-15T12:00:00.000Z' }) expiresAt!: string;
}

export class SessionModel {
  @ApiProperty({ example: '9f1c2b3a4d5e6f708192a3b4' }) sessionId!: string;
  @ApiProperty({ example: 'Mozilla/5.0 …' }) userAgent!: string;
  @ApiProperty({ example: '203.0.113.7' }) address!: string;
  @ApiProperty({ example: '2025-06-01T12:00:00.000Z' }) startedAt!: string;
  @ApiProperty({ example: '2025-06-15T12:00:00.000Z' }) expiresAt!: string;
  @ApiProperty({ example: true, description: 'The session making this request' }) current!: boolean;
}

export class SessionListModel {
  @ApiProperty({ type: [SessionModel] }) items!: SessionModel[];
}
