// By path, not by package name: Vite loads its config with Node, which leaves packages unbundled
// and cannot run the contract's TypeScript; a relative import is bundled into the config instead.
import { THEME_BOOT_SCRIPT } from '../../../packages/contract/src/theme.ts';
import type { Plugin } from 'vite';

/**
 * Puts the colour theme's boot script first in every page's head, so `data-bs-theme` is set before
 * the stylesheet paints anything: a visitor in dark mode never sees a light frame. The text is the
 * contract's, byte for byte, because the server's CSP allows it by its hash.
 */
export function themeBoot(): Plugin {
  return {
    name: 'promptpair:theme-boot',
    transformIndexHtml: () => [{ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' }],
  };
}
