import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { NO_CONTROL, PASSWORD_DOC, TokenDto } from '../shared/dashboard.dto';

export class ResetPasswordDto extends TokenDto {
  @ApiProperty(PASSWORD_DOC)
  @IsString()
  @Length(10, 256)
  @Matches(NO_CONTROL, { message: '$property must not contain control characters' })
  password!: string;
}
