/**
 * Stands in for the Brotli decoder fontkit needs only for WOFF2 fonts (infra/lib/bundling.ts):
 * the invoice's fonts are TrueType files, and the decoder with its dictionary is 475 KB of the
 * PDF function's bundle. Should a WOFF2 font ever be given, it fails loudly here.
 */
const decompress = (): never => {
  throw new Error('WOFF2 fonts are not supported in this bundle: give the PDF a TrueType font');
};

export default decompress;
