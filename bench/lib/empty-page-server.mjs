// Serves an empty page with the headers and start page it is given (bench/lib/empty-page-floor.ts)
// on a free port, and prints the port.
import http from 'node:http';

const headers = JSON.parse(process.env.HEADERS ?? '{}');
const favicon = Buffer.from(process.env.FAVICON ?? '', 'base64');
const server = http.createServer((request, response) => {
  const isFavicon = request.url === '/favicon.svg';
  response.writeHead(200, {
    ...headers,
    'content-type': isFavicon ? 'image/svg+xml' : 'text/html; charset=utf-8',
  });
  response.end(isFavicon ? favicon : process.env.PAGE);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
