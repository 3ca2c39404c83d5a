/**
 * Checks a form makes before sending, each answering a plain sentence (or null when the value is fine),
 * so the user is told in the form, next to the field, before the server would refuse it.
 */
export function checkKeyLabel(label: string): string | null {
  return label.trim() === '' ? 'Give the key a name, such as “CRM sync”.' : null;
}

export function checkWebhookUrl(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'Enter the address that should receive the events.';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full web address, such as https://example.com/hooks/mailcheck.';
  }
  if (url.protocol !== 'https:') return 'The address must start with https:// so the events travel encrypted.';
  if (url.username || url.password) return 'Leave the user name and password out of the address.';
  return null;
}
