import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';

// Passwords: 10 to 256 characters, any printable text (long passphrases welcome; the cap bounds argon2's input).
export const PASSWORD_DOC = { example: 'correct horse battery staple', minLength: 10, maxLength: 256 };
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are refused.
export const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const TOKEN_DOC = { example: '3349518220705792.q0V9…', description: 'The token from the mailed link (`?token=`).' };

export class HasEmail {
  @ApiProperty({ example: 'ada@example.com', maxLength: 254 })
  @IsString()
  @MaxLength(254)
  @IsEmail({ allow_utf8_local_part: false, require_tld: true })
  email!: string;
}

export class EmailOnlyDto extends HasEmail {}

export class TokenDto {
  @ApiProperty(TOKEN_DOC)
  @IsString()
  @Length(1, 200)
  token!: string;
}
