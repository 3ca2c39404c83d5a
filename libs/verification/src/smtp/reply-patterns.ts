// Phrases seen in real RCPT replies (Gmail, Microsoft, Yahoo, Postfix, Exim, qmail, Sendmail,
// Exchange, gateways, blocklist operators). Matched case-insensitively against the reply text.
// The fixture under ./rejection-texts holds the replies these lists were checked against, each with its source.

export const BLOCKLIST = [
  /spamhaus/, /spamcop/, /\bsorbs\b/, /barracuda ?(central|reputation)/, /\b(rbl|dnsbls?|blacklist(ed)?|blocklist(ed)?|block list|black list)\b/, /block ?listed/,
  /\bblocked\b/, /\bbanned\b/, /poor reputation/, /reputation/, /\blisted (at|on|in|by)\b/, /not allowed to send/, /block has been placed/,
  /access denied/, /\bjunkmail rejected\b/, /service unavailable; client host/, /client host .* blocked/, /client host rejected/,
  /your (ip|address|server|host).*(rejected|refused|denied|blocked)/, /sender ip/, /ip (address )?(is )?(rejected|refused|blocked)/,
  /\bdenied\b.*\b(policy|ip)\b/, /mail from .* refused/, /considered spam/, /spam abuse/, /spamming/, /envelope blocked/,
  /not in (whitelist|allowlist)/, /\b(ip|host)\b.*not (authorized|allowed|permitted)/, /appears to be an open (proxy|relay)/, /namespace mining/, /compromised/, /mismatches client ip/,
];
export const RDNS = [/reverse dns/, /\bptr\b/, /\brdns\b/, /reverse (lookup|hostname)/, /no reverse/, /hostname (does not|doesn't) resolve/, /cannot find your hostname/, /helo.*\b(invalid|rejected|not)\b/, /bad helo/, /fcrdns/];
export const RATE = [
  /rate limit/, /ratelimit/, /too many (connections|messages|requests|errors|invalid)/, /throttl/, /exceeded.*(limit|rate)/, /unusual rate/, /sending rate/, /temporarily (deferred|rate)/,
  /\bts0[1-4]\b/, /concurrent connections/, /maximum number of connections/, /receiving (e-?mail|mail) (too quickly|at a rate)/, /excessive volume/, /sent to too many recipients/,
  /max(imum)? messages? per connection/,
];
export const GREYLIST = [/gr[ae]y-?list/, /please (retry|try again)/, /try again later/, /temporarily (rejected|deferred|unavailable)/, /come back later/, /\bdeferred\b/];
// Temporary trouble on the receiving side: nothing about the mailbox or about us.
export const TEMPORARY = [
  /server busy/, /system problem/, /temporary (system|server) (error|problem)/, /temporary error/, /timeout/, /protocol violation/, /multiple destination domains/,
  /insufficient system/, /internal (server )?error/, /resources temporarily/, /service (not available|unavailable)/, /unable to process connection/, /connection expired/,
  /temporary domain failure/, /try another server/,
];
export const RELAY = [/relay(ing)? (access )?(denied|not permitted|prohibited)/, /not permitted to relay/, /unable to relay/, /we do not relay/, /relay not (allowed|permitted)/];
// Replies about our envelope sender, not the recipient: never evidence about the mailbox.
export const SENDER = [/sender (address )?(rejected|verif)/, /sender verify failed/, /verification failed for/, /your e-?mail address/, /sender domain/, /from address/, /the sender address/];
// Sender authentication and transport policy (SPF, DKIM, DMARC, TLS): about the prober, never the mailbox.
export const AUTH = [
  /is unauthenticated/, /as unauthenticated/, /unauthenticated commands/, /not authenticated/, /authentication required/, /must be authenticated/, /\b(spf|dkim|dmarc) (check|record|policy|authentication|verification|validation)/,
  /didn't pass (spf|dkim)/, /\[(spf|dkim|dmarc)\]/, /spf unauthori[sz]ed/, /(spf|dkim|dmarc) sender invalid/, /tls required/, /tls connection/, /requires encryption/,
];
// A refusal by the domain's rules rather than by its directory.
export const POLICY = [/policy (error|reasons|violation)/, /local policy/, /recipient preferences/, /doesn't want your mail/, /your access .* (rejected|denied)/, /spam message/, /anti-spoofing policy/];
export const TOO_MANY_RCPTS = [/too many recipients/, /recipient limit/, /too many rcpt/];
export const MAILBOX_FULL = [
  /mailbox (is )?full/, /over ?quota/, /quota exceeded/, /exceeded (its|the|their) (storage|quota)/, /mail ?box.*full/, /out of storage/, /full mailbox/, /storage allocation/,
  /exhausted (allowed )?storage/, /too many messages on the server/,
];
export const DISABLED = [/disabled/, /deactivated/, /suspended/, /inactive/, /no longer (active|in use|available)/, /account (has )?expired/, /account.*(closed|blocked for inactivity)/, /is not active/, /frozen/];
// Phrases that name the recipient's own account as closed, even where a blocklist word appears ("the recipient account is blocked").
export const RECIPIENT_DISABLED = [/recipient account is (blocked|locked|disabled|suspended)/, /mailbox is frozen/];
// The plainest unknown-user phrases: the only mailbox evidence allowed to outweigh a 5.7.x (policy) code.
export const UNKNOWN_USER = [/user ?unknown/, /unknown (user|recipient)/, /no such (user|recipient|mailbox)/, /(user|recipient|mailbox|address) (does not|doesn't) exist/];
export const NO_MAILBOX = [
  /user ?unknown/, /unknown (user|recipient|local part|address|mailbox)/, /no such (user|recipient|mailbox|person|address|account)/,
  /recipient not found/, /user not found/, /address not found/, /mailbox not found/, /account not found/, /(does not|doesn't|does ?n[o']t) exist/, /not exist/,
  /invalid (recipient|mailbox|address|user)/, /mailbox unavailable/, /mailbox (is )?unavailable/, /recipnotfound/, /unrouteable address/,
  /no mailbox here/, /not our customer/, /(account|mailbox|address) (does not|doesn't) exist/, /doesn't have a .* account/, /address unknown/, /addressee unknown/,
  /not a valid (recipient|mailbox|user|address)/, /bad destination mailbox/, /undeliverable address/, /recipient (address )?rejected: (user unknown|unknown)/,
  /no such local user/, /unknown or illegal alias/, /mailbox unknown/, /no mailbox by that name/, /recipient unknown/, /address (is )?(invalid|rejected)/,
  /unknown email address/, /not found in (the )?(directory|ldap|our|virtual)/, /user doesn't exist/, /invalid address/, /no longer valid/,
];
