import { describe, expect, it } from 'vitest';

import { htmlToText, maxSanitisedInput, sanitizeMailHtml } from './html-sanitize';

/** How long `work` takes, in milliseconds. */
const elapsed = (work: () => unknown): number => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

/** Ordinary mail of about `length` characters: the linear baseline on this machine, whatever its load. */
const ordinaryMail = (length: number) => '<p dir="ltr">Hello <b>there</b>, friend.</p>'.repeat(length / 40);

describe('mail HTML sanitising in linear time', () => {
  it('sanitises one tag of 16 000 or 64 000 attributes about as fast as ordinary mail of its length', () => {
    // js-xss rescans a tag's whole attribute text at every blank: 16 000 attributes took 15 s.
    for (const count of [16_000, 64_000]) {
      const worst = `<p ${'a=1 '.repeat(count)}>x</p>`;
      const baseline = elapsed(() => sanitizeMailHtml(ordinaryMail(worst.length)));
      let html = '';
      const took = elapsed(() => ({ html } = sanitizeMailHtml(worst)));
      expect(took, `${count} attributes`).toBeLessThan(10 * baseline + 100);
      expect(html).toBe('<p>x</p>');
    }
  });

  it('reads attributes as HTML does, keeping the first of a repeated name and only the allowed ones', () => {
    expect(sanitizeMailHtml('<p dir="rtl" dir="ltr" a=1 onclick="x()">x</p>').html).toBe('<p dir="rtl">x</p>');
    expect(sanitizeMailHtml("<P DIR = 'rtl' >x</P>").html).toBe('<p dir="rtl">x</p>');
    expect(sanitizeMailHtml('<td colspan=2 width="50%" bgcolor=red>x</td>').html).toBe(
      '<td colspan="2" width="50%">x</td>',
    );
    expect(sanitizeMailHtml('<img src=https://x.example/a.png alt="a &quot;b&quot; <c>"/>').html).toBe(
      '<img data-remote-src="https://x.example/a.png" alt="a &quot;b&quot; &lt;c&gt;" />',
    );
    expect(sanitizeMailHtml('<a title="one two" href="https://x.example/?a=1&amp;b=2">x</a>').html).toBe(
      '<a title="one two" href="https://x.example/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('reads no further than maxSanitisedInput characters', () => {
    const { html } = sanitizeMailHtml(`<p>${'a'.repeat(maxSanitisedInput)}<b>tail</b></p>`);
    expect(html).not.toContain('tail');
    expect(html.length).toBeLessThanOrEqual(maxSanitisedInput);
  });

  it('makes the text part in linear time, however long a run of blanks or of unclosed tags', () => {
    const blanks = `<p>a${' '.repeat(50_000)}\tb</p>`;
    const unclosed = '<li'.repeat(30_000);
    const baseline = elapsed(() => htmlToText(ordinaryMail(blanks.length + unclosed.length)));
    let text = '';
    // `/[ \t]+\n/` read the run again from each blank: 40 000 of them took 2.8 s.
    expect(elapsed(() => (text = htmlToText(blanks)))).toBeLessThan(10 * baseline + 100);
    expect(text).toBe(`a${' '.repeat(50_000)}\tb`);
    expect(elapsed(() => htmlToText(unclosed))).toBeLessThan(10 * baseline + 100);
    expect(htmlToText('<p>a  \t</p><p>b</p>')).toBe('a\nb');
  });

  it('reads a numeric reference that names no character as U+FFFD instead of failing', () => {
    expect(htmlToText('<p>a &#99999999; &#xD800; &#0; &#233;</p>')).toBe('a \uFFFD \uFFFD \uFFFD é');
  });
});

describe('no remote media', () => {
  const tracker = 't.example';
  const payloads = [
    '<video poster="https://t.example/p.gif" src="https://t.example/v.mp4" autoplay controls>fallback</video>',
    '<audio src="https://t.example/a.mp3" autoplay></audio>',
    '<video><source src="https://t.example/v.mp4" type="video/mp4"><track src="https://t.example/t.vtt"></video>',
    '<picture><source srcset="https://t.example/p.webp"><img src="https://t.example/p.png" alt="p"></picture>',
    '<img src="https://t.example/a.png" srcset="https://t.example/b.png 2x" loading="lazy">',
    '<img dynsrc="https://t.example/a.avi" lowsrc="https://t.example/l.png">',
    '<object data="https://t.example/o.swf"><param name="movie" value="https://t.example/o.swf"></object>',
    '<embed src="https://t.example/e.swf">',
    '<iframe src="https://t.example/f.html"></iframe>',
    '<table background="https://t.example/bg.png"><tr><td background="https://t.example/td.png">x</td></tr></table>',
    '<body background="https://t.example/b.png">x</body>',
    '<input type="image" src="https://t.example/i.png">',
    '<image src="https://t.example/i.png">',
    '<link rel="stylesheet" href="https://t.example/s.css">',
    '<svg><image href="https://t.example/s.png" xlink:href="https://t.example/s.png"/></svg>',
    '<div style="background:url(https://t.example/d.png)">x</div>',
    '<p style="background-image: url(&quot;https://t.example/p.png&quot;)">x</p>',
    '<style>@import url(https://t.example/s.css); p{background:url(https://t.example/p.png)}</style>',
    '<meta http-equiv="refresh" content="0;url=https://t.example/">',
    '<base href="https://t.example/">',
    '<bgsound src="https://t.example/s.wav">',
  ];

  it('keeps nothing that loads: no audio, video, frames, objects, srcset, poster, background or CSS', () => {
    for (const payload of payloads) {
      const { html } = sanitizeMailHtml(payload);
      // A remote image's address is only ever moved aside, to load when the reader allows it.
      const loading = html.replace(/ data-remote-src="[^"]*"/g, '');
      expect(loading, payload).not.toContain(tracker);
      expect(loading, payload).not.toMatch(
        /<(video|audio|source|track|picture|object|embed|iframe|input|link|svg|image)\b/i,
      );
      expect(loading, payload).not.toMatch(/\b(src|srcset|poster|background|style|autoplay)\b/i);
    }
  });

  it('keeps the fallback text of what it drops, and a picture’s image blocked like any other', () => {
    expect(sanitizeMailHtml('<video poster="https://t.example/p.gif">fallback</video>').html).toBe('fallback');
    const picture = sanitizeMailHtml(
      '<picture><source srcset="https://t.example/p.webp"><img src="https://t.example/p.png" alt="p"></picture>',
    );
    expect(picture).toEqual({ html: '<img data-remote-src="https://t.example/p.png" alt="p">', remoteImages: true });
  });
});
