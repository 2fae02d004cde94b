import { describe, expect, it } from 'vitest';
import { insertBeforeHeadEnd } from './html-head.ts';

describe('insertBeforeHeadEnd', () => {
  it('puts the markup before the first </head> exactly as written, replacement patterns included', () => {
    const markup = '<meta content="$& $` $\' $$ $1 $<x>">';
    expect(insertBeforeHeadEnd('<html><HEAD><title>t</title></HEAD><body>$1</body></html>', markup)).toBe(
      `<html><HEAD><title>t</title>${markup}</HEAD><body>$1</body></html>`,
    );
    expect(insertBeforeHeadEnd('<head></head><template></head></template>', 'x')).toBe('<head>x</head><template></head></template>');
  });

  it('leaves a page without a head end as it is', () => {
    expect(insertBeforeHeadEnd('<p>no head</p>', '<meta>')).toBe('<p>no head</p>');
  });
});
