import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';

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
