import { describe, expect, it } from 'vitest';

import { htmlToText, sanitizeMailHtml, withRemoteImages } from './sanitize';

describe('mail HTML sanitising', () => {
  it('drops scripts, event handlers, styles and unknown tags, keeping the text and the formatting', () => {
    const { html } = sanitizeMailHtml(
      '<p onclick="steal()" style="background:url(//x)">Hello <b>there</b><script>alert(1)</script></p><style>p{}</style><iframe src="//x"></iframe>',
    );
    expect(html).toBe('<p>Hello <b>there</b></p>');
  });

  it('blocks remote images until the reader allows them, and drops inline ones', () => {
    const result = sanitizeMailHtml(
      '<img src="https://tracker.example/p.gif" alt="logo"><img src="data:image/png;base64,AAA">',
    );
    expect(result.remoteImages).toBe(true);
    expect(result.html).not.toContain(' src=');
    expect(withRemoteImages(result.html)).toContain('src="https://tracker.example/p.gif"');
    expect(sanitizeMailHtml('<p>No images</p>').remoteImages).toBe(false);
  });

  it('refuses javascript: links and opens the others in a new tab without the opener', () => {
    expect(sanitizeMailHtml('<a href="javascript:alert(1)">x</a>').html).not.toContain('javascript');
    expect(sanitizeMailHtml('<a href="https://orbit.example/a" target="_self">x</a>').html).toBe(
      '<a href="https://orbit.example/a" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('does not let a sender smuggle a pre-blocked image in', () => {
    expect(withRemoteImages(sanitizeMailHtml('<img data-remote-src="https://x.example/a.png">').html)).not.toContain(
      'src=',
    );
  });

  it('makes the text part: lines per block, entities decoded', () => {
    expect(htmlToText('<p>Hi&nbsp;Ada &amp; Bob</p><ul><li>one</li><li>two</li></ul><p>L&#233;a<br>bye</p>')).toBe(
      'Hi Ada & Bob\n• one\n• two\nLéa\nbye',
    );
  });
});
