import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';

/** Body of POST /v1/verify/token: the token a form posted, and the address the form submitted beside it. */
export class CheckTokenDto {
  @ApiProperty({
    description: 'The verificationToken a publishable answer carried (the form posts it)',
    maxLength: 4096,
  })
  @IsString()
  @MaxLength(4096)
  token!: string;

  @ApiProperty({
    example: 'jane@acme.com',
    maxLength: 512,
    description: 'The address the form submitted: the token must vouch for it (compared trimmed and lower-cased)',
  })
  @IsString()
  @Matches(/\S/, { message: 'email must not be empty' })
  @MaxLength(512)
  email!: string;
}
