import { ApiProperty } from '@nestjs/swagger';

/** A token this account may trust: what it vouches for. */
export class CheckedTokenModel {
  @ApiProperty({ enum: [true], description: 'Always true: an invalid token is refused (1121 to 1124)' })
  valid!: boolean;
  @ApiProperty({ example: 'jane@acme.com', description: 'The address the token vouches for, trimmed and lower-cased' })
  email!: string;
  @ApiProperty({ enum: ['ok', 'invalid', 'catch_all', 'unknown', 'disposable', 'error'] }) result!: string;
  @ApiProperty({ nullable: true, type: String, example: 'ok' }) subResult!: string | null;
  @ApiProperty({ description: 'The publishable key that verified the address' }) keyId!: string;
  @ApiProperty({ description: "The token's own id: a back end that accepts each token once keeps it until expiresAt" })
  tokenId!: string;
  @ApiProperty({ format: 'date-time' }) issuedAt!: string;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
}

export class TokenKeyModel {
  @ApiProperty({ enum: ['OKP'] }) kty!: string;
  @ApiProperty({ enum: ['Ed25519'] }) crv!: string;
  @ApiProperty({ enum: ['EdDSA'] }) alg!: string;
  @ApiProperty({ enum: ['sig'] }) use!: string;
  @ApiProperty({ description: "The key's id, named by each token's header (`kid`)" }) kid!: string;
  @ApiProperty({ description: 'The Ed25519 public key, 32 bytes in base64url (RFC 8037)' }) x!: string;
}

export class TokenKeySetModel {
  @ApiProperty({
    type: [TokenKeyModel],
    description: 'The signing key first, then retired keys whose tokens are still accepted',
  })
  keys!: TokenKeyModel[];
}
