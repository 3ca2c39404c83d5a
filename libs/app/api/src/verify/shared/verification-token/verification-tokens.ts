import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '@lib/accounts';
import { Clock } from '@lib/common';
import { API_CONFIG, type ApiConfig } from '../../../api.config';
import { loadTokenSigningKeys, type TokenSigningKeys } from './token-signing-keys';
import {
  canonicalTokenAddress,
  readVerificationToken,
  signVerificationToken,
  type VerificationTokenClaims,
} from './verification-token';

/** A token's public key as a JSON Web Key (RFC 8037), which JOSE libraries and the SDKs read. */
export interface PublishedTokenKey {
  kty: 'OKP';
  crv: 'Ed25519';
  alg: 'EdDSA';
  use: 'sig';
  kid: string;
  x: string;
}

/** Issues the verification tokens of publishable answers and checks them for a back end that asks. */
@Injectable()
export class VerificationTokens {
  private readonly keys: TokenSigningKeys;
  private readonly ttlSeconds: number;

  constructor(
    @Inject(API_CONFIG) config: ApiConfig,
    private readonly clock: Clock,
  ) {
    this.keys = loadTokenSigningKeys(config);
    this.ttlSeconds = config.verificationToken.ttlSeconds;
  }

  issue(principal: Principal, answer: { email: string; result: string; subResult: string | null }): string {
    const iat = Math.floor(this.clock.now() / 1000);
    const claims: VerificationTokenClaims = {
      jti: randomUUID(),
      acc: principal.accountId,
      key: principal.keyId,
      email: canonicalTokenAddress(answer.email),
      result: answer.result,
      subResult: answer.subResult,
      iat,
      exp: iat + this.ttlSeconds,
    };
    return signVerificationToken(claims, this.keys.signing.kid, this.keys.signing.privateKey);
  }

  check(token: string, accountId: string, email: string): VerificationTokenClaims {
    return readVerificationToken(token, this.keys.accepted, { accountId, email, nowMs: this.clock.now() });
  }

  published(): PublishedTokenKey[] {
    return this.keys.accepted.map(({ kid, publicKey }) => ({
      kty: 'OKP',
      crv: 'Ed25519',
      alg: 'EdDSA',
      use: 'sig',
      kid,
      x: publicKey.export({ format: 'jwk' }).x as string,
    }));
  }
}
