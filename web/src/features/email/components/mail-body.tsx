import Box from '@mui/material/Box';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A mail's HTML in a sandboxed iframe (docs/decisions.md, "Email: the mail body in a sandboxed
 * iframe"). The server sanitised it already (functions/src/email/sanitize.ts); the sandbox is the
 * second wall: no scripts, no forms, no top navigation, links open in a new tab. `allow-same-origin`
 * (without `allow-scripts` nothing in the frame runs) lets the page measure the content to size the
 * frame, so the mail scrolls with the page as one. The mail's own styles cannot reach the app's
 * and the app's cannot restyle the mail; it shows on white as its sender designed it.
 */
const documentOf = (html: string, dir: 'ltr' | 'rtl') =>
  `<!doctype html><html dir="${dir}"><head><meta charset="utf-8"><base target="_blank">` +
  '<style>html{color-scheme:light}body{margin:0;padding:16px;font:14px/1.6 system-ui,sans-serif;color:#2f2b3d;' +
  'background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}a{color:#5e50ee}' +
  'blockquote{margin:0 0 0 8px;padding-inline-start:8px;border-inline-start:2px solid #ccc}</style></head>' +
  `<body>${html}</body></html>`;

export const MailBody = ({ html, title, dir }: { html: string; title: string; dir: 'ltr' | 'rtl' }) => {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);
  const measure = useCallback(() => {
    const body = frame.current?.contentDocument?.documentElement;
    if (body) setHeight(Math.max(60, body.scrollHeight));
  }, []);
  useEffect(() => {
    const current = frame.current;
    if (!current) return undefined;
    // Images arriving late grow the content: measure again when the frame's size changes.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(current);
    return () => observer?.disconnect();
  }, [measure]);
  return (
    <Box sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <iframe
        ref={frame}
        title={title}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        srcDoc={documentOf(html, dir)}
        onLoad={() => {
          measure();
          const images = frame.current?.contentDocument?.images;
          for (const image of images ? Array.from(images) : []) image.addEventListener('load', measure);
        }}
        style={{ width: '100%', height, border: 0, display: 'block', background: '#fff' }}
        data-testid="email-body"
      />
    </Box>
  );
};
