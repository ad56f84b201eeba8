import { build } from 'esbuild';
import { esbuildBundleOptions } from '/work/wt/edges/infra/lib/bundling.ts';
const entries = process.argv.slice(2);
for (const file of entries) {
  const r = await build({ ...esbuildBundleOptions, mainFields: [...esbuildBundleOptions.mainFields], absWorkingDir: '/work/wt/edges', entryPoints: [file], outfile: `/tmp/measure-out/${file.replace(/\W/g,'_')}.mjs`, metafile: true, write: true, logLevel: 'error' });
  const out = Object.values(r.metafile.outputs)[0]!;
  const heavy: Record<string, number> = {};
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input); const k = m ? m[1]! : 'ours';
    heavy[k] = (heavy[k] ?? 0) + bytesInOutput;
  }
  const top = Object.entries(heavy).sort((a,b)=>b[1]-a[1]).slice(0,8).map(([k,v])=>`${k} ${(v/1024).toFixed(1)}`).join(', ');
  console.log(file, (out.bytes/1024).toFixed(1), 'KB |', top);
}
