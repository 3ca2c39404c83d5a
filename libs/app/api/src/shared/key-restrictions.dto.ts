import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsNumber, IsOptional, IsString } from 'class-validator';
import { KEY_SCOPES, type KeyRestrictionsChange } from '@lib/accounts';

// Only the shapes are checked here: which scopes exist and what an address block is are the account
// decider's rules, refused with their own codes (1111 INVALID_KEY_SCOPE, 1112 INVALID_KEY_ALLOWLIST).

export const SCOPES_DESCRIPTION =
  "The routes the key may call, by scope: verify (single and batch), jobs (bulk verification jobs), finder (finder, finder batch and finder jobs), webhooks, credits:read (balance, transactions, orders), keys. Absent or null: every scope. A route outside the key's scopes answers 403, code 1109.";
export const ALLOWLIST_DESCRIPTION =
  "Client addresses and CIDR blocks, IPv4 and IPv6 (such as 203.0.113.0/24, 2001:db8::/48), the only ones the key works from; the client address is the connection's, or behind TRUSTED_PROXIES the forwarded one. Absent or null: every address. Another address answers 403, code 1110.";

export const CREDIT_CAP_DESCRIPTION =
  "The most credits the key's paid calls (single and batch verify and finder) and list jobs (bulk verification and finder jobs it starts) may be charged in one UTC calendar month, counted and enforced by the credit ledger with each hold (this month's charges plus open holds plus the call's or chunk's most): a call that would pass it answers 402, code 2018, before any work; a list job verifies what the cap leaves and then fails with failureReason key_credit_cap_reached (resumable once the cap is raised or the month turns). Absent or null: no cap. A whole number from 1 to 1,000,000,000 (else 400, code 1113).";

export const ORIGINS_DESCRIPTION =
  "Publishable keys only, and required for them: the web origins (scheme, host and port, such as https://www.example.com; https://*.example.com for any subdomain) whose pages may call single verify with the key. The server checks the browser's Origin header and answers CORS for these only. An origin with a path, or origins on a live or test key, answers 400, code 1116.";

/** The body of a key change: a field absent keeps what the key has, null lifts the limit. */
export class KeyRestrictionsDto {
  @ApiPropertyOptional({
    type: [String],
    enum: KEY_SCOPES,
    nullable: true,
    example: ['verify', 'credits:read'],
    description: SCOPES_DESCRIPTION,
  })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  scopes?: string[] | null;

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    example: ['203.0.113.0/24', '2001:db8::/48'],
    description: ALLOWLIST_DESCRIPTION,
  })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  allowedAddresses?: string[] | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 5000, description: CREDIT_CAP_DESCRIPTION })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  monthlyCreditCap?: number | null;

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    example: ['https://www.example.com', 'https://*.example.com'],
    description: ORIGINS_DESCRIPTION,
  })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  allowedOrigins?: string[] | null;
}

/** What a body asks to change, as the accounts command takes it (absent stays absent). */
export function restrictionsChange(body: KeyRestrictionsDto): KeyRestrictionsChange {
  return {
    ...(body.monthlyCreditCap !== undefined ? { monthlyCreditCap: body.monthlyCreditCap } : {}),
    ...(body.scopes !== undefined ? { scopes: body.scopes } : {}),
    ...(body.allowedAddresses !== undefined ? { allowedAddresses: body.allowedAddresses } : {}),
    ...(body.allowedOrigins !== undefined ? { allowedOrigins: body.allowedOrigins } : {}),
  };
}
