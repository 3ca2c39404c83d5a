import { ApiProperty } from '@nestjs/swagger';

export class CsrfModel {
  @ApiProperty({
    example: 'b3Jp…',
    description: 'Echo in X-CSRF-Token on state-changing requests (also set as the mc_csrf cookie).',
  })
  csrfToken!: string;
}
