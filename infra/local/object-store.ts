import type { Server } from 'node:http';
import { createRequire } from 'node:module';

import { ensurePrivateDirectory, restrictToOwner } from './data-dir';

/**
 * S3 on one machine: `@20minutes/s3rver`, the maintained fork of s3rver (the original's last
 * release is from 2021, on fast-xml-parser 3 and busboy 0.3; docs/decisions.md, "Avatars in
 * S3"), in this process, on 127.0.0.1, files in DATA_DIR/s3. It checks SigV4 signatures
 * (presigned URLs included) against the key pairs it knows: only the stack's own credentials,
 * the well-known default pair removed, so no other local process can read or write it
 * without the data directory's secret.
 */
export const localMediaBucket = 'orbit-media';

export interface LocalObjectStore {
  readonly endpoint: string;
  readonly environment: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

// The browser uploads from the app's origin (any port `npm start` was given): the signature,
// not the origin, is what lets a request in, as with the bucket's CORS rule in AWS.
const corsConfiguration = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** The parts of the (untyped, CommonJS) server the stack uses. */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  readonly httpServer?: Server;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  vhostBuckets: boolean;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;

const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver') as S3rverClass;
const accounts = require('@20minutes/s3rver/lib/models/account.js') as {
  DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void; revokeAccessKey(id: string): void };
};

export const startLocalObjectStore = async ({
  directory,
  credentials,
}: {
  directory: string;
  credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
}): Promise<LocalObjectStore> => {
  ensurePrivateDirectory(directory);
  accounts.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
  accounts.DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: localMediaBucket, configs: [corsConfiguration] }],
  });
  const { port } = await server.run();
  restrictToOwner(directory);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    environment: { AWS_ENDPOINT_URL_S3: endpoint, MEDIA_BUCKET: localMediaBucket },
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
      // The server writes with the process's umask; its 0700 directory keeps others out while it
      // runs, and what it wrote is made owner-only, as every file of DATA_DIR is, when it stops.
      restrictToOwner(directory);
    },
  };
};
