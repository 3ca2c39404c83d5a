// Phrases seen in real RCPT replies (Gmail, Microsoft, Yahoo, Postfix, Exim, qmail, Sendmail,
// Exchange, gateways, blocklist operators). Matched case-insensitively against the reply text.

export const BLOCKLIST = [
  /spamhaus/, /spamcop/, /\bsorbs\b/, /barracuda ?(central|reputation)/, /\b(rbl|dnsbls?|blacklist(ed)?|blocklist(ed)?|block list|black list)\b/,
  /\bblocked\b/, /\bbanned\b/, /poor reputation/, /reputation/, /\blisted (at|on|in|by)\b/, /not allowed to send/,
  /access denied/, /\bjunkmail rejected\b/, /service unavailable; client host/, /client host .* blocked/,
  /your (ip|address|server|host).*(rejected|refused|denied|blocked)/, /sender ip/, /ip (address )?(is )?(rejected|refused|blocked)/,
  /\bdenied\b.*\b(policy|ip)\b/, /mail from .* refused/, /considered spam/, /\bspam\b/, /envelope blocked/,
];
export const RDNS = [/reverse dns/, /\bptr\b/, /\brdns\b/, /reverse (lookup|hostname)/, /no reverse/, /hostname (does not|doesn't) resolve/, /cannot find your hostname/, /helo.*(invalid|rejected|not)/, /fcrdns/];
export const RATE = [/rate limit/, /ratelimit/, /too many (connections|messages|requests|errors|invalid)/, /throttl/, /exceeded.*(limit|rate)/, /unusual rate/, /sending rate/, /temporarily (deferred|rate)/, /\bts0[1-4]\b/, /concurrent connections/];
export const GREYLIST = [/gr[ae]y-?list/, /please (retry|try again)/, /try again later/, /temporarily (rejected|deferred|unavailable)/, /come back later/, /\bdeferred\b/];
export const RELAY = [/relay(ing)? (access )?(denied|not permitted|prohibited)/, /not permitted to relay/, /unable to relay/, /we do not relay/, /relay not (allowed|permitted)/];
// Replies about our envelope sender, not the recipient: never evidence about the mailbox.
export const SENDER = [/sender (address )?(rejected|verif)/, /sender verify failed/, /verification failed for/, /your e-?mail address/, /sender domain/, /from address/];
export const TOO_MANY_RCPTS = [/too many recipients/, /recipient limit/, /too many rcpt/];
export const MAILBOX_FULL = [/mailbox (is )?full/, /over ?quota/, /quota exceeded/, /exceeded (its|the|their) (storage|quota)/, /mail ?box.*full/, /out of storage/, /full mailbox/, /storage allocation/];
export const DISABLED = [/disabled/, /deactivated/, /suspended/, /inactive/, /no longer (active|in use|available)/, /account (has )?expired/, /account.*(closed|blocked for inactivity)/, /is not active/];
export const NO_MAILBOX = [
  /user ?unknown/, /unknown (user|recipient|local part|address|mailbox)/, /no such (user|recipient|mailbox|person|address|account)/,
  /recipient not found/, /user not found/, /address not found/, /mailbox not found/, /(does not|doesn't|does ?n[o']t) exist/, /not exist/,
  /invalid (recipient|mailbox|address|user)/, /mailbox unavailable/, /mailbox (is )?unavailable/, /recipnotfound/, /unrouteable address/,
  /no mailbox here/, /not our customer/, /(account|mailbox|address) (does not|doesn't) exist/, /doesn't have a .* account/, /address unknown/,
  /not a valid (recipient|mailbox|user|address)/, /bad destination mailbox/, /undeliverable address/, /recipient (address )?rejected: (user unknown|unknown)/,
  /no such local user/, /unknown or illegal alias/, /mailbox unknown/, /no mailbox by that name/, /recipient unknown/, /address (is )?(invalid|rejected)/,
  /unknown email address/, /not found in (the )?(directory|ldap|our|virtual)/, /user doesn't exist/, /invalid address/, /no longer valid/,
];
