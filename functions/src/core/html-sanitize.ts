import * as xssModule from 'xss';

// xss is CommonJS whose exports Node's own ESM loader cannot list (tsx: `npm start`, the local
// SMTP listener): take them from the module object, which every loader and bundler provides.
const xss = (xssModule as unknown as { default?: typeof xssModule }).default ?? xssModule;
const { cssFilter, escapeAttrValue, FilterXSS, getDefaultWhiteList, safeAttrValue } = xss;

/**
 * Mail HTML as Orbit stores and shows it (docs/email.md): js-xss's allow-list of tags and
 * attributes (no scripts, no event handlers, no `style`: CSS can fetch remote resources),
 * links opening in a new tab without the opener, and remote images blocked. A remote image's
 * address moves to `data-remote-src` at store time, so the stored HTML never loads anything;
 * `withRemoteImages` puts it back when the reader allows them. js-xss costs ~20 KB of a bundle;
 * sanitize-html brings postcss and weighs ~300 KB on its own (the whole Lambda budget).
 *
 * Nothing else in a mail may fetch: no audio, video, embedded frames or objects, no `srcset`,
 * `poster` or `background` (each a tracking pixel past "remote images blocked"). Their tags go,
 * the text inside them stays.
 *
 * The work is linear in the input's length (docs/decisions.md, "Security: mail HTML in linear
 * time"): js-xss's own attribute parser rescans a tag's whole attribute text at every blank, so
 * one `<p a=1 a=1 …>` of 16 000 attributes held the event loop for 15 s. Attributes are read
 * here instead, in one pass, keeping the first of each allowed name (at most a handful per tag);
 * js-xss still finds the tags, drops the rest and makes every value safe. The input is cut at
 * `maxSanitisedInput` first.
 */

const remoteImageAttribute = 'data-remote-src';

/** More than any mail we store (a draft's HTML is at most 200 000 characters); what is past it is dropped. */
export const maxSanitisedInput = 1_000_000;

/** Tags that load something by themselves (or embed another document): never kept. */
const remoteMediaTags = [
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'object',
  'embed',
  'iframe',
  'frame',
  'frameset',
  'applet',
  'image',
  'input',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'bgsound',
] as const;

/** Attributes that load something, whatever tag carries them: never kept. */
const remoteMediaAttributes = ['src', 'srcset', 'poster', 'background', 'lowsrc', 'dynsrc', 'usemap', 'style'];

const allowList = (() => {
  const list: Record<string, string[]> = { ...getDefaultWhiteList() } as Record<string, string[]>;
  for (const tag of remoteMediaTags) delete list[tag];
  for (const [tag, attributes] of Object.entries(list))
    list[tag] = attributes.filter((name) => !remoteMediaAttributes.includes(name));
  // Tables and basic layout are common in mail; no `style`, `class` or `id` anywhere.
  for (const tag of ['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']) {
    list[tag] = ['align', 'valign', 'colspan', 'rowspan', 'width'];
  }
  list.a = ['href', 'title', 'target', 'rel'];
  // `src` only to move it aside (attributeHtml below): an image never loads from the stored HTML.
  list.img = ['src', 'alt', 'title', 'width', 'height', remoteImageAttribute];
  list.p = ['dir'];
  list.div = ['dir'];
  list.span = ['dir'];
  return list;
})();

const allowedAttributes = new Map(Object.entries(allowList).map(([tag, names]) => [tag, new Set(names)]));

const isRemote = (url: string) => /^(?:https?:)?\/\//i.test(url.trim());

/** HTML's blanks between attributes (js-xss finds a tag's name up to the first `\s`). */
const isBlank = (char: string | undefined) =>
  char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\f';

interface TagAttributes {
  readonly attributes: readonly { readonly name: string; readonly value: string }[];
  readonly selfClosing: boolean;
}

/**
 * The attributes of one tag as js-xss hands it over (`<p dir="rtl" …>`), read once from left to
 * right as HTML does (a name, then optionally `=` and a quoted or bare value); only the first of
 * each name in `wanted` is kept (HTML's rule for a repeated attribute too). Where the attributes
 * start and whether the tag closes itself follow js-xss (`getAttrs`).
 */
