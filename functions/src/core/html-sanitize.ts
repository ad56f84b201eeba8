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
 */

const remoteImageAttribute = 'data-remote-src';

const allowList = (() => {
  const list = getDefaultWhiteList();
  // Tables and basic layout are common in mail; no `style`, `class` or `id` anywhere.
  for (const tag of ['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']) {
    list[tag] = ['align', 'valign', 'colspan', 'rowspan', 'width'];
  }
  list.a = ['href', 'title', 'target', 'rel'];
  list.img = ['src', 'alt', 'title', 'width', 'height', remoteImageAttribute];
  list.p = ['dir'];
  list.div = ['dir'];
  list.span = ['dir'];
  return list;
})();

const isRemote = (url: string) => /^(?:https?:)?\/\//i.test(url.trim());

export interface SanitisedHtml {
  readonly html: string;
  /** It had remote images (now blocked until the reader allows them). */
  readonly remoteImages: boolean;
}

export const sanitizeMailHtml = (html: string): SanitisedHtml => {
  let remoteImages = false;
  const filter = new FilterXSS({
    whiteList: allowList,
    stripIgnoreTag: true,
    stripIgnoreTagBody: ['script', 'style', 'title', 'head', 'noscript', 'template'],
    css: false,
    onTagAttr(tag, name, value): string | undefined {
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
      return undefined;
    },
  });
  const clean = filter.process(html);
  return { html: clean, remoteImages };
};

/** The stored HTML with its remote images loading (the reader allowed them). */
export const withRemoteImages = (html: string): string =>
  html.replace(new RegExp(`<img([^>]*?) ${remoteImageAttribute}=`, 'g'), '<img$1 src=');

const entities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text part of sanitised HTML: block ends become line breaks, tags go, entities decode. */
export const htmlToText = (html: string): string =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return entities[name.toLowerCase()] ?? match;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
