/** Addresses as the checks compare them: an email in lower case, a phone number by its digits. */

/** Phone numbers compare by digits (and a leading +), whatever the formatting. */
export function normalisePhone(phone: string): string {
  const trimmed = phone.trim();
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/\D/g, '');
}

export function normaliseAddress(address: string): string {
  return address.includes('@') ? address.trim().toLowerCase() : normalisePhone(address);
}
