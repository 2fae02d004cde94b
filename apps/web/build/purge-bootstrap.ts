import { resolve } from 'node:path';
import { PurgeCSS } from 'purgecss';
import type { Plugin } from 'vite';

/**
 * Class families react-bootstrap composes at run time from a prefix and a prop (`variant="info"` →
 * `alert-info`, `lg={6}` → `col-lg-6`) or adds while a component animates (`fade`, `show`,
 * `collapsing`, `modal-open`): they never appear whole in our sources, so they are kept whole.
 */
const VARIANTS = 'primary|secondary|success|danger|warning|info|light|dark';
const COMPONENT_FAMILIES = [
  new RegExp(`^btn-(outline-)?(${VARIANTS}|link)$`),
  /^btn-(sm|lg|close)/,
  new RegExp(`^alert-(${VARIANTS}|dismissible|heading|link)$`),
  /^col(-|$)/,
  /^row-cols-/,
  /^spinner-/,
  /^modal/,
  /^table/,
  /^form-(control|select|check|switch|range|label|text)/,
  /^card(-(body|header|footer|title|subtitle|text|link))?$/,
  /^is-(in)?valid$/,
  /(in)?valid-(feedback|tooltip)$/,
];
const TRANSITION_STATES = ['fade', 'show', 'collapse', 'collapsing', 'collapse-horizontal'];
/**
 * Elements that text rendered at run time can contain (answers, for one): the base styles of
 * Bootstrap's reboot for them stay even when no source file names the tag.
 */
const CONTENT_ELEMENTS = [
  'html', 'body', 'main', 'header', 'footer', 'nav', 'section', 'article', 'aside', 'div', 'span',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'hr', 'br', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'figure', 'figcaption',
  'a', 'b', 'strong', 'i', 'em', 'small', 'mark', 'del', 's', 'ins', 'u', 'sub', 'sup', 'abbr', 'address', 'cite', 'q',
  'pre', 'code', 'kbd', 'samp', 'var', 'img', 'svg', 'picture', 'video', 'audio', 'canvas', 'iframe',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col',
  'form', 'fieldset', 'legend', 'label', 'input', 'button', 'select', 'optgroup', 'option', 'textarea', 'output', 'progress', 'meter',
  'details', 'summary', 'dialog', 'template', 'time',
];

/**
 * Bootstrap's stylesheet holds every component and utility (230 KB, 31 KB gzipped), and it blocks
 * the first paint. At build, keep only the rules whose classes appear in the web app's sources,
 * plus what react-bootstrap adds at run time and the element styles. Development keeps it whole.
 */
export function purgeBootstrap(): Plugin {
  let root = '';
  return {
    name: 'promptpair:purge-bootstrap',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (!/\/node_modules\/bootstrap\/dist\/css\/[^/]+\.css(\?|$)/.test(id)) return null;
      const [purged] = await new PurgeCSS().purge({
        content: [resolve(root, 'index.html'), resolve(root, 'src/**/*.{ts,tsx}')],
        skippedContentGlobs: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
        css: [{ raw: code }],
        safelist: { standard: [...COMPONENT_FAMILIES, ...TRANSITION_STATES, ...CONTENT_ELEMENTS] },
      });
      return { code: purged?.css ?? code, map: null };
    },
  };
}
