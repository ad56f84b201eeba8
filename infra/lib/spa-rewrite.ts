/**
 * CloudFront Function (viewer request) on the default behaviour only: a path whose last
 * segment has no file extension is an app route, so the shell (index.html) answers it and the
 * client router takes over. `/api/*` and `/ws` have their own behaviours and never reach it,
 * and a missing asset stays a 403/404 instead of HTML: a distribution-wide error rewrite would
 * turn API errors into 200 pages.
 *
 * cloudfront-js-2.0 runtime: plain functions, no modules.
 */
export const spaRewriteSource = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;
