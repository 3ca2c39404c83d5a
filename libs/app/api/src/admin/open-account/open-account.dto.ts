import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';

export class CreateAccountDto {
  @ApiProperty({ example: 'Acme Inc.', minLength: 1, maxLength: 200, pattern: '\\S' })
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: '$property must not be blank' })
  name!: string;

  @ApiPropertyOptional({
    type: 'integer',
    format: 'int64',
    nullable: true,
    minimum: 0,
    maximum: 1_000_000_000,
    description: 'Opening credit grant (recorded as an Adjusted transaction).',
    example: 1000,
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  credits?: number;
}
