import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

/**
 * Writes a `.br` and a `.gz` beside every compressible file of the build, so the local server
 * sends the app compressed as CloudFront does (infra/local/static-files.ts picks one by
 * Accept-Encoding). The same lower bound as CloudFront: it leaves files under 1,000 bytes as they
 * are. These copies never reach the bucket (infra/lib/web.ts leaves them out), and source maps
 * are not compressed: they are not served in production.
 */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
const minCompressBytes = 1000;
/** Compresses every eligible file under `dir` in place (the Vite build's last step; tests call it too). */
export const precompressDirectory = async (dir: string): Promise<void> => {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < minCompressBytes) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
};
