import { describe, expect, it } from 'vitest';
import { hiddenDestination, linkHostNote } from './link-host.ts';

describe('hiddenDestination', () => {
  it('names the real host when the text is the address of another', () => {
    expect(hiddenDestination('https://bank.example', 'https://evil.example')).toBe('evil.example');
    expect(hiddenDestination('bank.example', 'https://evil.example/login')).toBe('evil.example');
    expect(hiddenDestination('www.bank.example/login', 'http://bank.example.evil.example/')).toBe('bank.example.evil.example');
    expect(hiddenDestination('Log in at https://bank.example/login.', 'https://evil.example')).toBe('evil.example');
    expect(hiddenDestination('(support@bank.example)', 'mailto:thief@evil.example')).toBe('evil.example');
    expect(hiddenDestination('https://bank.example', 'mailto:support@evil.example?subject=hi')).toBe('evil.example');
  });

  it('writes an international host the way the address bar does, so look-alike letters show', () => {
    // The first "а" is Cyrillic.
    expect(hiddenDestination('https://example.com', 'https://exаmple.com')).toBe('xn--exmple-4nf.com');
    expect(hiddenDestination('https://exаmple.com', 'https://example.com')).toBe('example.com');
  });

  it('shows nothing extra when the text names the host the link leads to', () => {
    expect(hiddenDestination('https://bank.example', 'https://bank.example/account')).toBeNull();
    expect(hiddenDestination('bank.example', 'https://www.bank.example')).toBeNull();
    expect(hiddenDestination('BANK.example.', 'https://bank.example:8443/')).toBeNull();
    expect(hiddenDestination('support@bank.example', 'mailto:support@bank.example')).toBeNull();
  });

  it('shows nothing extra when the text names no address: it claims no destination', () => {
    for (const text of ['click here', 'the docs', 'e.g. this one', 'version 1.2.3', '[image: a cat]', '']) {
      expect(hiddenDestination(text, 'https://evil.example'), text).toBeNull();
    }
  });

  it('writes the host out as readable words', () => {
    expect(linkHostNote('evil.example')).toBe('(leads to evil.example)');
  });
});
