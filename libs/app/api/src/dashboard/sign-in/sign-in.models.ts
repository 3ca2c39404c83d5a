import { ApiProperty } from '@nestjs/swagger';
import { DashboardUserModel } from '../shared/dashboard.models';

export class SignedInModel {
  @ApiProperty({ type: DashboardUserModel }) user!: DashboardUserModel;
  @ApiProperty({
    example: 'b3Jp…',
    description: 'Bound to this session: send it in X-CSRF-Token (also set as the mc_csrf cookie)',
  })
  csrfToken!: string;
  @ApiProperty({ example: '2025-06-15T12:00:00.000Z' }) expiresAt!: string;
}
