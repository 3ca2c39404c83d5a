import { ApiProperty } from '@nestjs/swagger';

/** The configured limits of a list upload, so the web app shows and checks the ones this server enforces. */
export class UploadLimitsModel {
  @ApiProperty({
    example: 52428800,
    description: 'Largest CSV upload in bytes (JOB_MAX_UPLOAD_BYTES); a larger one is refused with code 3003',
  })
  maxUploadBytes!: number;

  @ApiProperty({
    example: 500000,
    description:
      'Most unique addresses one verification list may hold (JOB_MAX_UNIQUE_EMAILS); more are refused with code 3005',
  })
  maxUniqueEmails!: number;
}
