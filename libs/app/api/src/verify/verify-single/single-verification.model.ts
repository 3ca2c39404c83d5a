import { ApiPropertyOptional } from '@nestjs/swagger';
import { VerificationResultModel } from '../shared/verification-result.model';

/** A single verification's answer: a publishable key's carries the token a form posts to its back end. */
export class SingleVerificationModel extends VerificationResultModel {
  @ApiPropertyOptional({
    type: String,
    example: 'eyJhbGciOiJFZERTQSIsInR5cCI6Im1haWxjaGVjay12ZXJpZmljYXRpb24randzIiwia2lkIjoiLi4uIn0.eyJ...}.c2ln',
    description:
      "Publishable keys only: a signed, short-lived token (VERIFICATION_TOKEN_TTL_SECONDS, default 15 minutes) bound to this address (trimmed, lower-cased) and the key's account, naming the result. The form's back end checks it with POST /v1/verify/token or offline with the public keys of GET /v1/verify/token/keys (docs/sign-up-forms.md).",
  })
  verificationToken?: string;
}
