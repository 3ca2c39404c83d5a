import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { HasEmail, NO_CONTROL, PASSWORD_DOC } from '../shared/dashboard.dto';

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
