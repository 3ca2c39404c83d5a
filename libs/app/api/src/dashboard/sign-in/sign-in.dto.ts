import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { HasEmail } from '../shared/dashboard.dto';

export class SignInDto extends HasEmail {
  @ApiProperty({ example: 'correct horse battery staple', maxLength: 256 })
  @IsString()
  @Length(1, 256)
  password!: string;
}
