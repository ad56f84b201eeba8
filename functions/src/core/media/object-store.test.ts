import { describe, expect, it } from 'vitest';

import { mediaLocation, presignPut, resetObjectStore } from './object-store';

describe('the media object store', () => {
  it('addresses the bucket virtual-hosted in AWS and path-style at a custom endpoint', () => {
    expect(mediaLocation({ MEDIA_BUCKET: 'b', AWS_REGION: 'eu-west-1' }).endpoint.href).toBe(
      'https://b.s3.eu-west-1.amazonaws.com/',
    );
    expect(mediaLocation({ MEDIA_BUCKET: 'b', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000' })).toMatchObject({
      pathStyle: true,
      bucket: 'b',
    });
    expect(() => mediaLocation({})).toThrow(/MEDIA_BUCKET/);
  });

  it('presigns a PUT on the app origin whose type and length are signed', async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIDEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
    resetObjectStore();
    const location = mediaLocation({ MEDIA_BUCKET: 'b', AWS_REGION: 'eu-west-1' });
    const upload = await presignPut(
      'media/pending/u1/01JAAAAAAAAAAAAAAAAAAAAAAA',
      { contentType: 'image/webp', contentLength: 1234, expiresInSeconds: 300 },
      location,
    );
    const url = new URL(upload.url, 'https://app.example');
    expect(url.pathname).toBe('/media/pending/u1/01JAAAAAAAAAAAAAAAAAAAAAAA');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(upload.headers).toEqual({ 'Content-Type': 'image/webp' });
    resetObjectStore();
  });
});
