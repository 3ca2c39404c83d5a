import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ValidatesOwnText } from '@lib/http-host';

/** A data subject's request. Only allowed through here: the erasure checks it itself (400, code 4008). */
@ValidatesOwnText()
export class EraseAddressDto {
  @ApiProperty({
    type: 'string',
    maxLength: 320,
    example: 'jane.doe@example.com',
    description:
      'The address to erase across the account, compared trimmed and case-folded; the erasure records only its keyed digest',
  })
  @Allow()
  address!: unknown;
}
