import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { NO_CONTROL, PASSWORD_DOC } from '../shared/dashboard.dto';

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
