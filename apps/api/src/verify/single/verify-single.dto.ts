import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';

/** Body of POST /v1/verify/single and the query of GET /v1/verify/single. */
export class VerifySingleDto {
  @ApiProperty({ example: 'jane@acme.com', maxLength: 512 })
  @IsString()
  @Matches(/\S/, { message: 'email must not be empty' })
  @MaxLength(512)
  email!: string;
}
