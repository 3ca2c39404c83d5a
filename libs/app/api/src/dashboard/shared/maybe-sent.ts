/** The answer to a request that mails a link: it must not say whether the address has an account. */
export const MAYBE_SENT = { accepted: true, message: 'If the address can be used, a message is on its way to it.' };
