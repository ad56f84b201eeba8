import { createHash, createHmac } from 'node:crypto';

import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * The media bucket (avatars) through S3's REST API, signed with the SDK's own SigV4 signer
 * (`@smithy/signature-v4`, which every SDK client uses and the DynamoDB client already brings
 * into each bundle). `@aws-sdk/client-s3` with its presigner weighs 285 KB minified on its own,
 * against a 300 KB budget per function (measured; docs/decisions.md, "Avatars in S3"), and we
 * need four calls: presign a PUT, HEAD, GET and DELETE one object.
 *
 * Where: MEDIA_BUCKET names the bucket; in AWS the regional virtual-hosted endpoint, on one
 * machine `AWS_ENDPOINT_URL_S3` (the SDK's standard variable) with path-style addressing, as
 * the SDK's `forcePathStyle` does for a custom endpoint.
 */

type Env = Readonly<Record<string, string | undefined>>;

/** node:crypto's SHA-256 in the shape the signer takes (the SDK's `@smithy/hash-node`). */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBuffer(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

const toBuffer = (data: string | ArrayBuffer | ArrayBufferView): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

export interface ObjectLocation {
  readonly bucket: string;
  readonly endpoint: URL;
  readonly pathStyle: boolean;
  readonly region: string;
}

export const mediaLocation = (env: Env = process.env): ObjectLocation => {
  const bucket = env.MEDIA_BUCKET;
  if (!bucket) throw new Error('MEDIA_BUCKET is not set');
  const region = env.AWS_REGION ?? 'us-east-1';
  const custom = env.AWS_ENDPOINT_URL_S3;
  return custom
    ? { bucket, region, endpoint: new URL(custom), pathStyle: true }
    : { bucket, region, endpoint: new URL(`https://${bucket}.s3.${region}.amazonaws.com`), pathStyle: false };
};

/** Object keys are ours (ids and a fixed prefix): no character needs more than this. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

const objectUrl = (location: ObjectLocation, key: string): URL => {
  const base = location.endpoint.href.replace(/\/$/, '');
  return new URL(location.pathStyle ? `${base}/${location.bucket}/${encodeKey(key)}` : `${base}/${encodeKey(key)}`);
};

let signer: SignatureV4 | undefined;
const signerFor = (location: ObjectLocation): SignatureV4 =>
  (signer ??= new SignatureV4({
    service: 's3',
    region: location.region,
    credentials: defaultProvider(),
    sha256: Sha256,
    // S3 signs the path as sent (no double encoding).
    uriEscapePath: false,
    applyChecksum: false,
  }));

/** Tests and the local stack point the store elsewhere: forget the signer built for the old one. */
export const resetObjectStore = (): void => {
  signer = undefined;
};

interface SignableRequest {
  readonly method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  readonly url: URL;
  readonly headers: Record<string, string>;
}

const toHttpRequest = (request: SignableRequest) => ({
  method: request.method,
  protocol: request.url.protocol,
  hostname: request.url.hostname,
  ...(request.url.port ? { port: Number(request.url.port) } : {}),
  path: request.url.pathname,
  query: Object.fromEntries(request.url.searchParams),
  headers: { host: request.url.host, ...request.headers },
});

export interface PresignedUpload {
  /**
   * Relative to the app's origin (`/media/pending/…?X-Amz-…`): CloudFront (the local server on
   * one machine) passes it to the bucket's endpoint, the host the URL is signed for, so the
   * browser uploads to its own origin (no CSP or CORS exception).
   */
  readonly url: string;
  /** The headers the upload must carry exactly: they are part of the signature. */
  readonly headers: Readonly<Record<string, string>>;
  readonly expiresAt: string;
}

/**
 * A PUT URL for one object of exactly this type and size: Content-Type and Content-Length are
 * signed, so S3 refuses an upload of another type or length (SignatureDoesNotMatch).
 */
export const presignPut = async (
  key: string,
  {
    contentType,
    contentLength,
    expiresInSeconds,
  }: { contentType: string; contentLength: number; expiresInSeconds: number },
  location = mediaLocation(),
): Promise<PresignedUpload> => {
  const url = objectUrl(location, key);
  // The payload is the browser's: as S3's own presigner does, it is signed as UNSIGNED-PAYLOAD
  // (a header the signer reads for the payload hash, neither signed nor sent).
  const headers = {
    'content-type': contentType,
    'content-length': String(contentLength),
    'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
  };
  const signed = await signerFor(location).presign(toHttpRequest({ method: 'PUT', url, headers }), {
    expiresIn: expiresInSeconds,
    unhoistableHeaders: new Set(['content-type', 'content-length', 'x-amz-content-sha256']),
    unsignableHeaders: new Set(['x-amz-content-sha256']),
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  const query = new URLSearchParams(signed.query as Record<string, string>);
  return {
    url: `/${encodeKey(key)}?${query.toString()}`,
    headers: { 'Content-Type': contentType },
    expiresAt: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
  };
};

const send = async (request: SignableRequest, location: ObjectLocation, signal?: AbortSignal): Promise<Response> => {
  const signed = await signerFor(location).sign(
    toHttpRequest({ ...request, headers: { ...request.headers, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } }),
  );
  const headers = Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name !== 'host'));
  return fetch(request.url, { method: request.method, headers, ...(signal ? { signal } : {}) });
};

export interface ObjectHead {
  readonly contentType: string;
  readonly contentLength: number;
}

/** What S3 stored under the key, or undefined when there is nothing there. */
export const headObject = async (key: string, location = mediaLocation()): Promise<ObjectHead | undefined> => {
  const response = await send({ method: 'HEAD', url: objectUrl(location, key), headers: {} }, location);
  if (response.status === 404 || response.status === 403) return undefined;
  if (!response.ok) throw new Error(`S3 HEAD answered ${response.status}`);
  return {
    contentType: response.headers.get('content-type') ?? '',
    contentLength: Number(response.headers.get('content-length') ?? -1),
  };
};

export const deleteObject = async (key: string, location = mediaLocation()): Promise<void> => {
  const response = await send({ method: 'DELETE', url: objectUrl(location, key), headers: {} }, location);
  if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE answered ${response.status}`);
};

/** The object's bytes as S3 answers them (the local server's `/media/*`, as CloudFront does in AWS). */
export const getObject = (key: string, location = mediaLocation(), signal?: AbortSignal): Promise<Response> =>
  send({ method: 'GET', url: objectUrl(location, key), headers: {} }, location, signal);

/** A copy inside the bucket (type and metadata kept): a confirmed upload moves out of pending/. */
export const copyObject = async (from: string, to: string, location = mediaLocation()): Promise<void> => {
  const response = await send(
    {
      method: 'PUT',
      url: objectUrl(location, to),
      headers: { 'x-amz-copy-source': `/${location.bucket}/${encodeKey(from)}` },
    },
    location,
  );
  // S3 can answer 200 with an error in the body for a copy that failed late.
  const body = await response.text();
  if (!response.ok || body.includes('<Error>')) throw new Error(`S3 copy answered ${response.status}`);
};

/** An object written by the server itself (an inbound mail's attachment), with its type. */
export const putObject = async (
  key: string,
  body: Uint8Array,
  contentType: string,
  location = mediaLocation(),
): Promise<void> => {
  const url = objectUrl(location, key);
  const signed = await signerFor(location).sign(
    toHttpRequest({
      method: 'PUT',
      url,
      headers: {
        'content-type': contentType,
        'content-length': String(body.byteLength),
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      },
    }),
  );
  const headers = Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name !== 'host'));
  const response = await fetch(url, { method: 'PUT', headers, body: Buffer.from(body) });
  if (!response.ok) throw new Error(`S3 PUT answered ${response.status}`);
};

/**
 * The name a download is saved under, in plain ASCII: accents folded (é → e), anything else
 * outside letters, digits and `._- ,+&` becomes `_`, and a name with nothing left is `download`
 * with its extension. Not RFC 5987's `filename*=UTF-8''…`: its `*` and `'` are encoded one way
 * by S3 (RFC 3986) and another by the local S3 server (encodeURIComponent), so a signed URL
 * carrying them could not be tested on one machine (docs/decisions.md, "Attachment downloads").
 */
export const asciiFileName = (name: string): string => {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w.\- ,+&]/g, '_');
  const extension = /\.[a-z0-9]{1,8}$/i.exec(folded)?.[0] ?? '';
  return /[a-z0-9]/i.test(folded.slice(0, folded.length - extension.length)) ? folded : `download${extension}`;
};

/** A short-lived signed GET for one object (an attachment's download link). */
export const presignGet = async (
  key: string,
  { expiresInSeconds, fileName }: { expiresInSeconds: number; fileName?: string },
  location = mediaLocation(),
): Promise<string> => {
  const url = objectUrl(location, key);
  if (fileName)
    url.searchParams.set('response-content-disposition', `attachment; filename="${asciiFileName(fileName)}"`);
  // S3 checks a presigned URL against UNSIGNED-PAYLOAD, as presignPut signs it (a header the
  // signer reads for the payload hash, neither signed nor sent); the empty body's hash fails.
  const headers = { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' };
  const signed = await signerFor(location).presign(toHttpRequest({ method: 'GET', url, headers }), {
    expiresIn: expiresInSeconds,
    unhoistableHeaders: new Set(['x-amz-content-sha256']),
    unsignableHeaders: new Set(['x-amz-content-sha256']),
  });
  const signedUrl = new URL(url);
  signedUrl.search = new URLSearchParams(signed.query as Record<string, string>).toString();
  return signedUrl.href;
};
