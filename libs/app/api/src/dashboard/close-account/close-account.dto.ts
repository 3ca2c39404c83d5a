import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ValidatesOwnText } from '@lib/http-host';

/** The confirmation: the team's name typed. Only allowed through here: the closure compares it (code 6016). */
@ValidatesOwnText()
export class CloseAccountDto {
  @ApiProperty({
    type: 'string',
    maxLength: 200,
    example: 'Engines Ltd',
    description: "The team's name as the Team page shows it, typed to confirm (compared trimmed)",
  })
  @Allow()
  teamName!: unknown;
}
