import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';

// Passwords: 10 to 256 characters, any printable text (long passphrases welcome; the cap bounds argon2's input).
const PASSWORD_DOC = { example: 'correct horse battery staple', minLength: 10, maxLength: 256 };
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are refused.
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const TOKEN_DOC = { example: '3349518220705792.q0V9…', description: 'The token from the mailed link (`?token=`).' };

class HasEmail {
  @ApiProperty({ example: 'ada@example.com', maxLength: 254 })
  @IsString()
  @MaxLength(254)
  @IsEmail({ allow_utf8_local_part: false, require_tld: true })
  email!: string;
}

export class SignUpDto extends HasEmail {
  @ApiProperty(PASSWORD_DOC)
  @IsString()
  @Length(10, 256)
  @Matches(NO_CONTROL, { message: '$property must not contain control characters' })
  password!: string;

  @ApiProperty({ example: 'Ada Lovelace', maxLength: 200 })
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: '$property must not be blank' })
  @Matches(NO_CONTROL, { message: '$property must not contain control characters' })
  name!: string;

  @ApiPropertyOptional({ example: 'Analytical Engines Ltd', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(NO_CONTROL, { message: '$property must not contain control characters' })
  company?: string;
}

export class SignInDto extends HasEmail {
  @ApiProperty({ example: 'correct horse battery staple', maxLength: 256 })
  @IsString()
  @Length(1, 256)
  password!: string;
}

export class EmailOnlyDto extends HasEmail {}

export class TokenDto {
  @ApiProperty(TOKEN_DOC)
  @IsString()
  @Length(1, 200)
  token!: string;
}

export class ResetPasswordDto extends TokenDto {
  @ApiProperty(PASSWORD_DOC)
  @IsString()
  @Length(10, 256)
  @Matches(NO_CONTROL, { message: '$property must not contain control characters' })
  password!: string;
}

export class ChangePasswordDto {
  @ApiProperty({ example: 'the current password', maxLength: 256 })
  @IsString()
  @Length(1, 256)
  currentPassword!: string;

  @ApiProperty(PASSWORD_DOC)
  @IsString()
  @Length(10, 256)
  @Matches(NO_CONTROL, { message: '$property must not contain control characters' })
  newPassword!: string;
}

export class ChangeEmailDto {
  @ApiProperty({ example: 'ada@new.example.com', maxLength: 254 })
  @IsString()
  @MaxLength(254)
  @IsEmail({ require_tld: true })
  newEmail!: string;

  @ApiProperty({ example: 'the current password', maxLength: 256 })
  @IsString()
  @Length(1, 256)
  password!: string;
}
