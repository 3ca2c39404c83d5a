import { DomainFormatSource, type KnownAddressRecord } from '../finder.ports';
import { MAGIC_KNOWN_PERSON, magicDomainName } from './magic-domains';

/**
 * Test mode's record of earlier finds: nothing but the one person every `known-format.` domain has, so a
 * test lookup never learns from live finds and `known-format.` shows known_format_unverified.
 */
export class MagicDomainFormats extends DomainFormatSource {
  async knownAddresses(domain: string): Promise<KnownAddressRecord[]> {
    if (magicDomainName(domain) !== 'known-format') return [];
    const { firstName, lastName, localPart } = MAGIC_KNOWN_PERSON;
    return [{ email: `${localPart}@${domain}`, firstName, lastName }];
  }
}