const readTagAttributes = (tagHtml: string, wanted: ReadonlySet<string>): TagAttributes => {
  const firstBlank = tagHtml.search(/\s/);
  if (firstBlank === -1) return { attributes: [], selfClosing: tagHtml[tagHtml.length - 2] === '/' };
  let text = tagHtml.slice(firstBlank + 1, -1).trim();
  const selfClosing = text.endsWith('/');
  if (selfClosing) text = text.slice(0, -1);
  const attributes: { name: string; value: string }[] = [];
  const seen = new Set<string>();
  const length = text.length;
  let at = 0;
  while (at < length) {
    while (at < length && (isBlank(text[at]) || text[at] === '/')) at += 1;
    if (at >= length) break;
    const nameStart = at;
    // A name runs to a blank, `/` or `=` (an `=` first is part of it, as in HTML).
    at += 1;
    while (at < length && !isBlank(text[at]) && text[at] !== '/' && text[at] !== '=') at += 1;
    const name = text.slice(nameStart, at).toLowerCase();
    while (at < length && isBlank(text[at])) at += 1;
    let value = '';
    if (text[at] === '=') {
      at += 1;
      while (at < length && isBlank(text[at])) at += 1;
      const quote = text[at];
      if (quote === '"' || quote === "'") {
        const end = text.indexOf(quote, at + 1);
        const stop = end === -1 ? length : end;
        value = text.slice(at + 1, stop);
        at = stop + 1;
      } else {
        const start = at;
        while (at < length && !isBlank(text[at])) at += 1;
        value = text.slice(start, at);
      }
    }
    if (wanted.has(name) && !seen.has(name)) {
      seen.add(name);
      attributes.push({ name, value });
    }
  }
  return { attributes, selfClosing };
};

export interface SanitisedHtml {
  readonly html: string;
  /** It had remote images (now blocked until the reader allows them). */
  readonly remoteImages: boolean;
}

export const sanitizeMailHtml = (html: string): SanitisedHtml => {
  let remoteImages = false;
  /** One allowed attribute as it is stored: `name="value"`, `name`, or nothing (''). */
  const attributeHtml = (tag: string, name: string, value: string): string => {
    if (tag === 'img' && name === remoteImageAttribute) return '';
    if (tag === 'img' && name === 'src') {
      if (isRemote(value)) {
        remoteImages = true;
        return `${remoteImageAttribute}="${escapeAttrValue(safeAttrValue(tag, 'src', value, cssFilter))}"`;
      }
      // Inline data images and cid: parts are not shown: only what the reader allows loads.
      return '';
    }
    if (tag === 'a' && (name === 'target' || name === 'rel')) return '';
    // Every link opens outside the app, without access to it.
    if (tag === 'a' && name === 'href') {
      const href = safeAttrValue(tag, name, value, cssFilter);
      return href ? `href="${escapeAttrValue(href)}" target="_blank" rel="noopener noreferrer nofollow"` : '';
    }
    // What js-xss does with an allowed attribute (safeAttrValue escapes the value).
    const safe = safeAttrValue(tag, name, value, cssFilter);
    return safe ? `${name}="${safe}"` : name;
  };
  const filter = new FilterXSS({
    whiteList: allowList,
    stripIgnoreTag: true,
    stripIgnoreTagBody: ['script', 'style', 'title', 'head', 'noscript', 'template'],
    css: false,
    // An allowed opening tag is rebuilt here, so that js-xss's quadratic attribute parser never runs.
    onTag(tag, tagHtml, info): string | undefined {
      if (!info.isWhite || info.isClosing) return undefined;
      const { attributes, selfClosing } = readTagAttributes(tagHtml, allowedAttributes.get(tag) ?? new Set());
      const kept = attributes.map(({ name, value }) => attributeHtml(tag, name, value)).filter(Boolean);
      return `<${tag}${kept.length > 0 ? ` ${kept.join(' ')}` : ''}${selfClosing ? ' /' : ''}>`;
    },
  });
  const clean = filter.process(html.length > maxSanitisedInput ? html.slice(0, maxSanitisedInput) : html);
  return { html: clean, remoteImages };
};

/** The stored HTML with its remote images loading (the reader allowed them). */
export const withRemoteImages = (html: string): string =>
  html.replace(new RegExp(`<img([^<>]*?) ${remoteImageAttribute}=`, 'g'), '<img$1 src=');

const entities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A numeric reference's character; one that names none (past U+10FFFF, a surrogate, NUL) reads as U+FFFD, as HTML does. */
const characterOf = (code: number): string =>
  code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';

/** A line without its trailing spaces and tabs (a loop: `/[ \t]+\n/` backtracks over every long run of blanks). */
const trimLineEnd = (line: string): string => {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1;
  return end === line.length ? line : line.slice(0, end);
};

/** The text part of sanitised HTML: block ends become line breaks, tags go, entities decode. */
export const htmlToText = (html: string): string =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)>/gi, '\n')
    // `[^<>]`, not `[^>]`: a run of `<` without a `>` would be read again from each of them.
    .replace(/<li[^<>]*>/gi, '• ')
    .replace(/<[^<>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
      if (!name.startsWith('#')) return entities[name.toLowerCase()] ?? match;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return characterOf(code);
    })
    .split('\n')
    .map(trimLineEnd)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
