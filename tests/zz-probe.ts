import { build } from 'esbuild';
import { esbuildBundleOptions } from '@orbit/infra/lib/bundling';
for (const f of process.argv.slice(2)) {
const r = await build({ ...esbuildBundleOptions, mainFields: [...esbuildBundleOptions.mainFields], entryPoints: [f], write: false, outfile: '/tmp/s3probe/out.js' });
console.log(f, r.outputFiles[0]!.contents.length);
}
