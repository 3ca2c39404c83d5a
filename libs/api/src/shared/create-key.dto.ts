import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, Matches } from 'class-validator';

/** The body of a new key, from the admin API or the dashboard. */
export class CreateKeyDto {
  @ApiPropertyOptional({ example: 'CRM integration', nullable: true, minLength: 1, maxLength: 100, pattern: '\\S' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(/\S/, { message: '$property must not be blank' })
  label?: string;
}
