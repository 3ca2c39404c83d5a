import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EVIDENCE_DOC } from '../shared/verification-result.model';

/** Body of POST /v1/verify/single and the query of GET /v1/verify/single. */
export class VerifySingleDto {
  @ApiProperty({ example: 'jane@acme.com', minLength: 1, maxLength: 512, pattern: '\\S' })
  @IsString()
  @Matches(/\S/, { message: 'email must not be empty' })
  @MaxLength(512)
  email!: string;

  @ApiPropertyOptional({ type: Boolean, default: false, description: EVIDENCE_DOC })
  @IsOptional()
  // The query string carries it as text; the JSON body as a boolean.
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  evidence?: boolean;
}
