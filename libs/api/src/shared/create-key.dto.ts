import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, Matches } from 'class-validator';
import { KeyRestrictionsDto } from './key-restrictions.dto';

/** The body of a new key, from the admin API or the dashboard: a label and, optionally, the key's limits. */
export class CreateKeyDto extends KeyRestrictionsDto {
  @ApiPropertyOptional({ example: 'CRM integration', nullable: true, minLength: 1, maxLength: 100, pattern: '\\S' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(/\S/, { message: '$property must not be blank' })
  label?: string;
}
