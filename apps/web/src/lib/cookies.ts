/** Reads one cookie the page may see (not HttpOnly ones), decoded; null when absent. */
export function readCookie(name: string, source: string = document.cookie): string | null {
  for (const pair of source.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    const raw = pair.slice(separator + 1).trim();
    // Servers URL-encode cookie values; a malformed escape is kept as sent rather than lost.
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}
