import { build } from 'esbuild';
import { esbuildBundleOptions } from '../infra/lib/bundling.ts';
const r = await build({ ...esbuildBundleOptions, mainFields: [...esbuildBundleOptions.mainFields], absWorkingDir: '/work/wt/edges', entryPoints: [process.argv[2]!], outfile: '/tmp/measure-out/x.mjs', metafile: true, write: true, logLevel: 'error' });
const out = Object.values(r.metafile.outputs)[0]!;
for (const [input, { bytesInOutput }] of Object.entries(out.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput).filter(([i])=>i.includes(process.argv[3]!)).slice(0,25)) console.log((bytesInOutput/1024).toFixed(1), input);
