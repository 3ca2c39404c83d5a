import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { ApiEnvelope, ApiErrors, Public } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { LiveOnly } from '../../auth/key-kinds';
import { VerificationTokens } from '../shared/verification-token/verification-tokens';
import { CheckTokenDto } from './check-token.dto';
import { CheckedTokenModel, TokenKeySetModel } from './checked-token.model';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The form's back end confirms what a browser reported: one call with a secret key (free), or offline with the
 * published public keys. A token of another account is refused, so one site's tokens never vouch on another's.
 */
@ApiTags('verification')
@Controller('v1/verify/token')
export class CheckTokenController {
  constructor(private readonly tokens: VerificationTokens) {}

  @Post()
  @HttpCode(200)
  @RequiresScope('verify')
  @LiveOnly(
    'verification tokens come only from publishable keys, which are live (there are no test publishable keys): check a token with a live secret key',
  )
  @ApiOperation({
    summary: 'Check a verification token from a publishable answer (free)',
    description:
      "Valid when this service signed it, it has not expired, it was issued to this key's account and vouches for `email`. Refusals: 1121 malformed or forged, 1122 expired, 1123 another account's, 1124 another address.",
  })
  @ApiEnvelope(CheckedTokenModel)
  @ApiErrors(400, 401, 403)
  check(@CurrentPrincipal() principal: Principal, @Body() body: CheckTokenDto): CheckedTokenModel {
    const claims = this.tokens.check(body.token, principal.accountId, body.email);
    return {
      valid: true,
      email: claims.email,
      result: claims.result,
      subResult: claims.subResult,
      keyId: claims.key,
      tokenId: claims.jti,
      issuedAt: iso(claims.iat),
      expiresAt: iso(claims.exp),
    };
  }

  @Get('keys')
  @Public()
  @ApiSecurity({})
  @ApiOperation({
    summary: 'The public keys that sign verification tokens, for an offline check (no API key needed)',
    description:
      'A JSON Web Key Set of Ed25519 keys; a token names its key in its header (`kid`). Fetch it again when a token names a key you do not hold.',
  })
  @ApiEnvelope(TokenKeySetModel)
  keys(): TokenKeySetModel {
    return { keys: this.tokens.published() };
  }
}
