import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, Matches } from 'class-validator';
import { API_KEY_KINDS } from '@lib/accounts';
import { KeyRestrictionsDto } from './key-restrictions.dto';

/** The body of a new key, from the admin API or the dashboard: a label and, optionally, the key's limits. */
export class CreateKeyDto extends KeyRestrictionsDto {
  @ApiPropertyOptional({ example: 'CRM integration', nullable: true, minLength: 1, maxLength: 100, pattern: '\\S' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(/\S/, { message: '$property must not be blank' })
  label?: string;

  // Which kinds exist is the account decider's rule, refused with its own code (1115 INVALID_KEY_KIND).
  @ApiPropertyOptional({
    enum: API_KEY_KINDS,
    default: 'live',
    description:
      'live (default): a server-side secret that spends the balance. test: answers from the magic-address table (docs/test-mode.md), opens no connection and spends a test balance. publishable: for web pages; only single verify, only from allowedOrigins (required). 400, code 1115, for another value.',
  })
  @IsOptional()
  @IsString()
  kind?: string;
}
