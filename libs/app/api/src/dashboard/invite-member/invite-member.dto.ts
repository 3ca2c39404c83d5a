import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';

export class InviteMemberDto {
  @ApiProperty({ example: 'grace@example.com', maxLength: 254 })
  @IsString()
  @MaxLength(254)
  @IsEmail({ require_tld: true })
  email!: string;

  @ApiProperty({
    enum: ['admin', 'member'],
    description: 'admin: manages keys, members and billing; member: own keys, uses the balance',
  })
  @IsIn(['admin', 'member'])
  role!: 'admin' | 'member';
}
