import { describe, expect, it } from 'vitest';
import { linkPageAssets, pageAssets, type WebManifest } from './page-assets.ts';

const MANIFEST: WebManifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_a-1.js': { file: 'assets/a-1.js', imports: ['_b-1.js', '_react-1.js'], css: ['assets/a-1.css'] },
  '_b-1.js': { file: 'assets/b-1.js', imports: ['_a-1.js'], css: ['assets/a-1.css'] },
  'src/page.tsx': { file: 'assets/page-1.js', imports: ['index.html', '_a-1.js'] },
};

describe('a lazily loaded page’s assets', () => {
  it('are its chunk, every chunk it imports (through cycles, once each) and their stylesheets', () => {
    expect(pageAssets(MANIFEST, 'src/page.tsx')).toEqual({
      scripts: ['/assets/page-1.js', '/assets/index-1.js', '/assets/react-1.js', '/assets/a-1.js', '/assets/b-1.js'],
      styles: ['/assets/index-1.css', '/assets/a-1.css'],
    });
    expect(pageAssets(MANIFEST, 'src/missing.tsx')).toEqual({ scripts: [], styles: [] });
  });

  it('are linked in the head unless the page links them already', () => {
    const html = '<head>\n<script type="module" src="/assets/index-1.js"></script>\n<link rel="stylesheet" href="/assets/index-1.css">\n</head><body></body>';
    const linked = linkPageAssets(html, pageAssets(MANIFEST, 'src/page.tsx'));
    expect(linked.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/page-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/a-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/b-1.js">',
    ]);
    expect(linked.match(/<link rel="stylesheet"[^>]*>/g)).toEqual(['<link rel="stylesheet" href="/assets/index-1.css">', '<link rel="stylesheet" crossorigin href="/assets/a-1.css">']);
    expect(linked.indexOf('a-1.css')).toBeLessThan(linked.indexOf('</head>'));
    expect(linkPageAssets(html, { scripts: ['/assets/index-1.js'], styles: [] })).toBe(html);
  });

  it('are linked as named, even a name a replacement string would expand', () => {
    const html = '<head><title>$1</title></head>';
    expect(linkPageAssets(html, { scripts: ["/assets/$&-$'.js"], styles: ['/assets/$`.css'] })).toBe(
      `<head><title>$1</title>  <link rel="modulepreload" crossorigin href="/assets/$&-$'.js">\n    <link rel="stylesheet" crossorigin href="/assets/$\`.css">\n  </head>`,
    );
  });
});
