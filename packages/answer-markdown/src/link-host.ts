/*
 * Honest links: a link whose text names an address shows where it really leads when that is
 * another host, as `[https://bank.example](https://evil.example)` would otherwise read as the bank.
 * Hovering shows the address on a computer; a phone has no hover, so the host is written out.
 */

/** What the page writes after such a link's text, inside the link (so it is also in the link's name). */
export const linkHostNote = (host: string) => `(leads to ${host})`;

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const EMAIL = /^(?:mailto:)?[^\s@/:]+@([^\s@/?#]+)$/i;
/** A host name with a top-level domain of letters, optionally a port and a path: `bank.example`, `www.bank.example/login`. */
const BARE_HOST = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}\.?(?::\d+)?(?:[/?#]\S*)?$/u;

/** The host as URLs write it: lower case, international names in their ASCII (punycode) form, so look-alike letters show. */
function hostOf(address: string): string | null {
  try {
    const host = new URL(address).hostname;
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/** The host a word of link text names, or null when the word is no address. */
function hostNamedBy(word: string): string | null {
  const token = word.replace(/^[([{<"'“‘]+/, '').replace(/[)\]}>"'”’.,;:!?]+$/, '');
  if (SCHEME.test(token)) return hostOf(token);
  const email = EMAIL.exec(token);
  if (email) return BARE_HOST.test(email[1]!) ? hostOf(`http://${email[1]}`) : null;
  return BARE_HOST.test(token) ? hostOf(`http://${token}`) : null;
}

/** The host a link leads to: an http(s) address's host, or the domain a mailto address writes to. */
function destinationHost(href: string): string | null {
  if (/^mailto:/i.test(href)) {
    const domain = /@([^?@]+)(?:\?|$)/.exec(href.split(',')[0]!)?.[1];
    return domain ? hostOf(`http://${domain}`) : null;
  }
  return hostOf(href);
}

/** `www.bank.example` and `bank.example.` are bank.example. */
const sameSite = (a: string, b: string) => {
  const plain = (host: string) => host.replace(/\.$/, '').replace(/^www\./, '');
  return plain(a) === plain(b);
};

/**
 * The host to show beside a link, or null: when a word of its text is an address (a URL, an email
 * address or a bare host name) of another host than the one the link leads to. Text that names no
 * address shows nothing extra: it claims no destination, and the address is one hover away.
 */
export function hiddenDestination(text: string, href: string): string | null {
  const destination = destinationHost(href);
  if (destination === null) return null;
  const named = text.split(/\s+/).map(hostNamedBy);
  return named.some((host) => host !== null && !sameSite(host, destination)) ? destination : null;
}
