import { expect, it } from 'vitest';
import { presignUrl, sha256Hex, signHeaders } from './sigv4.ts';

// The worked examples of the S3 API reference ("Signature Calculations for the Authorization
// Header" and "Authenticating Requests: Using Query Parameters").
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const now = new Date(Date.UTC(2013, 4, 24));

it('signs the reference GET Object request', () => {
  const headers = signHeaders({
    method: 'GET',
    url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
    headers: { Range: 'bytes=0-9' },
    payloadHash: sha256Hex(''),
    credentials,
    now,
  });
  expect(headers.authorization).toBe(
    'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
      'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
      'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
  );
  expect(headers['x-amz-date']).toBe('20130524T000000Z');
});

it('signs the reference PUT Object request, encoding the key once', () => {
  const body = 'Welcome to Amazon S3.';
  const headers = signHeaders({
    method: 'PUT',
    url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
    headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
    payloadHash: sha256Hex(body),
    credentials,
    now,
  });
  expect(headers.authorization).toMatch(
    /Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/,
  );
});

it('presigns the reference GET URL', () => {
  const url = presignUrl({
    method: 'GET',
    url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
    expiresInSeconds: 86400,
    credentials,
    now,
  });
  expect(url.searchParams.get('X-Amz-Signature')).toBe(
    'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
  );
  expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
});
