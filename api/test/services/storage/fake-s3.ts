import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, StoredObject>;
  requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

function xmlError(res: http.ServerResponse, status: number, code: string, head = false) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    head
      ? undefined
      : `<?xml version="1.0"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}

/**
 * Just enough of S3's path-style API for the storage tests: PUT, GET (Range), HEAD, DELETE of
 * objects, and HEAD of the bucket.
 */
export async function startFakeS3(bucket: string): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const requests: FakeS3['requests'] = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    // HeadBucket (the readiness probe): the bucket exists.
    if (bucketName === bucket && !key && req.method === 'HEAD') return res.writeHead(200).end();
    if (bucketName !== bucket || !key)
      return xmlError(res, 404, 'NoSuchBucket', req.method === 'HEAD');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const object = objects.get(key);
    switch (req.method) {
      case 'PUT':
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'] ?? 'application/octet-stream',
        });
        res.writeHead(200, { etag: '"fake"' });
        return res.end();
      case 'DELETE':
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      case 'HEAD':
        if (!object) return xmlError(res, 404, 'NotFound', true);
        res.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.body.length,
        });
        return res.end();
      case 'GET': {
        if (!object) return xmlError(res, 404, 'NoSuchKey');
        const size = object.body.length;
        const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
        if (range) {
          const start = Number(range[1]);
          const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
          if (start >= size) return xmlError(res, 416, 'InvalidRange');
          res.writeHead(206, {
            'content-type': object.contentType,
            'content-length': end - start + 1,
            'content-range': `bytes ${start}-${end}/${size}`,
          });
          return res.end(object.body.subarray(start, end + 1));
        }
        const disposition = url.searchParams.get('response-content-disposition');
        res.writeHead(200, {
          'content-type': object.contentType,
          'content-length': size,
          ...(disposition ? { 'content-disposition': disposition } : {}),
        });
        return res.end(object.body);
      }
      default:
        return xmlError(res, 405, 'MethodNotAllowed');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
