import { ApiProperty } from '@nestjs/swagger';
import { AutoTopupDto } from './auto-topup.dto';

/** The team's automatic top-up setting as stored (the same fields PUT takes). */
export class AutoTopupSettingsModel {
  @ApiProperty({ type: AutoTopupDto, nullable: true, description: 'null when never configured' })
  settings!: AutoTopupDto | null;
}
